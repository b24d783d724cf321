// Text recognition of page images with tesseract.js and its English model from the npm package
// @tesseract.js-data/eng (nothing is downloaded). Runs inside the document-reading worker thread. A page image is a
// @napi-rs/canvas canvas (pdf.js renders on the same module); it is recognised upright first and, when that reads
// poorly, turned 90°, 180° and 270° and the best reading kept. Slight skew is left to tesseract (rotateAuto).
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pageFromPieces, piecesFromWords } from "../layout/lines.mjs";
import { readCodeShape } from "../ocr-code-shapes.mjs";

const require = createRequire(import.meta.url);

/** A reading at or above this mean confidence with enough words is kept without trying other rotations. */
const GOOD_CONFIDENCE = 70;
const MIN_WORDS = 8;
/** A page with fewer dark pixels than this share is blank. */
const BLANK_SHARE = 0.002;
/** Page images are normalised to this width in pt (US letter), so column gaps mean the same as in PDFs. */
const PAGE_WIDTH_PT = 612;
/**
 * Tesseract's page segmentation: 11, sparse text (every word found, in no order; lines are rebuilt from the word
 * boxes like PDF text). The default automatic layout (3) drops the values written inside boxed form cells: on a
 * boxed grid it read every heading and none of the values (lib/evaluation/ocr-fax.eval.test.ts).
 */
const PAGE_SEGMENTATION = "11";

export function canvasModule() {
  // pdf.js loads the same module for its canvas factory: one copy, so canvases mix (see STACK_NOTES).
  return require("@napi-rs/canvas");
}

let recognizer = null;

/** One tesseract worker per reading thread, created on first use. */
export async function getRecognizer() {
  recognizer ??= (async () => {
    const { createWorker } = await import("tesseract.js");
    const langPath = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
    const cachePath = path.join(process.env.PA_DATA_DIR ? path.resolve(process.env.PA_DATA_DIR) : os.tmpdir(), "tesseract-cache");
    fs.mkdirSync(cachePath, { recursive: true });
    return createWorker("eng", 1, { langPath, gzip: true, cachePath, logger: () => undefined, errorHandler: () => undefined });
  })();
  return recognizer;
}

export async function stopRecognizer() {
  const current = recognizer;
  recognizer = null;
  if (current) await (await current).terminate().catch(() => undefined);
}

/** Share of dark pixels, sampled (a blank page is not recognised at all). */
export function darkShare(canvas) {
  const ctx = canvas.getContext("2d");
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let dark = 0;
  let seen = 0;
  for (let i = 0; i < data.length; i += 4 * 7) {
    seen++;
    const alpha = data[i + 3] / 255;
    const luma = (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) * alpha + 255 * (1 - alpha);
    if (luma < 128) dark++;
  }
  return seen ? dark / seen : 0;
}

/** The canvas turned by `degrees` (0, 90, 180, 270) clockwise, on a white background. */
export function rotated(canvas, degrees) {
  const { createCanvas } = canvasModule();
  const quarter = degrees === 90 || degrees === 270;
  const out = createCanvas(quarter ? canvas.height : canvas.width, quarter ? canvas.width : canvas.height);
  const ctx = out.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
  return out;
}

function wordsOf(data) {
  const words = [];
  for (const block of data.blocks ?? []) for (const paragraph of block.paragraphs ?? []) for (const line of paragraph.lines ?? []) {
    for (const word of line.words ?? []) {
      // A code misread (El1.9, O2/10/2026) is read as the code (data/ocr-code-shapes.json); other words as recognised.
      const text = readCodeShape((word.text ?? "").trim());
      if (text && word.confidence > 0) words.push({ text, confidence: word.confidence, bbox: word.bbox });
    }
  }
  return words;
}

async function recognizeOnce(canvas) {
  const worker = await getRecognizer();
  // The resolution of a page normalised to letter width (also keeps tesseract from estimating it aloud).
  await worker.setParameters({ user_defined_dpi: String(Math.max(70, Math.round(canvas.width / 8.5))), tessedit_pageseg_mode: PAGE_SEGMENTATION });
  const { data } = await worker.recognize(canvas.toBuffer("image/png"), { rotateAuto: true }, { blocks: true, text: true });
  const words = wordsOf(data);
  // Mean word confidence weighted by length: a page of confident long words beats stray marks read as letters.
  const letters = words.reduce((n, w) => n + w.text.length, 0);
  const confidence = letters ? words.reduce((n, w) => n + w.confidence * w.text.length, 0) / letters : 0;
  return { words, confidence };
}

