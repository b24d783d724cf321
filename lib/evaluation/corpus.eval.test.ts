// The engine evaluations inside the suite: the labelled cases of the development corpus (../shared/corpus, when
// present) and the fixtures of each policy family (`*.eval-fixture.ts` under lib/) run in-process through
// readPdf -> readPolicyDocument -> the section bound to the case's drug -> extractIntake -> evaluatePolicy -> decide.
// Fails when a figure drops below lib/evaluation/golden.json or a deny case is approved; a figure above its golden
// prints a hint to raise it deliberately (UPDATE_GOLDEN=1 npx vitest run lib/evaluation). Known failures are listed
// in lib/evaluation/known-failures.json with their reasons and printed on every run (a listed case that passes, or
// that no longer exists, fails the run: the list cannot go stale); EVALUATION_VERBOSE=1 prints the
// steps of every case.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { listCorpusCases } from "./corpus-cases";
import type { EvaluationFixture } from "./evaluation-fixture";
import { compareWithGolden, familyFigures, figuresTable, type Figures } from "./family-figures";
import { runEvaluation, type EvaluationInput, type EvaluationRun } from "./run-evaluation";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CORPUS = path.resolve(process.env.PA_CORPUS_DIR ?? path.join(ROOT, "..", "shared", "corpus"));
const GOLDEN_FILE = path.join(import.meta.dirname, "golden.json");
const KNOWN_FILE = path.join(import.meta.dirname, "known-failures.json");
const CORPUS_SOURCES = ["policy-cases", "policy-families"];
const corpusPresent = fs.existsSync(path.join(CORPUS, "policy-cases", "labels.json")) || fs.existsSync(path.join(CORPUS, "policy-families", "labels.json"));

function corpusInputs(): EvaluationInput[] {
  if (!corpusPresent) return [];
  return listCorpusCases(CORPUS).map((c) => ({
    testCase: c,
    policy: { id: c.policyFile, load: () => new Uint8Array(fs.readFileSync(c.policyFile)) },
    documents: c.files.map((f) => ({ id: f, load: () => new Uint8Array(fs.readFileSync(f)) })),
  }));
}

function fixtureFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : fixtureFiles(full);
    return e.name.endsWith(".eval-fixture.ts") ? [full] : [];
  });
}

async function fixtureInputs(): Promise<EvaluationInput[]> {
  const inputs: EvaluationInput[] = [];
  for (const file of fixtureFiles(path.join(ROOT, "lib")).sort()) {
    const mod = (await import(file)) as { evaluationFixtures?: EvaluationFixture[] };
    for (const fixture of mod.evaluationFixtures ?? []) {
      const policy = { id: `fixture:${fixture.name}`, load: fixture.policy };
      for (const c of fixture.cases) {
        let docs: Promise<Uint8Array[]> | null = null;
        const load = () => (docs ??= c.documents());
        const count = (await load()).length;
        inputs.push({
          testCase: { key: `fixtures/${fixture.name}/${c.name}`, group: `fixtures/${fixture.family}`, family: fixture.family, expected: c.expected, inDocument: c.inDocument, drug: c.drug, asOf: c.asOf, decidingCriterion: c.decidingCriterion ?? null, label: c.label ?? {} },
          policy,
          documents: Array.from({ length: count }, (_, i) => ({ id: `fixture:${fixture.name}/${c.name}/${i + 1}.pdf`, load: async () => (await load())[i] })),
        });
      }
    }
  }
  return inputs;
}

const readJson = <T,>(file: string, fallback: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : fallback);

