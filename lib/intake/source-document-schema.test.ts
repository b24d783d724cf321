import { describe, expect, it } from "vitest";
import { UnreadableRecord } from "@/lib/stored-record";
import { readStoredPages } from "@/lib/documents/layout/source-document";

const pages = [
  { page: 1, text: "Member Name: | Jane Doe", layout: { width: 612, lines: [[[36, 110], [120, 200]]] } },
  { page: 2, text: "scanned", source: "ocr", ocr: { confidence: 87, rotation: 0, words: [[10, 10, 60, 20, "scanned"]] } },
];

describe("stored pages", () => {
  it("pages as the reader stores them today read back as stored, what recognition saw included", () => {
    expect(readStoredPages(JSON.parse(JSON.stringify(pages)), "the pages of document d1")).toEqual(pages);
  });

  it("a document with no pages stored (JSON) has none", () => {
    expect(readStoredPages(null, "the pages of document d1")).toEqual([]);
  });

  it("pages of another shape are reported, naming the page", () => {
    expect(() => readStoredPages([{ page: 1, text: 42 }], "the pages of document d1")).toThrow(UnreadableRecord);
    expect(() => readStoredPages({ 1: "text" }, "the pages of document d1")).toThrow(/^The pages of document d1 cannot be read: it was written by an older engine/);
  });
});
