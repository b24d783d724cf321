// Text recognition of single table cells of a PDF page (a drug list's Requirements/Limits cell drawn in a font
// without a usable text map, or as an image): the page's column strip is rendered once with pdf.js on its own
// @napi-rs/canvas, each cell cropped at its line's baseline and recognised as one line of text. Runs inside a
// worker thread (recognise-cells.worker.mjs), never on the thread that answers requests.
// A cell is found on the page by its line's first cell (an anchor: its x and text, the `occurrence`-th line with that
// anchor from the top), because page text lines carry x positions only.
import { canvasModule, darkShare, getRecognizer } from "./ocr.mjs";
import { pageImages } from "./page-images.mjs";

/** Cells are small print: they are rendered at this resolution (the page OCR's 150 dpi misreads 8 pt digits). */
export const CELL_DPI = 300;
/** A crop with fewer dark pixels than this share holds no text. */
const BLANK_SHARE = 0.003;
const PAD = 12;

const normal = (s) => String(s).replace(/\s+/g, " ").trim();

/** Baselines (PDF space) of the lines whose first cell starts with the anchor's text at its x, top to bottom. */
function anchorBaselines(items, viewX0, anchor) {
  const text = normal(anchor.text);
  const found = [];
  for (const item of items) {
    if (typeof item.str !== "string" || !item.transform) continue;
    const str = normal(item.str);
    if (!str) continue;
    const [a, b, , , x, y] = item.transform;
    if (Math.abs(x - viewX0 - anchor.x0) > 1.5) continue;
    if (!text.startsWith(str) && !str.startsWith(text)) continue;
    const size = Math.hypot(a, b) || item.height || 10;
    if (!found.some((f) => Math.abs(f.y - y) < 1)) found.push({ y, size });
  }
  return found.sort((p, q) => q.y - p.y);
}

/** Where the page paints images ([x0, y0, x1, y1] in PDF space). */
const imageRects = async (page, OPS) => (await pageImages(page, OPS)).map((image) => image.rect);

const overlaps = (r, x0, y0, x1, y1) => Math.min(r[2], x1) > Math.max(r[0], x0) && Math.min(r[3], y1) > Math.max(r[1], y0);

async function recogniseLine(canvas) {
  const worker = await getRecognizer();
  await worker.setParameters({ user_defined_dpi: String(CELL_DPI), tessedit_pageseg_mode: "7" });
  const { data } = await worker.recognize(canvas.toBuffer("image/png"), {}, { text: true, blocks: true });
  const words = [];
  for (const block of data.blocks ?? []) for (const paragraph of block.paragraphs ?? []) for (const line of paragraph.lines ?? []) {
    for (const word of line.words ?? []) if ((word.text ?? "").trim()) words.push({ text: word.text.trim(), confidence: word.confidence });
  }
  const letters = words.reduce((n, w) => n + w.text.length, 0);
  const confidence = letters ? words.reduce((n, w) => n + w.confidence * w.text.length, 0) / letters : 0;
  return { text: normal(words.map((w) => w.text).join(" ")), confidence: Math.round(confidence) };
}

/**
 * Recognises the cells (see recognise-cells.d.mts) of an open pdf.js document: at most `maxCells` recognitions, in
 * the order given, and none after `deadline` (ms since the epoch). Every cell gets a result: its text and confidence, or
 * why it was not read. `onCell(done, total)` reports progress.
 */
