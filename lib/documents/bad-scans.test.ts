// Bad input for text recognition (issue 13): a 300-page image-only PDF, a 40-page fax TIFF with an upside-down and a
// damaged page, blank pages, a damaged page image inside a PDF, a photo of a form. Each is read for real in the
// reading worker (tesseract on one core): the documented limits hold (PA_OCR_MAX_PAGES, README), progress advances
// page by page, and a page that cannot be read is said so and never stops the rest of the document.
import { describe, expect, it } from "vitest";
import { keyValues } from "@/lib/evaluation/fax-agreement";
import { extractIntake } from "@/lib/intake/extract-intake";
import { readDocumentContent, type ReadPage } from "./read-document-content";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import { FORM_LINES, formPdf, renderPng } from "./test-fixtures";
import { damagedFaxTiff, longImageFax } from "./scan-fixtures";
import { blankPage, multiPageTiff } from "./tiff-fixture";
import { canvasModule } from "./worker/ocr.mjs";

type Progress = { phase: string; done: number; total: number };
const recorder = () => {
  const seen: Progress[] = [];
  return { seen, onProgress: (p: Progress) => seen.push(p) };
};
/** Progress of one phase counts every page once, in order, from its first report to `total`. */
const countsUp = (seen: Progress[], phase: string, total: number, from = 1) =>
  expect(seen.filter((p) => p.phase === phase).map((p) => `${p.done}/${p.total}`)).toEqual(Array.from({ length: total - from + 1 }, (_, i) => `${i + from}/${total}`));

/** The form's key values, as recognition must read them (the fixture's own lines). */
const expectForm = (page: ReadPage) => {
  for (const line of FORM_LINES.slice(1)) expect(page.text).toContain(line);
};

