// The engine evaluations inside the suite, stage by stage, on the labelled cases of the development corpus
// (../shared/corpus, when present: material written by others) and on the team's own fixtures of each policy family
// (`*.eval-fixture.ts` under lib/). Figures are reported per stage, per source and per family: a group key is
// "<source>/<family>" and sources (policy-families, policy-cases, fixtures) are never averaged together.
//
//   (a) reading    the policy PDF's section bound to the right drugs, and its criteria against the published criteria
//                  document (criteria/NNN.json): sentence recall and precision, check kinds (stage-reading.ts,
//                  sentence-match.ts says exactly how sentences are matched)
//   (b) published  each case decided with policy_payload = its criteria document (the API's path): labelled criteria
//                  and determination agreement, FALSE MET apart (must stay at golden: 0), step answers (stage-published.ts)
//   (c) end_to_end PDF -> section bound to the drug -> intake -> policy check -> determination (evaluate-case.ts);
//                  the image-only copies (_scans) in corpus-scans.eval.test.ts
//   (d) intake     fields per form layout (labels' payer_form; a fixture's name) and per family (stage-intake.ts)
//
// Commands (hold the shared lock for the whole corpus: flock /tmp/pa-heavy.lock <command>):
//   npx vitest run lib/evaluation/corpus.eval.test.ts                              every stage, every case (~2 min)
//   EVALUATION_STAGE=published npx vitest run lib/evaluation/corpus.eval.test.ts   one stage (or several: reading,end_to_end);
//                        published and intake read no policy PDF: a few seconds
//   EVALUATION_GROUP=108 npx vitest run lib/evaluation/corpus.eval.test.ts         the cases whose key contains 108
//                        (comma-separated parts: "109-ppi_b,111", "fixtures/"); golden figures and the stale list
//                        are then not compared, only printed
//   EVALUATION_VERBOSE=1 ...                                                       every item with its steps, sentences, kinds
//   UPDATE_GOLDEN=1 npx vitest run lib/evaluation/corpus.eval.test.ts              raise golden.json / golden-stages.json
//                        deliberately (a complete run only), commit with the reason
//   npx vitest run lib/evaluation/corpus-scans.eval.test.ts                        the _scans copies through text recognition
//
// A figure below its golden value fails (golden.json: end to end; golden-stages.json: the other stages), as does a
// false met or a false approval above golden. Failing items are listed with their reasons: known-failures.json (end
// to end) and known-failures-stages.json (per stage); a listed item that passes, or no longer exists, fails the run.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CORPUS, corpusInputs, corpusPresent, fixtureInputs, groupFilter, isCorpusKey, knownFailureCheck } from "./evaluation-inputs";
import { familyFigures, figuresTable, type Figures } from "./family-figures";
import { RUN_STAGES, runEvaluation, type EvaluationRun, type RunStage } from "./run-evaluation";
import { checkAgainstGolden } from "./golden-check";
import { intakeFigures, publishedFigures, readingFigures, stageTable, type StageFigures, type StageName, type StagesFigures } from "./stage-figures";
import { intakeLine, intakePasses, publishedLine, publishedPasses, readingLine, reasonOf } from "./stage-lines";
import { readingPasses } from "./stage-reading";

const GOLDEN_FILE = path.join(import.meta.dirname, "golden.json");
const GOLDEN_STAGES_FILE = path.join(import.meta.dirname, "golden-stages.json");
const KNOWN_FILE = path.join(import.meta.dirname, "known-failures.json");
const KNOWN_STAGES_FILE = path.join(import.meta.dirname, "known-failures-stages.json");
const VERBOSE = process.env.EVALUATION_VERBOSE === "1";
const stageParts = (process.env.EVALUATION_STAGE ?? "").split(",").map((s) => s.trim()).filter(Boolean);
const unknownStages = stageParts.filter((s) => !RUN_STAGES.includes(s as RunStage));
const STAGES: RunStage[] = stageParts.length ? (stageParts.filter((s) => RUN_STAGES.includes(s as RunStage)) as RunStage[]) : RUN_STAGES;
const filter = groupFilter();
/** Golden figures and the stale list are compared only on a run of every case. */
const complete = filter === null;
const runs = (stage: RunStage) => STAGES.includes(stage);

