// The document-reading worker thread: PDF parsing and text extraction, page rendering, text recognition and image
// decoding happen here, never on the thread that answers requests. It is long-lived (a pool, read-in-worker.ts and
// pool/reading-pool.ts): it reads one document per message, with the limits the message carries. The parent gives it
// a heap limit and terminates it when a page or the whole document takes too long. Messages:
// in {type: "read", id, bytes, kind, contentType, limits}; out {type: "progress", id, done, total, phase},
// {type: "result", id, content, heapUsed}, {type: "error", id, name, message, limit?, heapUsed}.
import { parentPort, workerData } from "node:worker_threads";
import v8 from "node:v8";
import zlib from "node:zlib";
import { loadPdfjs, openPdf, readPdfPage, PdfReadError } from "./read-pdf-core.mjs";
import { pageImages, recognitionDpi } from "./page-images.mjs";
import { pageNeedsOcr, tooManyScansMessage } from "./page-rules.mjs";

class LimitError extends Error {
  constructor(message, limit) {
    super(message);
    this.name = "DocumentLimitError";
    this.limit = limit;
  }
}

const mb = (n) => `${Math.round(n / 1024 / 1024)} MB`;

// Text recognition (tesseract.js, the canvas) is loaded only for a document that needs it: most documents have a
// text layer, and loading the recogniser for each of them would cost more than reading them. Once loaded it is kept
// for the next documents and stopped after PA_WORKER_IDLE_MS (a minute) without recognition, or with the thread.
const RECOGNIZER_IDLE_MS = Number(process.env.PA_WORKER_IDLE_MS) > 0 ? Number(process.env.PA_WORKER_IDLE_MS) : 60_000;
let ocrModule = null;
let ocrIdleTimer = null;
const loadOcr = async () => {
  clearTimeout(ocrIdleTimer);
  return (ocrModule ??= await import("./ocr.mjs"));
};
let jobId = 0;
const progress = (done, total, phase) => parentPort?.postMessage({ type: "progress", id: jobId, done, total, phase });

/**
 * Inflates every Flate stream of the file with a cap, before pdf.js sees it: a small PDF whose content stream
 * inflates to hundreds of MB (a decompression bomb) is refused. Image streams count only against the per-stream cap
 * (a scan's pages are large images); everything else also against the total.
 */
export function checkInflatedSize(bytes, { maxStreamBytes, maxTotalBytes }) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let pos = 0;
  while ((pos = buf.indexOf("stream", pos, "latin1")) !== -1) {
    if (pos >= 3 && buf.toString("latin1", pos - 3, pos) === "end") {
      pos += 6;
      continue;
    }
    let start = pos + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf("endstream", start, "latin1");
    if (end === -1) break;
    const before = buf.toString("latin1", Math.max(0, pos - 1024), pos);
    const from = before.lastIndexOf(" obj");
    const dict = from >= 0 ? before.slice(from) : before;
    const isImage = /\/Subtype\s*\/Image/.test(dict);
    const data = buf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      let size = 0;
      try {
        size = zlib.inflateSync(data, { maxOutputLength: maxStreamBytes + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
      } catch (error) {
        if (error?.code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) size = maxStreamBytes + 1;
      }
      if (size > maxStreamBytes) {
        throw new LimitError(`The PDF could not be read: one of its streams inflates to more than ${mb(maxStreamBytes)} (limit PA_PDF_MAX_INFLATED_MB).`, "inflated_bytes");
      }
      if (!isImage) total += size;
      if (total > maxTotalBytes) {
        throw new LimitError(`The PDF could not be read: its content inflates to more than ${mb(maxTotalBytes)} (limit PA_PDF_MAX_INFLATED_MB).`, "inflated_bytes");
      }
    }
    pos = end + 9;
  }
  return total;
}

async function readPdfDocument(bytes, limits) {
  checkInflatedSize(bytes, { maxStreamBytes: limits.maxInflatedBytes, maxTotalBytes: limits.maxInflatedBytes * 2 });
  const doc = await openPdf(bytes);
  const warnings = [];
  try {
    const total = doc.numPages;
    if (total > limits.maxPages) {
      throw new LimitError(`The PDF has ${total} pages; at most ${limits.maxPages} pages are read per document (limit PA_PDF_MAX_PAGES).`, "pages");
    }
    const pages = [];
    for (let number = 1; number <= total; number++) {
      try {
        pages.push(await readPdfPage(doc, number));
      } catch (error) {
        if (error instanceof LimitError) throw error;
        pages.push({ page: number, text: "" });
        warnings.push(`Page ${number} could not be read: ${error instanceof Error ? error.message : String(error)}.`);
      }
      progress(number, total, "text");
    }
    if (limits.ocr) {
      const scans = pages.filter((p) => pageNeedsOcr(p.text).needed);
      if (scans.length > limits.maxOcrPages) {
        throw new LimitError(tooManyScansMessage(scans.length, limits.maxOcrPages), "ocr_pages");
      }
      if (scans.length) {
        const { recognizePage, canvasModule } = await loadOcr();
        canvasModule();
        let done = 0;
        progress(0, scans.length, "ocr");
        for (const scan of scans) {
          try {
            const canvas = await renderPage(doc, scan.page, limits.ocrDpi);
            const read = await recognizePage(scan.page, canvas);
            // Keep the text layer when recognition found less than it (a page with a few real words and a picture).
            if (read.text.replace(/\s/g, "").length >= scan.text.replace(/\s/g, "").length) pages[scan.page - 1] = read;
          } catch (error) {
            warnings.push(`Page ${scan.page} could not be recognised: ${error instanceof Error ? error.message : String(error)}.`);
          }
          progress(++done, scans.length, "ocr");
        }
      }
    }
    return { pageCount: total, pages, warnings };
  } finally {
    await doc.destroy();
  }
}

