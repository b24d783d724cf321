import { afterEach, describe, expect, it } from "vitest";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import { newReadingPool, readingJob, readInWorker, readingPoolStats, type ReadProgress } from "../read-in-worker";
import { defaultReadWorkers, loadReadLimits, type ReadLimits } from "../read-limits";
import { formPdf, manyPagesPdf } from "../test-fixtures";
import type { ReadingPool } from "./reading-pool";

const pools: ReadingPool[] = [];
const poolOf = (opts: Parameters<typeof newReadingPool>[0]) => {
  const pool = newReadingPool(opts);
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

const limits = (overrides: Partial<ReadLimits> = {}): ReadLimits => ({ ...loadReadLimits(), ...overrides });
const pdfJob = (bytes: Uint8Array, overrides: Partial<ReadLimits> = {}, onProgress?: (p: ReadProgress) => void) =>
  readingJob({ bytes, kind: "pdf", contentType: "application/pdf" }, limits(overrides), onProgress);
const forms = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => formPdf([`Member Name: Patient ${i}`, `Reference number: ${7000 + i}`])));
/** A JSON document that needs far more than a small heap to parse. */
const hugeJson = () => new TextEncoder().encode(JSON.stringify({ items: Array.from({ length: 600_000 }, (_, i) => ({ id: i, name: `item ${i}` })) }));

