import { describe, expect, it } from "vitest";
import { readDocumentContent } from "./read-document-content";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import { PdfReadError } from "./read-pdf";
import { bombPdf, formPdf, manyPagesPdf } from "./test-fixtures";

const limitOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DocumentOverLimit);
  return error as DocumentOverLimit;
};

describe("reading documents in a worker thread", () => {
  it("reads a PDF's text per page with progress", async () => {
    const progress: string[] = [];
    const content = await readDocumentContent(await formPdf(), "pdf", { onProgress: (p) => progress.push(`${p.phase} ${p.done}/${p.total}`) });
    expect(content.pageCount).toBe(1);
    expect(content.pages[0].text).toContain("Member Name: Jane Doe");
    expect(content.pages[0].layout?.lines.length).toBe(6);
    expect(progress).toEqual(["text 1/1"]);
  });

  it("refuses a decompression bomb before pdf.js inflates it", async () => {
    const bomb = bombPdf(120);
    expect(bomb.byteLength).toBeLessThan(300 * 1024);
    const started = Date.now();
    const error = await limitOf(readDocumentContent(bomb, "pdf"));
    expect(error.limit).toBe("inflated_bytes");
    expect(error.message).toMatch(/inflates to more than 64 MB \(limit PA_PDF_MAX_INFLATED_MB\)/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("refuses a PDF over the page limit, naming both counts", async () => {
    const error = await limitOf(readDocumentContent(await manyPagesPdf(30), "pdf", { limits: { maxPages: 20 } }));
    expect(error.limit).toBe("pages");
    expect(error.message).toBe("The PDF has 30 pages; at most 20 pages are read per document (limit PA_PDF_MAX_PAGES).");
  });

  it("terminates a reader whose page takes too long", async () => {
    const error = await limitOf(readDocumentContent(await manyPagesPdf(3), "pdf", { limits: { pageTimeoutMs: 1 } }));
    expect(error.limit).toBe("page_time");
  });

  it("terminates a reader that needs more memory than its heap limit", async () => {
    const json = new TextEncoder().encode(JSON.stringify({ items: Array.from({ length: 400_000 }, (_, i) => ({ id: i, name: `item ${i}` })) }));
    const error = await limitOf(readDocumentContent(json, "json", { limits: { heapMb: 16 } }));
    expect(error.limit).toBe("memory");
  });

  it("reads a 20 MB text in seconds, cut at the character limit with a warning", async () => {
    const line = "Progress note: patient seen in clinic, labs reviewed, plan unchanged.\n";
    const bytes = new TextEncoder().encode(line.repeat(Math.ceil((20 * 1024 * 1024) / line.length)));
    const started = Date.now();
    const content = await readDocumentContent(bytes, "text");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(content.pages).toHaveLength(1);
    expect(content.pages[0].text.length).toBeLessThanOrEqual(1_000_000);
    expect(content.pages[0].text.endsWith("unchanged.")).toBe(true);
    expect(content.warnings?.[0]).toMatch(/^Only the first 1000000 of \d+ characters were read \(limit PA_TEXT_MAX_CHARS\)\.$/);
  });

  it("keeps readable errors: damaged PDF, bad JSON", async () => {
    await expect(readDocumentContent(new TextEncoder().encode("%PDF-1.7\nnot a pdf"), "pdf")).rejects.toBeInstanceOf(PdfReadError);
    await expect(readDocumentContent(new TextEncoder().encode("{ nope"), "json")).rejects.toBeInstanceOf(SyntaxError);
  });
});

describe("a PDF of thousands of pages", () => {
  it("is refused from its page count, without reading the pages", async () => {
    const pdf = (await import("./test-fixtures")).sharedContentPdf(5000);
    expect(pdf.byteLength).toBeLessThan(600 * 1024);
    const started = Date.now();
    const error = await limitOf(readDocumentContent(pdf, "pdf"));
    expect(error.message).toBe("The PDF has 5000 pages; at most 500 pages are read per document (limit PA_PDF_MAX_PAGES).");
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
