// A generated variant (generate-variant.ts) drawn as a PDF with pdf-lib, as clinics and payers' forms print it:
// the request form in its layout (label left of its value, above it, inside a box, two columns, or a ruled table;
// long values wrapped), then a clinic note, a lab report and a claims table when the variant has them.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { FormField, GeneratedVariant } from "./generate-variant";
import { wrapText } from "../fixtures/case-documents";

type Fonts = { regular: PDFFont; bold: PDFFont };
const PAGE: [number, number] = [612, 792];
const SIZE = 10;
const GREY = rgb(0.35, 0.35, 0.35);

const labelText = (f: FormField) => (f.colon ? `${f.label}:` : f.label);

/** Draws lines of text from (x, y) down; returns the y below them. */
function lines(page: PDFPage, texts: string[], x: number, y: number, font: PDFFont, size = SIZE): number {
  texts.forEach((t, i) => page.drawText(t, { x, y: y - i * (size + 3), size, font }));
  return y - texts.length * (size + 3);
}

/** "Label: value" at the left, values at one column; a long value wraps under itself. */
function labelLeft(page: PDFPage, fields: FormField[], x: number, y: number, width: number, { regular, bold }: Fonts): number {
  const valueX = x + Math.min(170, Math.max(...fields.map((f) => bold.widthOfTextAtSize(labelText(f), SIZE))) + 10);
  for (const f of fields) {
    page.drawText(labelText(f), { x, y, size: SIZE, font: bold });
    y = lines(page, wrapText(f.value, regular, SIZE, x + width - valueX), valueX, y, regular) - 5;
  }
  return y;
}

/** Cells of a grid, the label small above its value (optionally inside a drawn box). */
function grid(page: PDFPage, fields: FormField[], x: number, y: number, width: number, { regular, bold }: Fonts, boxed: boolean): number {
  const perRow = 2;
  const cellW = width / perRow;
  for (let i = 0; i < fields.length; i += perRow) {
    const row = fields.slice(i, i + perRow);
    const wrapped = row.map((f) => wrapText(f.value, regular, SIZE, cellW - 12));
    const height = 14 + Math.max(...wrapped.map((w) => w.length)) * (SIZE + 3) + 6;
    row.forEach((f, k) => {
      const cx = x + k * cellW;
      if (boxed) page.drawRectangle({ x: cx, y: y - height + 10, width: cellW - 4, height, borderColor: GREY, borderWidth: 0.8 });
      page.drawText(labelText(f), { x: cx + 4, y: y, size: 7.5, font: bold, color: GREY });
      lines(page, wrapped[k], cx + 4, y - 14, regular);
    });
    y -= height + 6;
  }
  return y;
}

/** A ruled table of label | value | label | value rows. */
function table(page: PDFPage, fields: FormField[], x: number, y: number, width: number, { regular, bold }: Fonts): number {
  const cols = [0.2, 0.3, 0.2, 0.3].map((w) => w * width);
  const starts = cols.map((_, i) => x + cols.slice(0, i).reduce((a, b) => a + b, 0));
  for (let i = 0; i < fields.length; i += 2) {
    const row = fields.slice(i, i + 2);
    const cells = row.flatMap((f) => [wrapText(labelText(f), bold, SIZE - 1, cols[0] - 6), wrapText(f.value, regular, SIZE, cols[1] - 6)]);
    const height = Math.max(...cells.map((c) => c.length)) * (SIZE + 3) + 6;
    page.drawLine({ start: { x, y: y + SIZE + 3 }, end: { x: x + width, y: y + SIZE + 3 }, thickness: 0.6, color: GREY });
    for (const sx of [...starts, x + width]) page.drawLine({ start: { x: sx, y: y + SIZE + 3 }, end: { x: sx, y: y + SIZE + 3 - height }, thickness: 0.6, color: GREY });
    cells.forEach((c, k) => lines(page, c, starts[k] + 3, y, k % 2 ? regular : bold, k % 2 ? SIZE : SIZE - 1));
    y -= height;
  }
  page.drawLine({ start: { x, y: y + SIZE + 3 }, end: { x: x + width, y: y + SIZE + 3 }, thickness: 0.6, color: GREY });
  return y - 8;
}

function drawForm(page: PDFPage, v: GeneratedVariant, fonts: Fonts) {
  const { bold, regular } = fonts;
  const left = 40;
  const width = v.sideBar ? 400 : 532;
  page.drawText(v.title, { x: left, y: 750, size: 14, font: bold });
  let y = 720;
  if (v.sideBar) {
    page.drawRectangle({ x: 455, y: 480, width: 120, height: 240, borderColor: GREY, borderWidth: 0.8 });
    lines(page, v.sideBar.flatMap((t) => wrapText(t, regular, 8, 108)), 461, 708, regular, 8);
  }
  const heading = (text: string) => {
    page.drawText(text, { x: left, y, size: 11, font: bold });
    y -= 18;
  };
  if (v.layout === "two-column") {
    // Patient left, prescriber right, side by side; the medication below across the page.
    const half = width / 2 - 8;
    page.drawText(v.sections[0].heading, { x: left, y, size: 11, font: bold });
    page.drawText(v.sections[1].heading, { x: left + half + 16, y, size: 11, font: bold });
    y -= 18;
    y = Math.min(labelLeft(page, v.sections[0].fields, left, y, half, fonts), labelLeft(page, v.sections[1].fields, left + half + 16, y, half, fonts)) - 8;
    heading(v.sections[2].heading);
    labelLeft(page, v.sections[2].fields, left, y, width, fonts);
    return;
  }
  for (const section of v.sections) {
    heading(section.heading);
    if (v.layout === "label-left") y = labelLeft(page, section.fields, left, y, width, fonts) - 8;
    else if (v.layout === "table") y = table(page, section.fields, left, y, width, fonts) - 4;
    else y = grid(page, section.fields, left, y, width, fonts, v.layout === "boxed") - 4;
  }
}

function drawNote(page: PDFPage, v: GeneratedVariant, { regular, bold }: Fonts) {
  page.drawText(v.note.header, { x: 50, y: 740, size: 12, font: bold });
  let y = 712;
  for (const p of v.note.paragraphs) y = lines(page, wrapText(p, regular, 11, 510), 50, y, regular, 11) - 10;
}

function drawRows(page: PDFPage, title: string, head: string[], rows: string[][], { regular, bold }: Fonts) {
  page.drawText(title, { x: 50, y: 740, size: 12, font: bold });
  const widths = head.length === 5 ? [80, 200, 60, 80, 80] : [90, 160, 80, 80];
  const xs = widths.map((_, i) => 50 + widths.slice(0, i).reduce((a, b) => a + b, 0));
  head.forEach((h, i) => page.drawText(h, { x: xs[i], y: 712, size: SIZE, font: bold }));
  rows.forEach((r, k) => r.forEach((cell, i) => page.drawText(cell, { x: xs[i], y: 694 - k * 16, size: SIZE, font: regular })));
}

/** The variant's documents as one PDF: the form, the note, then the lab report and claims table it has. */
export async function renderVariantPdf(v: GeneratedVariant): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  drawForm(doc.addPage(PAGE), v, fonts);
  drawNote(doc.addPage(PAGE), v, fonts);
  if (v.lab) drawRows(doc.addPage(PAGE), "Laboratory Report", ["Collected", "Test", "Result", "Units"], v.lab.rows, fonts);
  if (v.claims) drawRows(doc.addPage(PAGE), "Pharmacy Claims History", ["Fill date", "Drug", "Qty", "Days supply", "Status"], v.claims.rows, fonts);
  return doc.save({ useObjectStreams: false });
}