describe("engine evaluation: corpus and family fixtures", () => {
  let run: EvaluationRun;
  let figures: Figures;
  const known = readJson<Record<string, string>>(KNOWN_FILE, {});

  beforeAll(async () => {
    if (!corpusPresent) console.warn(`[evaluation] corpus not found at ${CORPUS}: its figures are skipped (CI has it at ../shared/corpus)`);
    const t0 = performance.now();
    run = await runEvaluation([...corpusInputs(), ...(await fixtureInputs())]);
    figures = familyFigures(run.outcomes, run.quotes);
    const lines = run.outcomes.map((o) => {
      const ok = o.determinationAgrees && o.criterionAgrees;
      const steps = process.env.EVALUATION_VERBOSE === "1" ? o.stepLines.map((l) => `\n         ${l}`).join("") : "";
      const intake = o.intakeMismatches.map((m) => `\n         intake ${m}`).join("") + steps;
      return `  ${ok ? "agrees " : "differs"} ${o.key} (expected ${o.expected}): ${o.section ? `section "${o.section}"` : "no section"}; ${o.note}${!ok && known[o.key] ? `  [known: ${known[o.key]}]` : ""}${intake}`;
    });
    console.log(
      [
        `[evaluation] ${run.outcomes.length} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s (PDF reading ${(run.ms.pdf / 1000).toFixed(1)} s for ${run.ms.pdfFiles} files, ${run.ms.pdfPages} pages; policy reading ${(run.ms.policy / 1000).toFixed(1)} s; cases ${(run.ms.cases / 1000).toFixed(1)} s)`,
        figuresTable(figures),
        ...lines,
        ...run.errors.map((e) => `  ERROR ${e}`),
      ].join("\n"),
    );
  }, 300_000);

  it("reads and evaluates every case without an error", () => {
    expect(run.errors).toEqual([]);
  });

  it("approves no deny case", () => {
    expect(run.outcomes.filter((o) => o.falseApproval).map((o) => o.key)).toEqual([]);
  });

  it("lists every failing case in known-failures.json with a reason, and no case that passes or no longer exists", () => {
    const failing = run.outcomes.filter((o) => !(o.determinationAgrees && o.criterionAgrees)).map((o) => o.key);
    const unlisted = failing.filter((k) => !known[k]?.trim());
    // A listed case of a source this run read (fixtures always, the corpus when present) must exist and still fail:
    // the list cannot go stale, and a fixed case is counted in the figures instead.
    const ran = (key: string) => corpusPresent || !CORPUS_SOURCES.some((s) => key.startsWith(`${s}/`));
    const fixed = Object.keys(known).filter((k) => ran(k) && run.outcomes.some((o) => o.key === k) && !failing.includes(k));
    const gone = Object.keys(known).filter((k) => ran(k) && !run.outcomes.some((o) => o.key === k));
    if (fixed.length) console.log(`[evaluation] now passing, remove from known-failures.json: ${fixed.join(", ")}`);
    if (gone.length) console.log(`[evaluation] listed in known-failures.json but no such case: ${gone.join(", ")}`);
    if (unlisted.length) console.log(`[evaluation] failing but not listed in known-failures.json (with a reason): ${unlisted.join(", ")}`);
    expect({ unlisted, fixed, gone }).toEqual({ unlisted: [], fixed: [], gone: [] });
  });

  it("keeps every figure at or above its golden value", () => {
    const golden = readJson<Figures>(GOLDEN_FILE, {});
    const available = (group: string) => corpusPresent || !CORPUS_SOURCES.some((s) => group.startsWith(`${s}/`));
    const comparable = Object.fromEntries(Object.entries(golden).filter(([group]) => available(group)));
    if (process.env.UPDATE_GOLDEN === "1") {
      const next = { ...golden, ...figures };
      fs.writeFileSync(GOLDEN_FILE, `${JSON.stringify(next, null, 2)}\n`);
      console.log(`[evaluation] wrote ${path.relative(ROOT, GOLDEN_FILE)}: commit it with the reason the figures changed`);
      return;
    }
    const { drops, rises, unrecorded } = compareWithGolden(figures, comparable);
    if (rises.length) console.log(`[evaluation] better than golden (raise it deliberately: UPDATE_GOLDEN=1 npx vitest run lib/evaluation):\n  ${rises.join("\n  ")}`);
    if (unrecorded.length) console.log(`[evaluation] no golden figures yet for ${unrecorded.join(", ")}: record them with UPDATE_GOLDEN=1`);
    if (drops.length) console.log(`[evaluation] below golden:\n  ${drops.join("\n  ")}\n${figuresTable(figures)}`);
    expect(drops).toEqual([]);
  });
});
