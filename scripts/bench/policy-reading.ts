// The "policy layout reading" step of `npm run bench`: the family readers' layout analysis of the 288-page corpus
// formulary (policy-families/policies/202.pdf under BENCH_CORPUS, default ../shared/corpus), in this thread
// (readPolicyDocument) and off it (readPolicyPages, the policy reading thread): the reading time, and the longest
// block of this thread's event loop meanwhile (perf_hooks monitorEventLoopDelay, max), which is what a request
// arriving during an upload waits at worst. The pages' text layer is read first and not measured.
// Alone: `npx tsx scripts/bench/policy-reading.ts`.
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { readPdf, type PdfPage } from "../../lib/documents/read-pdf";
import { policyReadingPoolStats } from "../../lib/policies/read/read-pages-in-worker";
import { readPolicyDocument } from "../../lib/policies/read/read-policy-document";
import { readPolicyPages } from "../../lib/policies/read/read-policy-pdf";
import { fmt, percentile, runWhenMain } from "./stats";

type Row = Record<string, string>;
type Run = { ms: number; maxBlockMs: number; sections: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long `read` takes and the longest the event loop was blocked meanwhile (10 ms resolution). */
async function measured(read: () => Promise<{ sections: unknown[] }> | { sections: unknown[] }): Promise<Run> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await sleep(50); // ticks before the reading (reset() would drop the tick that ends a block right after it)
  const started = performance.now();
  const reading = await read();
  const ms = performance.now() - started;
  await sleep(30); // the last delay is recorded when the loop turns again
  delay.disable();
  return { ms, maxBlockMs: delay.max / 1e6, sections: reading.sections.length };
}

const line = (runs: Run[]) =>
  `${fmt(percentile(runs.map((r) => r.ms), 50), 0)} ms reading (median of ${runs.length}); longest event-loop block ${fmt(Math.max(...runs.map((r) => r.maxBlockMs)), 0)} ms; ${runs[0].sections} sections`;

export async function benchPolicyReading(runs = 3): Promise<Row> {
  const file = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus", "policy-families", "policies", "202.pdf");
  if (!fs.existsSync(file)) return { "policy layout reading (202.pdf, 288 pages)": `n/a (${file} missing)` };
  const pages: PdfPage[] = (await readPdf(new Uint8Array(fs.readFileSync(file)))).pages;
  const label = `${pages.length}-page formulary 202.pdf`;
  const idle = await measured(async () => (await sleep(300), { sections: [] }));
  const here: Run[] = [];
  for (let i = 0; i < runs; i++) here.push(await measured(() => readPolicyDocument(pages)));
  const spawned = policyReadingPoolStats()?.spawned ?? 0;
  const cold = await measured(() => readPolicyPages(pages));
  const warm: Run[] = [];
  for (let i = 0; i < runs; i++) warm.push(await measured(() => readPolicyPages(pages)));
  const threads = (policyReadingPoolStats()?.spawned ?? 0) - spawned;
  return {
    "policy layout reading: the event loop idle for 300 ms (the probe's own resolution, 10 ms)": `longest event-loop block ${fmt(idle.maxBlockMs, 0)} ms`,
    [`policy layout reading, ${label}: in the request thread (before)`]: line(here),
    [`policy layout reading, ${label}: off-thread, first document (thread start + reader load)`]: line([cold]),
    [`policy layout reading, ${label}: off-thread, thread kept (after)`]: `${line(warm)}; ${threads} thread(s) started`,
  };
}

runWhenMain("policy-reading.ts", benchPolicyReading);
