// Where a PDF page paints images, and at what resolution: a scanned page is one image, and recognition reads it best
// at the resolution it was scanned at. Plain JavaScript (a .d.mts beside it) for the reading worker threads.

/** Pages are never rendered for recognition above this (a 600 ppi scan is read at 300 dpi: twice the time, no gain). */
export const MAX_RECOGNITION_DPI = 300;

const multiply = (m, n) => [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];

/**
 * The images a page paints: `rect` [x0, y0, x1, y1] in PDF space (each image is the unit square under the current
 * transform) and, for image XObjects, their size in pixels (`width`, `height`; null when pdf.js does not give it).
 */
export async function pageImages(page, OPS) {
  const list = await page.getOperatorList();
  const painters = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat, OPS.paintInlineImageXObjectGroup].filter((n) => n !== undefined));
  const images = [];
  const stack = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args?.[0]) && args[0].length === 6) ctm = multiply(ctm, args[0]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (painters.has(fn)) {
      const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]]);
      const rect = [Math.min(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1])), Math.max(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[1]))];
      // paintImageXObject's arguments are [objId, width, height]; the inline forms carry the image data itself.
      const sized = fn === OPS.paintImageXObject && typeof args?.[1] === "number" && typeof args?.[2] === "number";
      const data = !sized && args?.[0] && typeof args[0].width === "number" ? args[0] : null;
      images.push({ rect, width: sized ? args[1] : (data?.width ?? null), height: sized ? args[2] : (data?.height ?? null) });
    }
  });
  return images;
}

/**
 * The resolution (dpi) to render a page at for recognition: the configured one, or the resolution of the page's
 * largest image when that is finer (up to MAX_RECOGNITION_DPI). A scan drawn smaller than it was scanned loses the
 * thin strokes of short numbers beside a table's ruling lines ("21" read as "1", "30" as "3"). Pure.
 */
export function recognitionDpi(images, configuredDpi) {
  let largest = null;
  for (const image of images) {
    const w = image.rect[2] - image.rect[0];
    const h = image.rect[3] - image.rect[1];
    if (!(w > 0 && h > 0) || !image.width || !image.height) continue;
    if (!largest || w * h > largest.area) largest = { area: w * h, ppi: Math.min((image.width / w) * 72, (image.height / h) * 72) };
  }
  if (!largest) return configuredDpi;
  // Not rounded: the image maps pixel for pixel onto the rendered page (2539 px over 612 pt is 298.7 dpi, not 299).
  return Math.max(configuredDpi, Math.min(MAX_RECOGNITION_DPI, largest.ppi));
}