/** A page rendered for recognition: at the configured resolution, or its scanned image's own when finer (page-images.mjs). */
async function renderPage(doc, number, configuredDpi) {
  const page = await doc.getPage(number);
  const { OPS } = await loadPdfjs();
  const dpi = recognitionDpi(await pageImages(page, OPS).catch(() => []), configuredDpi);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const { canvas, context } = doc.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // A scan's page image is usually finer than the recognition resolution (300 ppi drawn at 150 dpi): the canvas's
  // default smoothing drops pixels when it shrinks it, and thin strokes next to a table's ruling lines go ("21" beside
  // a cell border read as "1", "30" as "3"). High-quality smoothing averages them, at no measurable cost.
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  await page.render({ canvasContext: context, viewport, canvas }).promise;
  page.cleanup();
  return canvas;
}

async function readImageDocument(bytes, contentType, limits) {
  if (!limits.ocr) return { pageCount: 1, pages: [{ page: 1, text: "", source: "ocr" }], warnings: ["Text recognition is off (PA_OCR=0): the image was not read."] };
  const { recognizePage, canvasFromEncoded, tiffPages } = await loadOcr();
  const loaders = contentType === "image/tiff" ? tiffPages(bytes) : [() => canvasFromEncoded(bytes)];
  if (!loaders.length) throw new PdfReadError("The image could not be read: the TIFF file has no pages.");
  if (loaders.length > limits.maxOcrPages) {
    throw new LimitError(`The image has ${loaders.length} pages; at most ${limits.maxOcrPages} pages are recognised per document (limit PA_OCR_MAX_PAGES).`, "ocr_pages");
  }
  const pages = [];
  const warnings = [];
  progress(0, loaders.length, "ocr");
  for (const [i, load] of loaders.entries()) {
    try {
      pages.push(await recognizePage(i + 1, await load()));
    } catch (error) {
      pages.push({ page: i + 1, text: "", source: "ocr" });
      warnings.push(`Page ${i + 1} could not be recognised: ${error instanceof Error ? error.message : String(error)}.`);
    }
    progress(i + 1, loaders.length, "ocr");
  }
  if (pages.every((p) => !p.ocr)) throw new PdfReadError("The image could not be read: it is damaged or not a PNG, JPEG or TIFF file.");
  return { pageCount: pages.length, pages, warnings };
}

function readText(bytes, kind, limits) {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (kind === "json") return { pageCount: null, pages: [], json: JSON.parse(text), warnings: [] };
  if (text.length <= limits.maxTextChars) return { pageCount: 1, pages: [{ page: 1, text }], warnings: [] };
  // The engines read the first characters only; the stored bytes keep the whole document.
  const cut = text.lastIndexOf("\n", limits.maxTextChars);
  return {
    pageCount: 1,
    pages: [{ page: 1, text: text.slice(0, cut > limits.maxTextChars * 0.9 ? cut : limits.maxTextChars) }],
    warnings: [`Only the first ${limits.maxTextChars} of ${text.length} characters were read (limit PA_TEXT_MAX_CHARS).`],
  };
}

async function read({ bytes, kind, contentType, limits }) {
  if (kind === "pdf") return readPdfDocument(bytes, limits);
  if (kind === "image") return readImageDocument(bytes, contentType, limits);
  return readText(bytes, kind, limits);
}

async function readOne(message) {
  jobId = message.id;
  try {
    const content = await read(message);
    parentPort.postMessage({ type: "result", id: message.id, content, heapUsed: v8.getHeapStatistics().used_heap_size });
  } catch (error) {
    const name = error instanceof LimitError ? "DocumentLimitError" : error instanceof PdfReadError ? "PdfReadError" : error instanceof SyntaxError ? "SyntaxError" : "Error";
    parentPort.postMessage({ type: "error", id: message.id, name, message: error instanceof Error ? error.message : String(error), limit: error?.limit ?? null, heapUsed: v8.getHeapStatistics().used_heap_size });
  } finally {
    if (ocrModule) {
      clearTimeout(ocrIdleTimer);
      ocrIdleTimer = setTimeout(() => void ocrModule?.stopRecognizer(), RECOGNIZER_IDLE_MS);
      ocrIdleTimer.unref();
    }
  }
}

// A thread started the former way (one document in workerData, e.g. by a server built before the pool) reads it once.
async function readOnce() {
  await readOne({ ...workerData, id: 0 });
  clearTimeout(ocrIdleTimer);
  if (ocrModule) await ocrModule.stopRecognizer();
}

// One document at a time: the pool sends the next message only after this one's answer.
if (parentPort && workerData?.kind) await readOnce();
else if (parentPort && workerData?.pool) parentPort.on("message", (message) => message?.type === "read" && void readOne(message));
