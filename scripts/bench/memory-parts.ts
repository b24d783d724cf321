// The "memory by part" step of `npm run bench`: in a fresh process, the parts the server holds are started one after
// another and the process's resident size (RSS) and this thread's heap are read after each, so the table shows what
// each part adds: the embedded database (PGlite), its migrations (the schema engine), the Prisma client, a reading
// thread, text recognition, the policy reader thread, and what is left once the threads have stopped after
// PA_WORKER_IDLE_MS. Reading threads report their own heap (pool stats). Alone: `npx tsx scripts/bench/memory-parts.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fmt, runWhenMain } from "./stats";

type Row = Record<string, string>;

const IDLE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 0);

export async function benchMemoryParts(): Promise<Row> {
  process.env.PA_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "pa-bench-memory-"));
  process.env.PA_WORKER_IDLE_MS = String(IDLE_MS);
  process.env.PA_LOG_LEVEL = "error";
  delete process.env.DATABASE_URL;
  const row: Row = {};
  let last = process.memoryUsage();
  const step = (name: string, extra = "") => {
    (globalThis as { gc?: () => void }).gc?.();
    const now = process.memoryUsage();
    row[`memory: ${name}`] = `RSS ${mb(now.rss)} MB (${now.rss >= last.rss ? "+" : ""}${mb(now.rss - last.rss)}), heap ${mb(now.heapUsed)} MB, wasm/buffers ${mb(now.external)} MB${extra}`;
    last = now;
  };
  step("node + tsx, nothing loaded");
  const { startEmbeddedDatabase } = await import("../../lib/db/embedded");
  const db = await startEmbeddedDatabase();
  process.env.DATABASE_URL = db.url;
  step("embedded database (PGlite) open");
  const { applyMigrations } = await import("../../lib/db/apply-migrations");
  await applyMigrations(db.url);
  step("migrations applied (schema engine)");
  const { prisma, disconnectPrisma } = await import("../../lib/db/prisma");
  await prisma.workspace.count();
  step("Prisma client, one query");
  const { readDocumentContent } = await import("../../lib/documents/read-document-content");
  const { readingPoolStats } = await import("../../lib/documents/read-in-worker");
  const { formPdf, imageOnlyPdf, renderPng } = await import("../../lib/documents/test-fixtures");
  const form = await formPdf();
  await readDocumentContent(form, "pdf");
  step("reading thread, one text PDF", `; the thread's heap ${mb(readingPoolStats()?.heapUsed ?? 0)} MB`);
  // The bench's own fixture (pdf.js and the canvas rendering a page here, in this thread) is a row of its own, so that
  // the next row holds text recognition only: the server never renders a page on the thread that answers requests.
  const scan = await imageOnlyPdf([{ png: await renderPng(form, 150 / 72) }]);
  step("the bench's fixture: one page rendered to an image here (not a part of the server)");
  await readDocumentContent(scan, "pdf");
  step("text recognition, one image-only page", `; the thread's heap ${mb(readingPoolStats()?.heapUsed ?? 0)} MB`);
  const { readPdf } = await import("../../lib/documents/read-pdf");
  const { readPolicyPages } = await import("../../lib/policies/read/read-policy-pdf");
  const { policyReadingPoolStats } = await import("../../lib/policies/read/read-pages-in-worker");
  await readPolicyPages((await readPdf(form)).pages);
  step("policy reader thread, one page", `; the thread's heap ${mb(policyReadingPoolStats()?.heapUsed ?? 0)} MB`);
  await sleep(IDLE_MS * 3);
  step(`${IDLE_MS / 1000} s idle: threads stopped`, `; threads alive ${(readingPoolStats()?.alive ?? 0) + (policyReadingPoolStats()?.alive ?? 0)}`);
  await disconnectPrisma();
  await db.stop();
  fs.rmSync(process.env.PA_DATA_DIR, { recursive: true, force: true });
  return row;
}

runWhenMain("memory-parts.ts", benchMemoryParts);
