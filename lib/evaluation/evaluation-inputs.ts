// The inputs of the evaluation: the labelled cases of the development corpus (../shared/corpus, when present), their
// image-only copies (policy-families/_scans) and the team's own fixtures of each policy family (`*.eval-fixture.ts`
// under lib/), each as PDFs to read, with the published criteria document of its group when there is one.
import fs from "node:fs";
import path from "node:path";
import { listCorpusCases, listScanCases, type CorpusCase } from "./corpus-cases";
import type { EvaluationFixture } from "./evaluation-fixture";
import type { EvaluationInput } from "./run-evaluation";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const CORPUS = path.resolve(process.env.PA_CORPUS_DIR ?? path.join(ROOT, "..", "shared", "corpus"));
/** The corpus's sources (a group key starts with its source); absent corpus: their golden figures are not compared. */
export const CORPUS_SOURCES = ["policy-cases", "policy-families", "policy-families-scans"];
export const corpusPresent = fs.existsSync(path.join(CORPUS, "policy-cases", "labels.json")) || fs.existsSync(path.join(CORPUS, "policy-families", "labels.json"));
export const isCorpusKey = (key: string) => CORPUS_SOURCES.some((s) => key.startsWith(`${s}/`));

const inputOf = (c: CorpusCase, read: "text" | "recognise"): EvaluationInput => ({
  testCase: c,
  policy: { id: c.policyFile, load: () => new Uint8Array(fs.readFileSync(c.policyFile)) },
  documents: c.files.map((f) => ({ id: f, load: () => new Uint8Array(fs.readFileSync(f)), read })),
  ...(c.criteriaFile ? { published: { id: c.criteriaFile, load: () => fs.readFileSync(c.criteriaFile!, "utf8") } } : {}),
});

export function corpusInputs(): EvaluationInput[] {
  return corpusPresent ? listCorpusCases(CORPUS).map((c) => inputOf(c, "text")) : [];
}

/** The image-only copies: read by text recognition, as the service reads a scanned document. */
export function scanInputs(): EvaluationInput[] {
  return corpusPresent ? listScanCases(CORPUS).map((c) => inputOf(c, "recognise")) : [];
}

function fixtureFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : fixtureFiles(full);
    return e.name.endsWith(".eval-fixture.ts") ? [full] : [];
  });
}

export async function fixtureInputs(): Promise<EvaluationInput[]> {
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
          testCase: { key: `fixtures/${fixture.name}/${c.name}`, group: `fixtures/${fixture.family}`, family: fixture.family, expected: c.expected, inDocument: c.inDocument, drug: c.drug, asOf: c.asOf, decidingCriterion: c.decidingCriterion ?? null, label: c.label ?? {}, layout: fixture.name },
          policy,
          documents: Array.from({ length: count }, (_, i) => ({ id: `fixture:${fixture.name}/${c.name}/${i + 1}.pdf`, load: async () => (await load())[i] })),
        });
      }
    }
  }
  return inputs;
}

/**
 * EVALUATION_GROUP: only the cases whose key contains one of its comma-separated parts ("108", "109-ppi_b",
 * "fixtures/", "policy-families/10"); unset: every case.
 */
export function groupFilter(): ((key: string) => boolean) | null {
  const parts = (process.env.EVALUATION_GROUP ?? "").split(",").map((p) => p.trim()).filter(Boolean);
  return parts.length ? (key: string) => parts.some((p) => key.includes(p)) : null;
}

/** The stale-list rule of a known-failures list, over the items a run evaluated. */
export function knownFailureCheck(opts: { failing: readonly string[]; ran: readonly string[]; known: Record<string, string>; complete: boolean; covers: (key: string) => boolean }) {
  const { failing, ran, known } = opts;
  // A listed item that ran must still fail (a fixed one is counted in the figures instead); on a complete run of a
  // source, a listed item must exist: the list cannot go stale.
  const unlisted = failing.filter((k) => !known[k]?.trim());
  const fixed = Object.keys(known).filter((k) => ran.includes(k) && !failing.includes(k));
  const gone = opts.complete ? Object.keys(known).filter((k) => opts.covers(k) && !ran.includes(k)) : [];
  return { unlisted, fixed, gone };
}