export async function recogniseCells(doc, cells, { maxCells, deadline, onCell, OPS }) {
  const results = new Map();
  const key = (c) => `${c.page}:${c.line}:${c.cell ?? "new"}`;
  // The cap counts cells actually recognised: an empty cell beside no image costs nothing.
  let recognised = 0;
  // One render per page: the cells of a page are taken together, pages in the order their first cell was asked for.
  const pages = [];
  for (const c of cells) {
    let group = pages.find((g) => g.page === c.page);
    if (!group) pages.push((group = { page: c.page, cells: [] }));
    group.cells.push(c);
  }
  let done = 0;
  for (const group of pages) {
    if (Date.now() > deadline) {
      for (const c of group.cells) results.set(key(c), { ...c, text: null, reason: "text recognition stopped at its time limit per document (PA_OCR_CELLS_TIMEOUT_MS)" });
      continue;
    }
    let page;
    try {
      page = await doc.getPage(group.page);
    } catch (error) {
      for (const c of group.cells) results.set(key(c), { ...c, text: null, reason: `page ${group.page} could not be opened: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    // An empty cell is worth reading only where the page paints an image.
    const images = group.cells.some((c) => c.cell === null) ? await imageRects(page, OPS).catch(() => null) : [];
    const content = await page.getTextContent();
    const viewX0 = page.view[0];
    const scale = CELL_DPI / 72;
    const left = Math.max(0, Math.min(...group.cells.map((c) => c.x0)));
    const right = Math.max(...group.cells.map((c) => c.x1));
    const full = page.getViewport({ scale });
    const viewport = page.getViewport({ scale, offsetX: -left * scale });
    const width = Math.max(1, Math.ceil((right - left) * scale));
    const height = Math.ceil(full.height);
    // The column strip, rendered once for the page when a cell needs it.
    let strip = null;
    const stripOf = async () => {
      if (strip) return strip;
      strip = doc.canvasFactory.create(width, height);
      strip.context.fillStyle = "#ffffff";
      strip.context.fillRect(0, 0, width, height);
      await page.render({ canvasContext: strip.context, viewport, canvas: strip.canvas }).promise;
      return strip;
    };
    for (const c of group.cells) {
      if (Date.now() > deadline) {
        results.set(key(c), { ...c, text: null, reason: "text recognition stopped at its time limit per document (PA_OCR_CELLS_TIMEOUT_MS)" });
        continue;
      }
      const baseline = anchorBaselines(content.items, viewX0, c.anchor)[c.occurrence];
      if (!baseline) {
        results.set(key(c), { ...c, text: null, reason: "its line could not be found on the page image" });
        continue;
      }
      const band = [c.x0 + viewX0, baseline.y - baseline.size * 0.32, c.x1 + viewX0, baseline.y + baseline.size * 0.95];
      if (c.cell === null && images && !images.some((r) => overlaps(r, ...band))) {
        results.set(key(c), { ...c, text: "", confidence: 0 });
        continue;
      }
      if (recognised >= maxCells) {
        results.set(key(c), { ...c, text: null, reason: `text recognition stopped at the limit of ${maxCells} cells per document (PA_OCR_MAX_CELLS)` });
        continue;
      }
      // The line's band: from a little above the capitals to below the descenders.
      const [, top] = viewport.convertToViewportPoint(c.x0 + viewX0, baseline.y + baseline.size * 0.95);
      const [, bottom] = viewport.convertToViewportPoint(c.x0 + viewX0, baseline.y - baseline.size * 0.32);
      const x0 = Math.max(0, Math.floor((c.x0 - left) * scale));
      const x1 = Math.min(width, Math.ceil((c.x1 - left) * scale));
      const y0 = Math.max(0, Math.floor(Math.min(top, bottom)));
      const y1 = Math.min(height, Math.ceil(Math.max(top, bottom)));
      if (x1 - x0 < 4 || y1 - y0 < 4) {
        results.set(key(c), { ...c, text: null, reason: "its region on the page is empty" });
        continue;
      }
      const { createCanvas } = canvasModule();
      const crop = createCanvas(x1 - x0 + PAD * 2, y1 - y0 + PAD * 2);
      const ctx = crop.getContext("2d");
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, crop.width, crop.height);
      ctx.drawImage((await stripOf()).canvas, x0, y0, x1 - x0, y1 - y0, PAD, PAD, x1 - x0, y1 - y0);
      if (darkShare(crop) < BLANK_SHARE) {
        results.set(key(c), { ...c, text: "", confidence: 0 });
      } else {
        recognised++;
        try {
          results.set(key(c), { ...c, ...(await recogniseLine(crop)) });
        } catch (error) {
          results.set(key(c), { ...c, text: null, reason: `recognition failed: ${error instanceof Error ? error.message : String(error)}` });
        }
      }
      onCell?.(++done, cells.length);
    }
    page.cleanup();
  }
  return cells.map((c) => results.get(key(c)));
}