const readJson = <T,>(file: string, fallback: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : fallback);
/** Golden groups of sources this run read (fixtures always, the corpus when present). */
const available = <T,>(golden: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(golden).filter(([group]) => corpusPresent || !isCorpusKey(group.replace(/^(family|layout): /, ""))));

describe("engine evaluation: corpus and family fixtures, stage by stage", () => {
  let run: EvaluationRun;
  let figures: Figures;
  const stageFigures: StagesFigures = {};
  const known = readJson<Record<string, string>>(KNOWN_FILE, {});
  const knownStages = readJson<Partial<Record<StageName, Record<string, string>>>>(KNOWN_STAGES_FILE, {});
  const goldenStages = readJson<StagesFigures>(GOLDEN_STAGES_FILE, {});

  beforeAll(async () => {
    if (unknownStages.length) throw new Error(`EVALUATION_STAGE: no stage ${unknownStages.join(", ")} (stages: ${RUN_STAGES.join(", ")})`);
    if (!corpusPresent) console.warn(`[evaluation] corpus not found at ${CORPUS}: its figures are skipped (CI has it at ../shared/corpus)`);
    const t0 = performance.now();
    const inputs = [...corpusInputs(), ...(await fixtureInputs())].filter((i) => !filter || filter(i.testCase.key));
    run = await runEvaluation(inputs, { stages: STAGES });
    figures = familyFigures(run.outcomes, run.quotes);
    if (runs("reading")) stageFigures.reading = readingFigures(run.reading);
    if (runs("published")) stageFigures.published = publishedFigures(run.published);
    if (runs("intake")) stageFigures.intake = intakeFigures(run.intake);
    const out = [
      `[evaluation] ${inputs.length} cases, stages ${STAGES.join(", ")}${filter ? ` (EVALUATION_GROUP=${process.env.EVALUATION_GROUP})` : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s (PDF reading ${(run.ms.pdf / 1000).toFixed(1)} s for ${run.ms.pdfFiles} files, ${run.ms.pdfPages} pages; policy reading ${(run.ms.policy / 1000).toFixed(1)} s; cases ${(run.ms.cases / 1000).toFixed(1)} s)`,
    ];
    if (runs("reading")) out.push("", "(a) reading the policy, against the published criteria documents", stageTable("reading", stageFigures.reading!), ...run.reading.map((o) => readingLine(o, VERBOSE)));
    if (runs("published")) out.push("", "(b) deciding with the published criteria (policy_payload = criteria/NNN.json)", stageTable("published", stageFigures.published!), ...run.published.map((o) => publishedLine(o, VERBOSE)));
    if (runs("end_to_end")) {
      const lines = run.outcomes.map((o) => {
        const ok = o.determinationAgrees && o.criterionAgrees;
        const steps = VERBOSE ? o.stepLines.map((l) => `\n         ${l}`).join("") : "";
        const intake = o.intakeMismatches.map((m) => `\n         intake ${m}`).join("") + steps;
        return `  ${ok ? "agrees " : "differs"} ${o.key} (expected ${o.expected}): ${o.section ? `section "${o.section}"` : "no section"}; ${o.note}${!ok && known[o.key] ? `  [known: ${known[o.key]}]` : ""}${intake}`;
      });
      out.push("", "(c) end to end from the PDF", figuresTable(figures), ...lines);
    }
    if (runs("intake")) out.push("", "(d) intake fields per family and per form layout", stageTable("intake", stageFigures.intake!), ...run.intake.filter((o) => VERBOSE || !intakePasses(o)).map(intakeLine));
    out.push(...run.errors.map((e) => `  ERROR ${e}`));
    console.log(out.join("\n"));
  }, 600_000);

  it("reads and evaluates every case without an error", () => {
    expect(run.errors).toEqual([]);
  });

  it.runIf(runs("end_to_end"))("(c) approves no deny case", () => {
    expect(run.outcomes.filter((o) => o.falseApproval).map((o) => o.key)).toEqual([]);
  });

  it.runIf(runs("end_to_end"))("(c) lists every failing case in known-failures.json with a reason, and no case that passes or no longer exists", () => {
    const failing = run.outcomes.filter((o) => !(o.determinationAgrees && o.criterionAgrees)).map((o) => o.key);
    const ran = run.outcomes.map((o) => o.key);
    const check = knownFailureCheck({ failing, ran, known, complete, covers: (k) => corpusPresent || !isCorpusKey(k) });
    report("known-failures.json", check, Object.fromEntries(check.unlisted.map((k) => [k, run.outcomes.find((o) => o.key === k)?.note ?? ""])));
    expect(check).toEqual({ unlisted: [], fixed: [], gone: [] });
  });

  it.runIf(runs("end_to_end"))("(c) keeps every end-to-end figure at or above its golden value", () => {
    if (!complete) return console.log("[evaluation] filtered run: golden.json not compared");
    const golden = readJson<Figures>(GOLDEN_FILE, {});
    const problems = checkAgainstGolden({ label: "end_to_end", file: GOLDEN_FILE, now: figures, golden: available(golden), updated: () => ({ ...golden, ...figures }) });
    if (problems.length) console.log(`[evaluation] below golden:\n  ${problems.join("\n  ")}\n${figuresTable(figures)}`);
    expect(problems).toEqual([]);
  });

  // Checked on every run, filtered or not: a group without golden figures must have none.
  it.runIf(runs("published"))("(b) answers met no more labelled not-met criteria (false met) and approves no more deny cases than golden", () => {
    const golden = goldenStages.published ?? {};
    const over = Object.entries(stageFigures.published!).flatMap(([group, f]) =>
      (["false_met", "false_approvals"] as const).filter((name) => f[name] > (golden[group]?.[name] ?? 0)).map((name) => `${group}: ${name} ${f[name]}, golden ${golden[group]?.[name] ?? 0}`),
    );
    const falseMet = run.published.flatMap((o) => [...o.criteria.filter((c) => c.falseMet).map((c) => `false met ${o.key}: ${c.text.slice(0, 80)}`), ...(o.falseApproval ? [`false approval ${o.key}`] : [])]);
    if (falseMet.length) console.log(`[evaluation] (b) ${falseMet.join("\n  ")}`);
    expect(over).toEqual([]);
  });

  const stageItems = {
    reading: () => run.reading.map((o) => ({ key: o.key, passes: readingPasses(o), reason: reasonOf.reading(o) })),
    published: () => run.published.map((o) => ({ key: o.key, passes: publishedPasses(o), reason: reasonOf.published(o) })),
    intake: () => run.intake.map((o) => ({ key: o.key, passes: intakePasses(o), reason: reasonOf.intake(o) })),
  } as const;

  describe.each(["reading", "published", "intake"] as const)("stage %s", (stage) => {
    it.runIf(runs(stage))("lists every failing item in known-failures-stages.json with a reason, and none that passes or no longer exists", () => {
      const items = stageItems[stage]();
      const listed = knownStages[stage] ?? {};
      const failing = items.filter((i) => !i.passes).map((i) => i.key);
      const check = knownFailureCheck({ failing, ran: items.map((i) => i.key), known: listed, complete, covers: (k) => corpusPresent || !isCorpusKey(k) });
      report(`known-failures-stages.json "${stage}"`, check, Object.fromEntries(items.filter((i) => check.unlisted.includes(i.key)).map((i) => [i.key, i.reason])));
      expect(check).toEqual({ unlisted: [], fixed: [], gone: [] });
    });

    it.runIf(runs(stage))("keeps every figure at or above its golden value", () => {
      if (!complete) return console.log(`[evaluation] filtered run: golden-stages.json "${stage}" not compared`);
      const now = stageFigures[stage] as StageFigures;
      const updated = () => {
        const current = readJson<StagesFigures>(GOLDEN_STAGES_FILE, {});
        return { ...current, [stage]: { ...current[stage], ...now } };
      };
      expect(checkAgainstGolden({ label: stage, file: GOLDEN_STAGES_FILE, now, golden: available(goldenStages[stage] ?? {}), updated })).toEqual([]);
    });
  });
});

function report(list: string, check: { unlisted: string[]; fixed: string[]; gone: string[] }, reasons: Record<string, string>) {
  if (check.fixed.length) console.log(`[evaluation] now passing, remove from ${list}: ${check.fixed.join(", ")}`);
  if (check.gone.length) console.log(`[evaluation] listed in ${list} but no such item: ${check.gone.join(", ")}`);
  if (check.unlisted.length) console.log(`[evaluation] failing but not listed in ${list} (with a reason):\n${JSON.stringify(reasons, null, 2)}`);
}