describe("a 300-page image-only PDF", () => {
  it("over the recognition cap (PA_OCR_MAX_PAGES, 60) is refused with the reason, after a text pass reported page by page", async () => {
    const progress = recorder();
    const started = Date.now();
    const error = await readDocumentContent(await longImageFax(300), "pdf", { onProgress: progress.onProgress }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentOverLimit);
    expect(error).toMatchObject({
      limit: "ocr_pages",
      message: "The PDF has 300 pages without a usable text layer; at most 60 pages are recognised per document (limit PA_OCR_MAX_PAGES).",
    });
    countsUp(progress.seen, "text", 300);
    expect(progress.seen.filter((p) => p.phase === "ocr")).toEqual([]);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it("within a raised cap is read to the end: every page reported, near-blank pages blank, the damaged page alone empty", async () => {
    // Low resolution keeps 300 renders cheap; blankness does not depend on it.
    const progress = recorder();
    const content = await readDocumentContent(await longImageFax(300, false), "pdf", { limits: { maxOcrPages: 300, ocrDpi: 36 }, onProgress: progress.onProgress });
    expect(content.pageCount).toBe(300);
    expect(content.pages.map((p) => p.page)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    countsUp(progress.seen, "text", 300);
    countsUp(progress.seen, "ocr", 300, 0);
    expect(content.pages.slice(1).every((p) => p.source === "ocr" && p.ocr?.blank === true && p.text === "")).toBe(true);
    expect(content.pages[0].text).toBe("");
  }, 90_000);
});

describe("an image-only PDF with a damaged page image", () => {
  it("reads the form and the pages after the damaged one", async () => {
    const progress = recorder();
    const content = await readDocumentContent(await longImageFax(4), "pdf", { onProgress: progress.onProgress });
    expect(content.pages).toHaveLength(4);
    expectForm(content.pages[0]);
    expect(content.pages[1].text).toBe("");
    expect(content.pages.slice(2).every((p) => p.ocr?.blank === true)).toBe(true);
    countsUp(progress.seen, "ocr", 4, 0);
  }, 90_000);
});

describe("a 40-page fax TIFF", () => {
  it("reads the upright and the upside-down form, says which page is damaged, marks the blank pages, page by page", async () => {
    const tiff = await damagedFaxTiff();
    expect(tiff.byteLength).toBeLessThan(1024 * 1024);
    const progress = recorder();
    const content = await readDocumentContent(tiff, "image", { contentType: "image/tiff", onProgress: progress.onProgress });
    expect(content.pageCount).toBe(40);
    expectForm(content.pages[0]);
    expectForm(content.pages[1]);
    expect(content.pages.slice(0, 2).map((p) => p.ocr?.rotation)).toEqual([0, 180]);
    expect(content.pages[2]).toEqual({ page: 3, text: "", source: "ocr" });
    expect(content.warnings).toEqual(["Page 3 could not be recognised: the page image could not be decoded: it uses a compression this reader does not decode (12345)."]);
    expect(content.pages.slice(3).every((p) => p.ocr?.blank === true && p.text === "")).toBe(true);
    countsUp(progress.seen, "ocr", 40, 0);
    // The damaged page costs the case nothing else: the intake of the fax still has the form's facts.
    const facts = extractIntake([{ id: "fax", name: "fax.tiff", contentType: "image/tiff", pages: content.pages }], { referenceYear: 2026 });
    expect(keyValues(facts)).toMatchObject({ patientName: "jane doe", birthDate: "1980-04-17", npi: "1234567893", diagnosisCodes: "K50.90", drug: expect.stringMatching(/^humira/) });
  }, 120_000);

  it("over the recognition cap is refused with both counts", async () => {
    const tiff = multiPageTiff(Array.from({ length: 40 }, () => blankPage([50, 50])));
    const error = await readDocumentContent(tiff, "image", { contentType: "image/tiff", limits: { maxOcrPages: 30 } }).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ limit: "ocr_pages", message: "The image has 40 pages; at most 30 pages are recognised per document (limit PA_OCR_MAX_PAGES)." });
  });
});

describe("a photo of a form", () => {
  it("is read through an uneven background, a slight tilt and noise", async () => {
    const { createCanvas, loadImage } = canvasModule();
    const scan = await loadImage(await renderPng(await formPdf(), 200 / 72));
    const photo = createCanvas(1500, 1900);
    const ctx = photo.getContext("2d");
    const light = ctx.createLinearGradient(0, 0, 1500, 1900);
    light.addColorStop(0, "#8a8276");
    light.addColorStop(1, "#5e574e");
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, 1500, 1900);
    ctx.save();
    ctx.translate(750, 950);
    ctx.rotate((2.5 * Math.PI) / 180);
    ctx.globalAlpha = 0.92;
    ctx.drawImage(scan, -640, -830, 1280, 1660);
    ctx.restore();
    // Sensor noise: a fixed pseudo-random speckle, so the test reads the same image every run.
    const pixels = ctx.getImageData(0, 0, 1500, 1900);
    let seed = 7;
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 41) - 20;
      for (let c = 0; c < 3; c++) pixels.data[i + c] = Math.max(0, Math.min(255, pixels.data[i + c] + n));
    }
    ctx.putImageData(pixels, 0, 0);
    const jpeg = await photo.encode("jpeg", 80);
    const content = await readDocumentContent(new Uint8Array(jpeg), "image", { contentType: "image/jpeg" });
    expect(content.pages).toHaveLength(1);
    for (const value of ["Jane Doe", "04/17/1980", "1234567893", "K50.90"]) expect(content.pages[0].text).toContain(value);
  }, 90_000);
});

describe.each<[string, Record<string, number[]>, string | null]>([
  ["a PackBits fax page", { t256: [1700], t257: [2200], t259: [32773], t273: [8], t279: [5000] }, null],
  ["a G4 fax page", { t256: [1728], t257: [1100], t259: [4], t273: [8], t279: [9000] }, null],
  ["no compression tag (uncompressed)", { t256: [100], t257: [100], t273: [8], t279: [1250] }, null],
  ["an unknown compression", { t256: [1700], t257: [2200], t259: [12345], t273: [8], t279: [5000] }, "it uses a compression this reader does not decode (12345)"],
  ["a strip past the end of the file", { t256: [1700], t257: [2200], t259: [32773], t273: [90_000], t279: [20_000] }, "its image data lies beyond the end of the file (damaged or cut short)"],
  ["no strips", { t256: [1700], t257: [2200], t259: [4] }, "it has no image data"],
  ["a size no page has", { t256: [200_000], t257: [200_000], t259: [4], t273: [8], t279: [10] }, "its declared size (200000 x 200000 pixels) is not a page's"],
  ["no size", { t256: [0], t257: [2200], t259: [4], t273: [8], t279: [10] }, "its declared size (0 x 2200 pixels) is not a page's"],
])("tiffPageProblem: %s (in a 100,000-byte file)", (_name, ifd, problem) => {
  it(problem ? `is "${problem}"` : "is none", async () => {
    const { tiffPageProblem } = await import("./worker/ocr.mjs");
    expect(tiffPageProblem(ifd, 100_000)).toBe(problem);
  });
});
