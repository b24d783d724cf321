// Text recognition end to end in the reading worker (slow: tesseract on one core; run under the heavy lock).
import { describe, expect, it } from "vitest";
import { readDocumentContent } from "../read-document-content";
import { formPdf, imageOnlyPdf, renderPng } from "../test-fixtures";

type OcrPage = { page: number; text: string; source?: string; layout?: { lines: unknown[] }; ocr?: { confidence: number; rotation: number; words: [number, number, number, number, string][] } };

describe("text recognition of pages without a text layer", () => {
  it("reads an upright scan, an upside-down scan and a blank page of an image-only PDF", async () => {
    const png = await renderPng(await formPdf());
    const progress: string[] = [];
    const content = await readDocumentContent(await imageOnlyPdf([{ png }, { png, rotate: 180 }], 1), "pdf", {
      onProgress: (p) => progress.push(`${p.phase} ${p.done}/${p.total}`),
    });
    const pages = content.pages as OcrPage[];
    expect(pages).toHaveLength(3);
    for (const page of pages.slice(0, 2)) {
      expect(page.source).toBe("ocr");
      expect(page.text).toContain("Member Name: Jane Doe");
      expect(page.text).toContain("Date of Birth: 04/17/1980");
      expect(page.text).toContain("1234567893");
      expect(page.text).toContain("K50.90");
      expect(page.ocr!.confidence).toBeGreaterThan(70);
      expect(page.ocr!.words.some((w) => w[4] === "Humira")).toBe(true);
      expect(page.layout!.lines).toHaveLength(page.text.split("\n").length);
    }
    expect(pages[0].ocr!.rotation).toBe(0);
    expect(pages[1].ocr!.rotation).toBe(180);
    expect(pages[2].text).toBe("");
    expect(content.warnings).toEqual([]);
    expect(progress).toEqual(["text 1/3", "text 2/3", "text 3/3", "ocr 0/3", "ocr 1/3", "ocr 2/3", "ocr 3/3"]);
  }, 180_000);

  it("reads a PNG image document", async () => {
    const png = await renderPng(await formPdf());
    const content = await readDocumentContent(new Uint8Array(png), "image", { contentType: "image/png" });
    expect(content.pageCount).toBe(1);
    expect(content.pages[0].text).toContain("Prescriber NPI: 1234567893");
  }, 120_000);
});
