// PDFs and page images for the document-reading tests, made here (pdf-lib, zlib, pdf.js rendering).
import zlib from "node:zlib";
import { PDFDocument, StandardFonts, degrees } from "pdf-lib";
import { openPdf } from "./worker/read-pdf-core.mjs";

/** A PDF written by hand from its objects' bodies (object n is bodies[n - 1]), with a correct cross-reference table. */
export function rawPdf(bodies: (Buffer | string)[]): Uint8Array {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: Buffer | string) => {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    parts.push(b);
    length += b.length;
  };
  add("%PDF-1.7\n");
  bodies.forEach((body, i) => {
    offsets.push(length);
    add(`${i + 1} 0 obj\n`);
    add(body);
    add("\nendobj\n");
  });
  const xref = length;
  add(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`);
  add(`trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

/** A small PDF whose one content stream inflates to `inflatedMb` MB (a decompression bomb). */
export function bombPdf(inflatedMb: number): Uint8Array {
  const stream = zlib.deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024, 0x20), { level: 9 });
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"), stream, Buffer.from("\nendstream", "latin1")]),
  ]);
}

/** A PDF of `pages` pages sharing one content stream: thousands of pages in a few hundred KB. */
export function sharedContentPdf(pages: number): Uint8Array {
  const content = "BT /F1 12 Tf 72 700 Td (A page) Tj ET";
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>"),
  ]);
}

/** A PDF of `pages` pages with one short line each (cheap: one font, one line per page). */
export async function manyPagesPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([200, 200]).drawText(`Page ${i}`, { x: 20, y: 100, size: 10, font });
  return doc.save();
}

export const FORM_LINES = [
  "PRIOR AUTHORIZATION REQUEST",
  "Member Name: Jane Doe",
  "Date of Birth: 04/17/1980",
  "Prescriber NPI: 1234567893",
  "Medication: Humira 40 mg",
  "Diagnosis ICD-10: K50.90",
];

/** A request form page with a text layer. */
export async function formPdf(lines = FORM_LINES): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 60, y: 700 - i * 28, size: 14, font }));
  return doc.save();
}

/** A page of a PDF rendered to PNG (a scan without noise), `scale` pixels per pt. */
export async function renderPng(pdf: Uint8Array, scale = 2, pageNumber = 1): Promise<Buffer> {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const { canvas, context } = (doc as unknown as { canvasFactory: { create(w: number, h: number): { canvas: { toBuffer(t: string): Buffer }; context: { fillStyle: string; fillRect(...n: number[]): void } } } }).canvasFactory.create(viewport.width, viewport.height);
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, viewport.width, viewport.height);
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
    return canvas.toBuffer("image/png");
  } finally {
    await doc.destroy();
  }
}

/** An image-only PDF: each PNG a page (turned by `rotate` degrees), plus `blank` empty pages, as fax servers send. */
export async function imageOnlyPdf(pngs: { png: Buffer; rotate?: 0 | 180 }[], blank = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const { png, rotate } of pngs) {
    const image = await doc.embedPng(png);
    const page = doc.addPage([612, 792]);
    if (rotate === 180) page.drawImage(image, { x: 612, y: 792, width: 612, height: 792, rotate: degrees(180) });
    else page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  for (let i = 0; i < blank; i++) doc.addPage([612, 792]);
  return doc.save();
}
