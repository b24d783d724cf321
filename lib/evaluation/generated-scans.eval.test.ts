// Robustness by generation, image-only (issue 21 item 8): a seeded subset of the generated request forms
// (generated-intake.eval.test.ts reads all 200 from their text) rendered at 150 dpi and bound as an image-only PDF,
// read as the service reads a scan (readDocumentContent: text recognition in the reading worker). Recognition takes
// about 3 s a page on this 2-core machine, so the subset is the first two variants of each layout and the form page
// only (about 20 s); reported apart as "generated-scans/...".
//
//   npx vitest run lib/evaluation/generated-scans.eval.test.ts     (hold the shared lock: flock /tmp/pa-heavy.lock ...)
//   UPDATE_GOLDEN=1 ...                                              raise golden-generated-scans.json deliberately
import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { readDocumentContent } from "@/lib/documents/read-document-content";
import { imageOnlyPdf, renderPng } from "@/lib/documents/test-fixtures";
import { extractIntake } from "@/lib/intake/extract-intake";
import { LAYOUTS } from "./generated/generate-variant";
import { generatedVariants, labelOf } from "./generated/generated-cases";
import { renderVariantPdf } from "./generated/render-variant";
import { checkAgainstGolden } from "./golden-check";
import { intakeFigures, stageTable, type StageFigures } from "./stage-figures";
import { intakeOutcome, type IntakeOutcome } from "./stage-intake";
import { intakeLine } from "./stage-lines";

const GOLDEN_FILE = path.join(import.meta.dirname, "golden-generated-scans.json");
const SCALE = 150 / 72;

/** The form page alone of a variant's PDF. */
async function formPage(pdf: Uint8Array): Promise<Uint8Array> {
  const src = await PDFDocument.load(pdf);
  const out = await PDFDocument.create();
  const [page] = await out.copyPages(src, [0]);
  out.addPage(page);
  return out.save();
}

describe("intake on generated request forms, image-only", () => {
  const outcomes: IntakeOutcome[] = [];
  let figures: StageFigures;
  const subset = LAYOUTS.flatMap((layout) => generatedVariants().filter((v) => v.layout === layout).slice(0, 2));

  beforeAll(async () => {
    const t0 = performance.now();
    for (const v of subset) {
      const scan = await imageOnlyPdf([{ png: await renderPng(await formPage(await renderVariantPdf(v)), SCALE) }]);
      const content = await readDocumentContent(scan, "pdf", { contentType: "application/pdf" });
      const facts = extractIntake([{ id: v.id, name: `${v.id}.pdf`, contentType: "application/pdf", pages: content.pages }], { referenceYear: 2026 });
      outcomes.push(intakeOutcome({ key: v.id, source: "generated-scans", family: "all", layout: v.layout, facts, label: labelOf(v) }));
    }
    figures = intakeFigures(outcomes);
    console.log([`[evaluation] generated scans: ${outcomes.length} forms in ${((performance.now() - t0) / 1000).toFixed(1)} s`, stageTable("intake", figures), ...outcomes.map(intakeLine)].join("\n"));
  }, 600_000);

  it("reads two scanned forms of every layout", () => {
    expect(outcomes.map((o) => o.layoutGroup).sort()).toEqual(LAYOUTS.flatMap((l) => [`generated-scans/${l}`, `generated-scans/${l}`]).sort());
  });

  it("keeps every field figure at or above golden-generated-scans.json", () => {
    const golden = JSON.parse(fs.readFileSync(GOLDEN_FILE, "utf8")) as StageFigures;
    expect(checkAgainstGolden({ label: "generated scans", file: GOLDEN_FILE, now: figures, golden, updated: () => figures, unrecordedIsProblem: true })).toEqual([]);
  });
});
