// Bad scans for the reading tests (lib/documents/bad-scans.test.ts) and the case-level spec (e2e/api/bad-scans.spec.ts):
// a long image-only PDF with a damaged page image, a 40-page fax TIFF with an upside-down and a damaged page.
import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from "pdf-lib";
import { formPdf, renderPng } from "./test-fixtures";
import { blankPage, multiPageTiff, pageFromPng, upsideDown } from "./tiff-fixture";
import { canvasModule } from "./worker/ocr.mjs";

/** An image-only PDF: the form scanned on page 1, a page whose image data is damaged, then near-blank pages (a speck each). */
export async function longImageFax(pages: number, withForm = true): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const speck = canvasModule().createCanvas(4, 4);
  const ink = speck.getContext("2d");
  ink.fillStyle = "#5a5a5a";
  ink.fillRect(0, 0, 4, 4);
  const dot = await doc.embedPng(speck.toBuffer("image/png"));
  if (withForm) {
    const form = await doc.embedPng(await renderPng(await formPdf(), 150 / 72));
    doc.addPage([612, 792]).drawImage(form, { x: 0, y: 0, width: 612, height: 792 });
  }
  // A JPEG image stream of bytes that are no JPEG (a transfer cut short, a broken scanner driver).
  const damaged = doc.context.register(doc.context.stream(new Uint8Array(Array.from({ length: 5000 }, (_, i) => (i * 7919) & 255)), {
    Type: "XObject", Subtype: "Image", Width: 1275, Height: 1650, ColorSpace: "DeviceGray", BitsPerComponent: 8, Filter: "DCTDecode",
  }));
  const page = doc.addPage([612, 792]);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject(page.node.newXObject("Damaged", damaged)), popGraphicsState());
  while (doc.getPageCount() < pages) doc.addPage([612, 792]).drawImage(dot, { x: 300, y: 400, width: 2, height: 2 });
  return doc.save();
}

/** 40 fax pages: the form, the form upside down, a page in a compression nobody decodes, 37 blank pages. */
export async function damagedFaxTiff(): Promise<Uint8Array> {
  const form = await pageFromPng(await renderPng(await formPdf(), 200 / 72));
  const damaged = { ...blankPage([100, 100]), overrides: { 259: 12345 } };
  const blanks = Array.from({ length: 37 }, () => blankPage([100, 100]));
  return multiPageTiff([form, upsideDown(form), damaged, ...blanks]);
}
