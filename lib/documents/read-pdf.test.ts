import { describe, expect, it } from "vitest";
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFPage } from "pdf-lib";
import { linesFromPieces, PdfReadError, readPdf } from "./read-pdf";

/** A FreeText annotation as a PDF viewer writes it when someone types on the page. */
function addFreeText(doc: PDFDocument, page: PDFPage, rect: [number, number, number, number], text: string, fill?: [number, number, number]) {
  const annot = doc.context.obj({
    Type: "Annot",
    Subtype: "FreeText",
    Rect: rect,
    Contents: PDFString.of(text),
    DA: PDFString.of("/Helv 10 Tf 0 0 0 rg"),
    ...(fill ? { C: fill } : {}),
  });
  const ref = doc.context.register(annot);
  const existing = page.node.lookup(PDFName.of("Annots"));
  if (existing) (existing as unknown as { push(r: unknown): void }).push(ref);
  else page.node.set(PDFName.of("Annots"), doc.context.obj([ref]));
}

async function twoColumnForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const draw = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 10, font });
  // The blank template: labels in two columns.
  draw("Member Name:", 40, 700);
  draw("Provider Name:", 320, 700);
  draw("Date of Birth:", 40, 680);
  draw("NPI#:", 320, 680);
  draw("Diagnosis: ____________________", 40, 640);
  // Values typed later, a few points below the label baseline (drawn after all labels, as in filled forms).
  draw("Jane Doe", 130, 696);
  draw("Dr. Maria Lopez", 410, 696);
  draw("04/17/2012", 130, 675.5);
  draw("1234567893", 360, 676);
  draw("Lennox-Gastaut syndrome", 60, 641);
  // Stale text that a white-out box hides, and a typed FreeText value on top of it.
  draw("01/01/1999", 40, 600);
  addFreeText(doc, page, [30, 590, 160, 615], "", [1, 1, 1]);
  addFreeText(doc, page, [320, 590, 480, 612], "Specialty: Neurology");
  return doc.save();
}

describe("readPdf", () => {
  it("keeps a label and its value on one line, columns separated", async () => {
    const pdf = await readPdf(await twoColumnForm());
    expect(pdf.pageCount).toBe(1);
    const lines = pdf.pages[0].text.split("\n");
    expect(lines).toContain("Member Name: | Jane Doe | Provider Name: | Dr. Maria Lopez");
    expect(lines).toContain("Date of Birth: | 04/17/2012 | NPI#: | 1234567893");
    // A value typed over a form's "____" rule is a cell of its own.
    expect(lines).toContain("Diagnosis: ____________________ | Lennox-Gastaut syndrome");
    // The layout has one [x0, x1] per cell of each line.
    const layout = pdf.pages[0].layout!;
    lines.forEach((line, i) => expect(layout.lines[i]).toHaveLength(line.split(" | ").length));
  });

  it("reads FreeText annotations and drops page text under a white-out box", async () => {
    const pdf = await readPdf(await twoColumnForm());
    expect(pdf.pages[0].text).toContain("Specialty: Neurology");
    expect(pdf.pages[0].text).not.toContain("01/01/1999");
  });

  it("reads only maxPages pages, with the real page count and a warning", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= 3; i++) doc.addPage([300, 300]).drawText(`Page ${i}`, { x: 20, y: 200, size: 12, font });
    const pdf = await readPdf(await doc.save(), { maxPages: 2 });
    expect(pdf.pageCount).toBe(3);
    expect(pdf.pages.map((p) => p.text)).toEqual(["Page 1", "Page 2"]);
    expect(pdf.truncated).toBe(true);
    expect(pdf.warnings[0]).toMatch(/first 2 of 3 pages/);
  });

  it("throws PdfReadError with a readable message for damaged, empty and page-less files", async () => {
    const corrupt = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis is not a pdf at all");
    await expect(readPdf(corrupt)).rejects.toBeInstanceOf(PdfReadError);
    await expect(readPdf(new TextEncoder().encode("hello"))).rejects.toThrow(/could not be read/);
    await expect(readPdf(new Uint8Array())).rejects.toThrow(/empty/);
    const noPages = await (await PDFDocument.create()).save({ addDefaultPage: false });
    await expect(readPdf(noPages)).rejects.toThrow(PdfReadError);
  });

  it("does not detach the caller's buffer", async () => {
    const bytes = await twoColumnForm();
    await readPdf(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
  });
});

describe("linesFromPieces", () => {
  it("groups by baseline, sorts by x and marks column gaps", () => {
    const lines = linesFromPieces([
      { x: 300, y: 100, width: 40, size: 10, str: "NPI:" },
      { x: 10, y: 100, width: 50, size: 10, str: "Name:" },
      { x: 75, y: 95.5, width: 40, size: 10, str: "Jane" },
      { x: 10, y: 80, width: 50, size: 10, str: "Next" },
    ]);
    expect(lines.map((l) => l.text)).toEqual(["Name: | Jane | NPI:", "Next"]);
  });
});
