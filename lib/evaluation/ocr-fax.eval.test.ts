// The fax evaluation (issue 13, "Done means"): an image-only fax of a request form with a clinic note gives the same
// intake as its text version. Forms of three layouts of our own (fixtures/fax-forms.ts) are read twice through the
// real reading worker and the real intake engine: from their text layer, and as a fax (the same pages as 200 dpi
// grey images bound in an image-only PDF, and as a black-and-white fine-resolution fax TIFF), read by text
// recognition. Each must agree on at least 90 % of the key fields its text version gives, and never less than
// lib/evaluation/golden-ocr.json records; a figure above it prints a hint to raise it deliberately
// (UPDATE_GOLDEN=1 npx vitest run lib/evaluation/ocr-fax.eval.test.ts).
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDocumentContent, type DocumentContent } from "@/lib/documents/read-document-content";
import { extractIntake } from "@/lib/intake/extract-intake";
import { fieldAgreement, keyValues, type Agreement } from "./fax-agreement";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { faxForms, imageOnlyFax, tiffFax } from "./fixtures/fax-forms";

const GOLDEN_FILE = path.join(import.meta.dirname, "golden-ocr.json");
const MIN_AGREEMENT = 0.9;
type Golden = Record<string, { fields: number; agreement: number }>;
const golden = JSON.parse(fs.readFileSync(GOLDEN_FILE, "utf8")) as Golden;
const measured: Golden = {};

// How the fax arrives: an image-only PDF of grey page images, or a black-and-white TIFF at fine resolution.
const DELIVERIES = [
  ["image-only PDF", (pdf: Uint8Array) => imageOnlyFax(pdf), "pdf", "application/pdf"],
  ["fine fax TIFF", (pdf: Uint8Array) => tiffFax(pdf, "fine"), "image", "image/tiff"],
] as const;

const sourceOf = (id: string, content: DocumentContent): SourceDocument => ({ id, name: `${id}.pdf`, contentType: "application/pdf", pages: content.pages });
const keyOf = (layout: string) => layout.split(":")[0].trim();
// Every layout as an image-only PDF; the boxed grid, the hardest to read, also as a fax TIFF (recognition is slow:
// the suite's time is spent where a drop is likeliest).
const CASES = faxForms().flatMap((form, i) =>
  DELIVERIES.filter((delivery) => delivery[0] === "image-only PDF" || i === faxForms().length - 1).map((delivery) => [`${keyOf(form.layout)} / ${delivery[0]}`, form, delivery] as const),
);

describe.each(CASES)("a request form with a note, %s", (key, form, [, makeFax, kind, contentType]) => {
  it("gives the same key fields from its fax as from its text", async () => {
    const pdf = await form.pdf();
    const fromText = await readDocumentContent(pdf, "pdf");
    const fromFax = await readDocumentContent(await makeFax(pdf), kind, { contentType });
    // The text version is read from its text layer, the fax only by recognition.
    expect(fromText.pages.map((p) => p.source ?? "text")).toEqual(["text", "text"]);
    expect(fromFax.pages.map((p) => p.source)).toEqual(["ocr", "ocr"]);
    expect(fromFax.warnings).toEqual([]);

    const text = keyValues(extractIntake([sourceOf("text", fromText)], { referenceYear: 2026 }));
    const read = keyValues(extractIntake([sourceOf("fax", fromFax)], { referenceYear: 2026 }));
    // The comparison means something only if the text version itself reads the form.
    expect(text).toMatchObject({ birthDate: expect.any(String), memberId: form.request.patient.memberId, npi: form.request.prescriber.npi, diagnosisCodes: form.request.icd10 });
    const agreement: Agreement = fieldAgreement(text, read);
    measured[key] = { fields: agreement.fields, agreement: agreement.share };
    console.log(`fax agreement, ${key}: ${agreement.same}/${agreement.fields} = ${agreement.share}${agreement.differences.length ? ` ${JSON.stringify(agreement.differences)}` : ""}`);
    expect(agreement.fields).toBeGreaterThanOrEqual(10);
    expect(agreement.share, JSON.stringify(agreement.differences)).toBeGreaterThanOrEqual(MIN_AGREEMENT);
    expect(golden[key], `no golden figure for ${key} in golden-ocr.json`).toBeDefined();
    expect(agreement.share, `dropped below golden-ocr.json: ${JSON.stringify(agreement.differences)}`).toBeGreaterThanOrEqual(golden[key].agreement);
    if (agreement.share > golden[key].agreement) console.log(`fax agreement of ${key} rose to ${agreement.share} (golden ${golden[key].agreement}): raise it deliberately with UPDATE_GOLDEN=1`);
  }, 180_000);
});

afterAll(() => {
  if (process.env.UPDATE_GOLDEN === "1" && Object.keys(measured).length === CASES.length) {
    fs.writeFileSync(GOLDEN_FILE, `${JSON.stringify(measured, null, 2)}\n`);
  }
});
