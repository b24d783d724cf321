// The fax evaluation (issue 13, "Done means"): an image-only fax of a request form with a clinic note gives the same
// intake as its text version. Forms of three layouts of our own (fixtures/fax-forms.ts) are read twice through the
// real reading worker and the real intake engine: from their text layer, and as the same pages rendered at 200 dpi
// and bound as an image-only PDF (read by text recognition). Each form must agree on at least 90 % of the key fields
// its text version gives, and never less than lib/evaluation/golden-ocr.json records; a figure above it prints a
// hint to raise it deliberately (UPDATE_GOLDEN=1 npx vitest run lib/evaluation/ocr-fax.eval.test.ts).
import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { readDocumentContent, type DocumentContent } from "@/lib/documents/read-document-content";
import { imageOnlyPdf, renderPng } from "@/lib/documents/test-fixtures";
import { extractIntake } from "@/lib/intake/extract-intake";
import type { SourceDocument } from "@/lib/intake/types";
import { fieldAgreement, keyValues, type Agreement } from "./fax-agreement";
import { faxForms } from "./fixtures/fax-forms";

const GOLDEN_FILE = path.join(import.meta.dirname, "golden-ocr.json");
const MIN_AGREEMENT = 0.9;
type Golden = Record<string, { fields: number; agreement: number }>;
const golden = JSON.parse(fs.readFileSync(GOLDEN_FILE, "utf8")) as Golden;
const measured: Golden = {};

/** The pages of `pdf` rendered to 200 dpi images and bound again as an image-only PDF, as a fax server sends them. */
async function faxOf(pdf: Uint8Array): Promise<Uint8Array> {
  const count = (await PDFDocument.load(pdf)).getPageCount();
  const pages = [];
  for (let i = 1; i <= count; i++) pages.push({ png: await renderPng(pdf, 200 / 72, i) });
  return imageOnlyPdf(pages);
}

const sourceOf = (id: string, content: DocumentContent): SourceDocument => ({ id, name: `${id}.pdf`, contentType: "application/pdf", pages: content.pages });
const keyOf = (layout: string) => layout.split(":")[0].trim();

describe.each(faxForms().map((form) => [keyOf(form.layout), form] as const))("a request form with a note, %s", (key, form) => {
  it("gives the same key fields from its image-only fax as from its text", async () => {
    const pdf = await form.pdf();
    const fax = await faxOf(pdf);
    const fromText = await readDocumentContent(pdf, "pdf");
    const fromFax = await readDocumentContent(fax, "pdf");
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
  if (process.env.UPDATE_GOLDEN === "1" && Object.keys(measured).length === faxForms().length) {
    fs.writeFileSync(GOLDEN_FILE, `${JSON.stringify(measured, null, 2)}\n`);
  }
});
