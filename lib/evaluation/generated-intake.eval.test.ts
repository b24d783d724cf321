// Robustness by generation (issue 21 item 8): the intake read from 200 generated request PDFs (lib/evaluation/
// generated/: seeded, the same every run) of five layouts, varied label wordings, date formats, checkbox styles,
// wrapped values, side bars of other drugs, and a note, lab report and claims table beside the form. Fields are
// scored as stage (d) scores the corpus (stage-intake.ts), per field and per layout, and reported apart from the
// corpus and the team's fixtures: this is generated material. Nothing is cached between runs (~10 s).
//
//   npx vitest run lib/evaluation/generated-intake.eval.test.ts     (hold the shared lock: flock /tmp/pa-heavy.lock ...)
//   EVALUATION_VERBOSE=1 ...                                          every differing variant, with its traits
//   UPDATE_GOLDEN=1 ...                                               raise golden-generated.json deliberately
//
// A figure below golden-generated.json fails.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "@/lib/documents/read-pdf";
import { extractIntake } from "@/lib/intake/extract-intake";
import { generatedVariants, labelOf } from "./generated/generated-cases";
import { renderVariantPdf } from "./generated/render-variant";
import { checkAgainstGolden } from "./golden-check";
import { intakeFigures, stageTable, type StageFigures } from "./stage-figures";
import { intakeOutcome, type IntakeOutcome } from "./stage-intake";
import { intakeLine, intakePasses } from "./stage-lines";

const GOLDEN_FILE = path.join(import.meta.dirname, "golden-generated.json");
const VERBOSE = process.env.EVALUATION_VERBOSE === "1";

describe("intake on generated request documents (PDF)", () => {
  const outcomes: IntakeOutcome[] = [];
  const traits = new Map<string, string[]>();
  let figures: StageFigures;

  beforeAll(async () => {
    const t0 = performance.now();
    for (const v of generatedVariants()) {
      const { pages } = await readPdf(await renderVariantPdf(v));
      const facts = extractIntake([{ id: v.id, name: `${v.id}.pdf`, contentType: "application/pdf", pages }], { referenceYear: 2026 });
      outcomes.push(intakeOutcome({ key: v.id, source: "generated", family: "all", layout: v.layout, facts, label: labelOf(v) }));
      traits.set(v.id, v.traits);
    }
    figures = intakeFigures(outcomes);
    const differing = outcomes.filter((o) => !intakePasses(o));
    console.log(
      [
        `[evaluation] generated: ${outcomes.length} variants in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${differing.length} differ`,
        stageTable("intake", figures),
        ...(VERBOSE ? differing : differing.slice(0, 15)).map((o) => `${intakeLine(o)}  {${traits.get(o.key)?.join("; ")}}`),
      ].join("\n"),
    );
  }, 300_000);

  it("generates at least 200 variants of every layout, the same for the same seeds", async () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(200);
    expect(Object.keys(figures).filter((g) => g.startsWith("layout: ")).length).toBe(5);
    const [a, b] = [generatedVariants(3), generatedVariants(3)];
    expect(a).toEqual(b);
  });

  it("keeps every field figure at or above golden-generated.json", () => {
    const golden = JSON.parse(fs.readFileSync(GOLDEN_FILE, "utf8")) as StageFigures;
    expect(checkAgainstGolden({ label: "generated", file: GOLDEN_FILE, now: figures, golden, updated: () => figures, unrecordedIsProblem: true })).toEqual([]);
  });
});
