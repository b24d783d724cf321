import { describe, expect, it } from "vitest";
import { formPdf, imageOnlyPdf, renderPng } from "../test-fixtures";
import { MAX_RECOGNITION_DPI, pageImages, recognitionDpi, type PageImage } from "./page-images.mjs";
import { loadPdfjs, openPdf } from "./read-pdf-core.mjs";

const letter = (ppi: number): PageImage => ({ rect: [0, 0, 612, 792], width: Math.round(8.5 * ppi), height: Math.round(11 * ppi) });

// Each row: the images a page paints and the configured resolution in, the resolution it is recognised at out.
const CASES: { name: string; images: PageImage[]; configured: number; dpi: number }[] = [
  { name: "a 300 ppi scan is read at 300 dpi, not shrunk to 150", images: [letter(300)], configured: 150, dpi: 300 },
  { name: "a 200 ppi scan at its own resolution", images: [letter(200)], configured: 150, dpi: 200 },
  { name: "a 150 ppi scan at the configured resolution", images: [letter(150)], configured: 150, dpi: 150 },
  { name: "a coarse fax image is never read below the configured resolution", images: [letter(100)], configured: 150, dpi: 150 },
  { name: "a 600 ppi scan is capped", images: [letter(600)], configured: 150, dpi: MAX_RECOGNITION_DPI },
  { name: "a configured resolution above the cap is kept", images: [letter(600)], configured: 400, dpi: 400 },
  { name: "the largest image decides, not a small logo", images: [{ rect: [20, 700, 80, 760], width: 600, height: 600 }, letter(200)], configured: 150, dpi: 200 },
  { name: "an image of unknown size leaves the configured resolution", images: [{ rect: [0, 0, 612, 792], width: null, height: null }], configured: 150, dpi: 150 },
  { name: "no image", images: [], configured: 150, dpi: 150 },
  { name: "an image stretched more across than down: the coarser direction counts", images: [{ rect: [0, 0, 612, 792], width: 2550, height: 1650 }], configured: 150, dpi: 150 },
];

describe("the resolution a page is recognised at", () => {
  it.each(CASES)("$name", ({ images, configured, dpi }) => {
    expect(recognitionDpi(images, configured)).toBe(dpi);
  });

  it("finds a scanned page's image with its size in pixels", async () => {
    const png = await renderPng(await formPdf(), 300 / 72);
    const doc = await openPdf(await imageOnlyPdf([{ png }]));
    try {
      const { OPS } = await loadPdfjs();
      const images = await pageImages(await doc.getPage(1), OPS);
      expect(images).toEqual([{ rect: [0, 0, 612, 792], width: 2550, height: 3300 }]);
      expect(recognitionDpi(images, 150)).toBe(300);
    } finally {
      await doc.destroy();
    }
  });
});
