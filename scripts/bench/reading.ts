// The "reading pool" step of `npm run bench`: documents per second through readDocumentContent (the reading worker
// threads, no server, no database) for 50 small text PDFs and 10 one-page image-only PDFs (text recognition), all
// handed over at once, with one and with two reading threads. Alone: `npx tsx scripts/bench/reading.ts`.
import os from "node:os";
import { readDocumentContent } from "../../lib/documents/read-document-content";
import { readingPoolStats } from "../../lib/documents/read-in-worker";
import { formPdf, imageOnlyPdf, renderPng, FORM_LINES } from "../../lib/documents/test-fixtures";
import { fmt, runWhenMain } from "./stats";

type Row = Record<string, string>;

type Figure = { perSecond: number; seconds: number; failed: number; threads: number };

async function throughput(docs: Uint8Array[], workers: number): Promise<Figure> {
  const spawned = readingPoolStats()?.spawned ?? 0;
  const started = performance.now();
  const results = await Promise.allSettled(docs.map((bytes) => readDocumentContent(bytes, "pdf", { limits: { workers } })));
  const seconds = (performance.now() - started) / 1000;
  const threads = (readingPoolStats()?.spawned ?? 0) - spawned;
  return { perSecond: docs.length / seconds, seconds, failed: results.filter((r) => r.status === "rejected").length, threads };
}

const line = (r: Figure) => `${fmt(r.perSecond, 2)} docs/s (${fmt(r.seconds, 1)} s, ${r.threads} thread(s) started${r.failed ? `, ${r.failed} failed` : ""})`;

export async function benchReading(): Promise<Row> {
  const texts = await Promise.all(Array.from({ length: 50 }, (_, i) => formPdf([...FORM_LINES, `Reference number: ${1000 + i}`])));
  const scan = await renderPng(await formPdf(), 150 / 72);
  const images = await Promise.all(Array.from({ length: 10 }, () => imageOnlyPdf([{ png: scan }])));
  const row: Row = {};
  const counts = os.availableParallelism() >= 2 ? [1, 2] : [1];
  for (const workers of counts) {
    row[`reading: 50 text PDFs, ${workers} thread(s)`] = line(await throughput(texts, workers));
    row[`reading: 10 one-page image PDFs (OCR), ${workers} thread(s)`] = line(await throughput(images, workers));
  }
  return row;
}

runWhenMain("reading.ts", benchReading);