/**
 * Recognises one page image: returns the page ({page, text, layout}) built from word boxes exactly like a PDF page,
 * with `source: "ocr"` and `ocr: {confidence, rotation, words}` (word boxes in pt from the top left of the page as
 * recognised, i.e. after `rotation`). A blank page gives no text.
 */
export async function recognizePage(number, canvas) {
  if (darkShare(canvas) < BLANK_SHARE) {
    return { page: number, text: "", source: "ocr", ocr: { confidence: 0, rotation: 0, words: [], blank: true } };
  }
  let best = { ...(await recognizeOnce(canvas)), rotation: 0, canvas };
  if (best.confidence < GOOD_CONFIDENCE || best.words.length < MIN_WORDS) {
    for (const degrees of [180, 90, 270]) {
      const turned = rotated(canvas, degrees);
      const attempt = await recognizeOnce(turned);
      if (attempt.words.length >= MIN_WORDS / 2 && attempt.confidence > best.confidence + 5) best = { ...attempt, rotation: degrees, canvas: turned };
      if (best.confidence >= GOOD_CONFIDENCE && best.words.length >= MIN_WORDS) break;
    }
  }
  const scale = PAGE_WIDTH_PT / best.canvas.width;
  const height = best.canvas.height * scale;
  const r = (n) => Math.round(n * scale * 10) / 10;
  const boxes = best.words.map((w) => [r(w.bbox.x0), r(w.bbox.y0), r(w.bbox.x1), r(w.bbox.y1), w.text]);
  const page = pageFromPieces(number, piecesFromWords(boxes, height), PAGE_WIDTH_PT);
  return { ...page, source: "ocr", ocr: { confidence: Math.round(best.confidence), rotation: best.rotation, words: boxes } };
}

/** PNG or JPEG bytes as a canvas. */
export async function canvasFromEncoded(bytes) {
  const { createCanvas, loadImage } = canvasModule();
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0);
  return canvas;
}

/** Compressions utif2 decodes: with another it leaves the page white, which would pass for a blank page. */
const TIFF_COMPRESSIONS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 32767, 32773, 32809, 32946, 34316, 34676, 34713, 34892]);
/** More pixels than a letter page at 600 dpi (5100 x 6600) several times over: not a page. */
const TIFF_MAX_PIXELS = 100_000_000;

/** Why one page (IFD) of a TIFF cannot be decoded, or null: said, instead of reading a damaged page as blank. */
export function tiffPageProblem(ifd, fileLength) {
  const width = Number(ifd.t256?.[0] ?? 0);
  const height = Number(ifd.t257?.[0] ?? 0);
  if (!(width > 0 && height > 0) || width * height > TIFF_MAX_PIXELS) return `its declared size (${width} x ${height} pixels) is not a page's`;
  const compression = Number(ifd.t259?.[0] ?? 1);
  if (!TIFF_COMPRESSIONS.has(compression)) return `it uses a compression this reader does not decode (${compression})`;
  const offsets = ifd.t273 ?? ifd.t324 ?? [];
  const counts = ifd.t279 ?? ifd.t325 ?? [];
  if (!offsets.length) return "it has no image data";
  if (offsets.some((offset, i) => !(offset >= 0) || offset + Number(counts[i] ?? 0) > fileLength)) return "its image data lies beyond the end of the file (damaged or cut short)";
  return null;
}

/** The pages of a TIFF (fax servers send G3/G4 multi-page TIFFs), each decoded lazily as a canvas. */
export function tiffPages(bytes) {
  const UTIF = require("utif2");
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const ifds = UTIF.decode(buffer).filter((ifd) => ifd.t256 && ifd.t257);
  return ifds.map((ifd) => () => {
    const problem = tiffPageProblem(ifd, buffer.byteLength);
    if (problem) throw new Error(`the page image could not be decoded: ${problem}`);
    UTIF.decodeImage(buffer, ifd);
    const rgba = UTIF.toRGBA8(ifd);
    const { createCanvas } = canvasModule();
    // Fax resolutions differ across and down (204 x 98 dpi): scale the height so letters keep their shape.
    const xres = Number(ifd.t282?.[0] ?? 0);
    const yres = Number(ifd.t283?.[0] ?? 0);
    const stretch = xres > 0 && yres > 0 ? xres / yres : 1;
    const raw = createCanvas(ifd.width, ifd.height);
    const image = raw.getContext("2d").createImageData(ifd.width, ifd.height);
    image.data.set(rgba);
    raw.getContext("2d").putImageData(image, 0, 0);
    if (Math.abs(stretch - 1) < 0.05) return raw;
    const out = createCanvas(ifd.width, Math.round(ifd.height * stretch));
    const ctx = out.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.drawImage(raw, 0, 0, out.width, out.height);
    return out;
  });
}