describe("a pool of reading threads", () => {
  it("reads many documents on the same threads, each answer matched to its document", async () => {
    const pool = poolOf({ size: 2 });
    const docs = await forms(24);
    const contents = await Promise.all(docs.map((bytes) => pool.run(pdfJob(bytes))));
    contents.forEach((content, i) => expect(content.pages[0].text).toContain(`Reference number: ${7000 + i}`));
    expect(pool.stats()).toMatchObject({ spawned: 2, completed: 24, killed: 0, busy: 0, queued: 0 });
  });

  it("never runs more documents at once than it has threads", async () => {
    const pool = poolOf({ size: 2 });
    const docs = await Promise.all(Array.from({ length: 8 }, () => manyPagesPdf(20)));
    // Independent of the pool's own counter: the spans between a document's first progress and its answer overlap at
    // most twice.
    const spans: [number, number][] = [];
    await Promise.all(docs.map(async (bytes) => {
      let first = 0;
      await pool.run(pdfJob(bytes, {}, () => (first ||= performance.now())));
      spans.push([first, performance.now()]);
    }));
    const overlap = Math.max(...spans.map(([start]) => spans.filter(([s, e]) => s <= start && start < e).length));
    expect(overlap).toBeLessThanOrEqual(2);
    expect(pool.stats().peakBusy).toBe(2);
    expect(pool.stats().spawned).toBe(2);
  });

  it("stops a document over its time limit and reads the next one on a fresh thread", async () => {
    const pool = poolOf({ size: 1 });
    const [slow, next] = await Promise.all([manyPagesPdf(3), formPdf()]);
    const outcomes = await Promise.allSettled([pool.run(pdfJob(slow, { pageTimeoutMs: 1 })), pool.run(pdfJob(next))]);
    expect(outcomes[0].status).toBe("rejected");
    const error = (outcomes[0] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(DocumentOverLimit);
    expect(error.limit).toBe("page_time");
    expect(error.message).toMatch(/^Reading page \d+ of the document took longer than 0 s \(limit PA_READ_PAGE_TIMEOUT_MS\)\.$/);
    expect(outcomes[1].status).toBe("fulfilled");
    expect((outcomes[1] as PromiseFulfilledResult<{ pages: { text: string }[] }>).value.pages[0].text).toContain("Member Name: Jane Doe");
    expect(pool.stats()).toMatchObject({ spawned: 2, recycled: 0, killed: 1 });
  });

  it("a document that exhausts its thread's heap fails alone; the documents queued around it are read", async () => {
    const pool = poolOf({ size: 1 });
    const docs = await forms(3);
    const json = hugeJson();
    const heapMb = 48;
    const outcomes = await Promise.allSettled([
      pool.run(pdfJob(docs[0], { heapMb })),
      pool.run(readingJob({ bytes: json, kind: "json", contentType: "application/json" }, limits({ heapMb }))),
      pool.run(pdfJob(docs[1], { heapMb })),
      pool.run(pdfJob(docs[2], { heapMb })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const error = (outcomes[1] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(DocumentOverLimit);
    expect(error.limit).toBe("memory");
    expect(error.message).toBe("Reading the document needed more than 48 MB of memory (limit PA_READ_HEAP_MB).");
    expect(pool.stats()).toMatchObject({ spawned: 2, killed: 1 });
  });

  it("retires a thread after its number of documents, and after a document that leaves its heap large", async () => {
    const pool = poolOf({ size: 1, maxJobsPerWorker: 3 });
    for (const bytes of await forms(7)) await pool.run(pdfJob(bytes));
    expect(pool.stats()).toMatchObject({ spawned: 3, recycled: 2, completed: 7 });

    const strict = poolOf({ size: 1, maxHeapShare: 0 });
    for (const bytes of await forms(2)) await strict.run(pdfJob(bytes));
    expect(strict.stats()).toMatchObject({ spawned: 2, recycled: 2 });
  });

  it("keeps errors that are the document's own without losing the thread", async () => {
    const pool = poolOf({ size: 1 });
    const bad = pool.run(readingJob({ bytes: new TextEncoder().encode("{ nope"), kind: "json", contentType: "application/json" }, limits()));
    await expect(bad).rejects.toBeInstanceOf(SyntaxError);
    await expect(pool.run(pdfJob(await formPdf()))).resolves.toMatchObject({ pageCount: 1 });
    expect(pool.stats()).toMatchObject({ spawned: 1, killed: 0 });
  });

  it("hands a document that needs another heap size to a thread of that size, within the same thread count", async () => {
    const pool = poolOf({ size: 1 });
    const [a, b] = await forms(2);
    await pool.run(pdfJob(a));
    await pool.run(pdfJob(b, { heapMb: 96 }));
    expect(pool.stats()).toMatchObject({ spawned: 2, recycled: 1, alive: 1 });
  });

  it("stops a thread after idleMs without a job, and starts one again for the next document", async () => {
    const pool = poolOf({ size: 1, idleMs: 200 });
    const [a, b] = await forms(2);
    await pool.run(pdfJob(a));
    await expect.poll(() => pool.stats(), { timeout: 30_000 }).toMatchObject({ alive: 0, idled: 1 });
    await expect(pool.run(pdfJob(b))).resolves.toMatchObject({ pageCount: 1 });
    expect(pool.stats()).toMatchObject({ spawned: 2, alive: 1, killed: 0 });
  });

  it("shrinks to a smaller thread count as its threads finish", async () => {
    const pool = poolOf({ size: 3 });
    const docs = await forms(6);
    await Promise.all(docs.map((bytes) => pool.run(pdfJob(bytes))));
    expect(pool.stats().alive).toBe(3);
    const running = Promise.all(docs.slice(0, 3).map((bytes) => pool.run(pdfJob(bytes))));
    pool.resize(1);
    await running;
    await pool.run(pdfJob(docs[5]));
    expect(pool.stats()).toMatchObject({ alive: 1, spawned: 3 });
  });
});

describe("readInWorker", () => {
  it("reads through one process-wide pool of PA_READ_WORKERS threads", async () => {
    const docs = await forms(6);
    const before = readingPoolStats()?.spawned ?? 0;
    const contents = await Promise.all(docs.map((bytes) => readInWorker({ bytes, kind: "pdf", contentType: "application/pdf" }, { limits: { workers: 1 } })));
    expect(contents.map((c) => c.pages[0].text.includes("Reference number"))).toEqual(Array(6).fill(true));
    expect((readingPoolStats()?.spawned ?? 0) - before).toBeLessThanOrEqual(1);
    expect(readingPoolStats()?.peakBusy).toBe(1);
  });
});

describe.each([
  [1, 1],
  [2, 1],
  [3, 2],
  [4, 3],
  [8, 4],
  [64, 4],
])("PA_READ_WORKERS by default on %i cores", (cores, threads) => {
  it(`is ${threads}: one core left to the requests, at most 4 threads of up to PA_READ_HEAP_MB each`, () => {
    expect(defaultReadWorkers(cores)).toBe(threads);
  });
});
