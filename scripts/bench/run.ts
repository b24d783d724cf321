// `npm run bench`: load figures of the production build on the embedded database and, with BENCH_DATABASE_URL, on a
// real PostgreSQL (a throw-away database is created beside the one named and dropped afterwards). All traffic goes
// to 127.0.0.1. Each load phase lasts at most 10 s; the soak lasts BENCH_SOAK_SECONDS (30 s), 10 minutes with --soak.
// BENCH_PHASES (default all: memory,reading,read,write,ocr,policy,soak) runs a part only, for a quick comparison.
// Results: a markdown table printed and written to bench/results/.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startServer, type ServerProcess } from "../../e2e/support/server-process";
import { startDocServer, send } from "../../e2e/support/doc-server";
import { makePdf, PA_FORM_PAGE } from "../../e2e/support/fixtures";
import { fmt, percentile } from "./stats";
import { groupMemory, serverMemory, slopeMbPerMinute } from "./memory";
import { pdfsUnder } from "../corpus-files";
import { imageOnlyPdf, renderPng } from "../../lib/documents/test-fixtures";
import { benchReading } from "./reading";
import { benchPolicyReading } from "./policy-reading";
import { benchReadSteps } from "./read-steps";

const PHASE_SECONDS = Math.min(10, Number(process.env.BENCH_PHASE_SECONDS ?? 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const ALL_PHASES = "memory,reading,read,write,ocr,policy,soak";
const PHASES = new Set((process.env.BENCH_PHASES ?? ALL_PHASES).split(",").map((p) => p.trim()));
const SOAK_SECONDS = process.argv.includes("--soak") ? 600 : Number(process.env.BENCH_SOAK_SECONDS ?? 30);
/** Reading and recognition threads of the server stop after this long without work (PA_WORKER_IDLE_MS). */
const WORKER_IDLE_MS = 5_000;

type Row = Record<string, string>;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await fn();
  return [performance.now() - started, value];
}

type Sample = { latencies: number[]; statuses: number[]; unfinished: number; lastBody?: Record<string, unknown> };

/** A synchronous create answered with its final state (not still Processing after PA_SYNC_TIMEOUT_MS). */
const finished = (body: Record<string, unknown>) => body.status !== "Processing";

/**
 * Runs `once` one at a time for up to PHASE_SECONDS (at most `max` times); latencies of 2xx answers only. It stops at
 * the first error status, so a refusing route shows as "HTTP <status>" rather than as a fast figure.
 */
async function sequential(once: () => Promise<Response>, max: number, isDone?: (body: Record<string, unknown>) => boolean): Promise<Sample> {
  const sample: Sample = { latencies: [], statuses: [], unfinished: 0 };
  const deadline = Date.now() + PHASE_SECONDS * 1000;
  while (Date.now() < deadline && sample.statuses.length < max) {
    const [ms, response] = await timed(once);
    const text = await response.text();
    sample.statuses.push(response.status);
    if (!response.ok) break;
    sample.latencies.push(ms);
    sample.lastBody = JSON.parse(text) as Record<string, unknown>;
    if (isDone && !isDone(sample.lastBody)) sample.unfinished += 1;
  }
  return sample;
}

function summary(sample: Sample): string {
  if (!sample.latencies.length) return `n/a (HTTP ${sample.statuses[0] ?? "-"})`;
  const tail = sample.unfinished ? `, ${sample.unfinished} still Processing` : "";
  return `${fmt(percentile(sample.latencies, 50), 0)} / ${fmt(percentile(sample.latencies, 95), 0)} (${sample.latencies.length}${tail})`;
}

/** BENCH_CORPUS (default ../shared/corpus): its first policy PDF and the approve variant of the case with that number. */
function corpusMaterial(): { policy: string; caseName: string; casePdfs: string[] } | null {
  const root = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus", "policy-cases");
  const policies = path.join(root, "policies");
  if (!fs.existsSync(policies)) return null;
  for (const file of fs.readdirSync(policies).filter((f) => f.endsWith(".pdf")).sort()) {
    const caseDir = path.join(root, path.basename(file, ".pdf"), "a");
    if (fs.existsSync(caseDir)) return { policy: path.join(policies, file), caseName: `${path.basename(file, ".pdf")}/a`, casePdfs: pdfsUnder(caseDir) };
  }
  return null;
}

async function bareQuery(url: string, id: string) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  await pool.query('SELECT * FROM "PriorAuth" WHERE id = $1', [id]);
  const latencies: number[] = [];
  const deadline = Date.now() + PHASE_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const [ms] = await timed(() => pool.query('SELECT * FROM "PriorAuth" WHERE id = $1', [id]));
        latencies.push(ms);
      }
    }),
  );
  await pool.end();
  return { perSecond: latencies.length / PHASE_SECONDS, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** autocannon with every response's latency kept (its own histogram has no p95). */
function load(opts: autocannon.Options): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve({ result, latencies })));
    instance.on("response", (_client, status: number, _bytes: number, ms: number) => {
      if (status < 300) latencies.push(ms);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number | undefined) => (kb ? fmt(kb / 1024, 0) : "n/a");

/** The pages of `pdf` rendered to 200 dpi images and bound again as an image-only PDF, as a fax server sends them. */
async function faxOf(pdf: Uint8Array): Promise<Uint8Array> {
  const { PDFDocument } = await import("pdf-lib");
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const pngs = [];
  for (let i = 1; i <= pages; i++) pngs.push({ png: await renderPng(pdf, 200 / 72, i) });
  return imageOnlyPdf(pngs);
}

/** A case from the fax, its reading timed, while /api/health is polled every 200 ms (latencies in ms). */
async function ocrPhase(baseURL: string, api: (p: string, init?: RequestInit) => Promise<Response>, url: string) {
  const health: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const [ms] = await timed(() => fetch(`${baseURL}/api/health`).then((r) => r.text()));
      health.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const started = performance.now();
  let status = "Processing";
  try {
    const created = await (await api("/prior_auths", { method: "POST", body: JSON.stringify({ case_id: `bench-fax-${Date.now()}`, document_url: url }) })).json();
    const deadline = Date.now() + 300_000;
    while (status === "Processing" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = ((await (await api(`/prior_auths/${created.id}`)).json()) as { status: string }).status;
    }
  } finally {
    polling = false;
    await poller;
  }
  return { seconds: status === "Processing" ? null : (performance.now() - started) / 1000, status, health };
}

async function benchBackend(label: string, databaseUrl: string | null): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env, PA_DATA_DIR: dataDir, PA_LOG_LEVEL: "error", PA_FETCH_ALLOW_HOSTS: "127.0.0.1", PA_RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT ?? "1000000000",
    PA_SYNC_TIMEOUT_MS: "60000", NEXT_TELEMETRY_DISABLED: "1", PA_WORKER_IDLE_MS: String(WORKER_IDLE_MS),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const form = await makePdf([PA_FORM_PAGE]);
  const tenPages = await makePdf([PA_FORM_PAGE, ...Array.from({ length: 9 }, (_, i) => `Progress note, page ${i + 2}\nSeizures continue despite clobazam and valproate.\nPlan: start Epidiolex.`)]);
  const fax = PHASES.has("ocr") ? await faxOf(tenPages) : new Uint8Array();
  const docs = await startDocServer({ "/form.pdf": send("application/pdf", form), "/ten-pages.pdf": send("application/pdf", tenPages), "/fax.pdf": send("application/pdf", fax) });
  let server: ServerProcess | null = null;
  const row: Row = {};
  try {
    console.error(`[${label}] starting the server`);
    server = await startServer(env, PORT);
    const group = server.child.pid!;
    const out = execFileSync("npx", ["tsx", "scripts/pa.ts", "workspace", "create", "--name", "Bench", "--admin-email", `bench-${Date.now()}@bench.test`, "--admin-password", "bench-password-1", "--json"], { env, encoding: "utf8" });
    const apiKey = JSON.parse(out.trim().split("\n").pop()!).api_key as string;
    const headers = { "X-API-Key": apiKey, "Content-Type": "application/json" };
    const api = (p: string, init: RequestInit = {}) => fetch(`${server!.baseURL}/api/v1${p}`, { ...init, headers: { ...headers, ...init.headers } });

    const seed = await (await api("/prior_auths", { method: "POST", body: JSON.stringify({ case_id: "bench-seed", document_url: docs.url("/form.pdf"), synchronous_request: true }) })).json();
    const id = seed.id as string;
    await sleep(WORKER_IDLE_MS * 2); // the seed's reading thread stops
    row["server RSS idle after start MB"] = mb(serverMemory(group)?.rssKb);

    if (PHASES.has("read")) {
      console.error(`[${label}] GET /prior_auths/{id}: ${PHASE_SECONDS} s, ${CONNECTIONS} connections, beside a bare SELECT of the row`);
      const url = `${server.baseURL}/api/v1/prior_auths/${id}`;
      await autocannon({ url, headers, connections: CONNECTIONS, duration: 5 }); // warm-up: the JIT and the connection pools
      const get = await load({ url, headers, connections: CONNECTIONS, duration: PHASE_SECONDS });
      const dbUrl = databaseUrl ?? `postgresql://postgres:postgres@127.0.0.1:${JSON.parse(fs.readFileSync(path.join(dataDir, "embedded-db.json"), "utf8")).port}/postgres?sslmode=disable`;
      const bare = await bareQuery(dbUrl, id);
      const apiP50 = percentile(get.latencies, 50);
      row["GET /prior_auths/{id} p50 / p95 ms"] = `${fmt(apiP50, 2)} / ${fmt(percentile(get.latencies, 95), 2)}`;
      row["bare SELECT of the row p50 / p95 ms"] = `${fmt(bare.p50, 2)} / ${fmt(bare.p95, 2)}`;
      row["GET p50 / bare p50"] = apiP50 && bare.p50 ? `${fmt(apiP50 / bare.p50, 1)}x` : "n/a";
      row["GET req/s / bare q/s"] = `${fmt(get.result.requests.average, 0)} / ${fmt(bare.perSecond, 0)} = ${get.result.requests.average && bare.perSecond ? fmt((get.result.requests.average / bare.perSecond) * 100) : "n/a"} %`;
      row["GET non-2xx"] = String(get.result.non2xx + get.result.errors + get.result.timeouts);
      // The framework's floor beside it: a route with one query and no key (what authentication and the read add).
      const health = await autocannon({ url: `${server.baseURL}/api/health`, connections: CONNECTIONS, duration: PHASE_SECONDS });
      row["GET /api/health req/s (no key, 1 query)"] = fmt(health.requests.average, 0);
      // Where one request's time goes, sequentially (no concurrency): each step in this process beside the whole request.
      const databaseBefore = process.env.DATABASE_URL;
      process.env.DATABASE_URL = dbUrl;
      try {
        Object.assign(row, await benchReadSteps({ url, key: apiKey }));
      } finally {
        if (databaseBefore === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = databaseBefore;
      }
    }

    if (PHASES.has("write")) {
      console.error(`[${label}] POST /prior_auths synchronous_request, 10-page PDF`);
      let n = 0;
      const create = await sequential(
        () => api("/prior_auths", { method: "POST", body: JSON.stringify({ case_id: `bench-sync-${n++}`, document_url: docs.url("/ten-pages.pdf"), synchronous_request: true }) }),
        50,
        finished,
      );
      row["POST sync 10-page PDF p50 / p95 ms (n)"] = summary(create);
    }

    if (PHASES.has("ocr")) {
      console.error(`[${label}] text recognition of a 10-page image-only fax, /api/health polled every 200 ms`);
      const ocr = await ocrPhase(server.baseURL, api, docs.url("/fax.pdf"));
      row["OCR 10-page image-only fax: s, pages/s"] = ocr.seconds === null ? `n/a (${ocr.status})` : `${fmt(ocr.seconds, 1)} s, ${fmt(10 / ocr.seconds, 2)} pages/s (${ocr.status})`;
      row["/api/health during OCR p50 / max ms (n)"] = `${fmt(percentile(ocr.health, 50), 0)} / ${fmt(Math.max(...ocr.health), 0)} (${ocr.health.length})`;
    }

    if (PHASES.has("policy")) {
      // Policy check and determination on the corpus's real payer policy and case PDFs when present, else on the
      // synthetic form and a one-paragraph policy.
      const material = corpusMaterial();
      let caseId = id;
      if (material) {
        console.error(`[${label}] POST /policies: ${path.basename(material.policy)} (PDF)`);
        const [policyMs, policy] = await timed(() => api("/policies", { method: "POST", body: new Uint8Array(fs.readFileSync(material.policy)), headers: { "Content-Type": "application/pdf", "X-File-Name": path.basename(material.policy) } }));
        if (policy.status !== 201) throw new Error(`policy upload: HTTP ${policy.status} ${await policy.text()}`);
        const parsed = (await policy.json()) as { criteria_count?: number };
        row[`POST /policies ${path.basename(material.policy)} ms`] = `${fmt(policyMs, 0)} (${parsed.criteria_count ?? "?"} criteria)`;
        // An upload reads the PDF's text once (kept per page); a case made of uploads reuses it.
        const refs: string[] = [];
        const uploadMs: number[] = [];
        for (const file of material.casePdfs) {
          const [ms, uploaded] = await timed(() => api("/documents", { method: "POST", body: new Uint8Array(fs.readFileSync(file)), headers: { "Content-Type": "application/pdf", "X-File-Name": path.basename(file) } }));
          uploadMs.push(ms);
          refs.push(((await uploaded.json()) as { document_url: string }).document_url);
        }
        row[`POST /documents, case ${material.caseName} PDFs, ms each`] = uploadMs.map((ms) => fmt(ms, 0)).join(", ");
        console.error(`[${label}] POST /prior_auths synchronous_request, case ${material.caseName} (${refs.length} PDFs)`);
        let k = 0;
        const corpusCreate = await sequential(
          () => api("/prior_auths", { method: "POST", body: JSON.stringify({ case_id: `bench-corpus-${k++}`, ePA: { document_urls: refs }, synchronous_request: true }) }),
          20,
          finished,
        );
        row[`POST sync case ${material.caseName} from its ${refs.length} uploads p50 / p95 ms (n)`] = summary(corpusCreate);
        caseId = corpusCreate.lastBody?.id as string;
      } else {
        await api("/policies", {
          method: "POST",
          body: JSON.stringify({ title: "Epidiolex (cannabidiol)", status: "active", drug_names: ["Epidiolex", "cannabidiol"], text: "Epidiolex is covered for Lennox-Gastaut syndrome (G40.811) in patients 2 years and older after a trial of clobazam." }),
        });
      }
      for (const name of ["policy_check", "determination"] as const) {
        console.error(`[${label}] POST /prior_auths/{id}/${name}`);
        const result = await sequential(() => api(`/prior_auths/${caseId}/${name}`, { method: "POST", body: "{}" }), 200);
        row[`${name} p50 / p95 ms (n)`] = summary(result);
      }
      row["case material"] = material ? `${path.relative(process.cwd(), material.policy)}, case ${material.caseName}` : "synthetic (no corpus)";
    }

    if (PHASES.has("soak")) Object.assign(row, await soak(label, group, server.baseURL, headers, id, api, docs.url("/form.pdf")));

    await sleep(WORKER_IDLE_MS * 2); // reading and recognition threads stop after PA_WORKER_IDLE_MS without work
    const memory = groupMemory(group).sort((a, b) => b.rssKb - a.rssKb);
    row["server RSS idle after load MB"] = mb(memory[0]?.rssKb);
    row["server peak RSS (VmHWM) MB"] = mb(Math.max(0, ...memory.map((p) => p.hwmKb)));
    row["other processes of the group, RSS MB"] = memory.slice(1).map((p) => mb(p.rssKb)).join(", ") || "none";
  } finally {
    await server?.stop();
    await docs.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

/**
 * SOAK_SECONDS of moderate load (reads at 50 requests/s and a synchronous create every 2 s): the server's RSS every
 * 5 s and its least-squares slope, which stays near zero when nothing leaks.
 */
async function soak(label: string, group: number, baseURL: string, headers: Record<string, string>, id: string, api: (p: string, init?: RequestInit) => Promise<Response>, formUrl: string): Promise<Row> {
  console.error(`[${label}] soak: ${SOAK_SECONDS} s at 50 reads/s and a create every 2 s`);
  const started = performance.now();
  const samples: { seconds: number; mb: number }[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const rss = serverMemory(group)?.rssKb;
      if (rss) samples.push({ seconds: (performance.now() - started) / 1000, mb: rss / 1024 });
      await sleep(5_000);
    }
  })();
  let creates = 0;
  let failed = 0;
  const writer = (async () => {
    while (running) {
      const response = await api("/prior_auths", { method: "POST", body: JSON.stringify({ case_id: `bench-soak-${creates++}`, document_url: formUrl, synchronous_request: true }) });
      if (!response.ok) failed++;
      await response.text();
      await sleep(2_000);
    }
  })();
  const reads = await autocannon({ url: `${baseURL}/api/v1/prior_auths/${id}`, headers, connections: 2, overallRate: 50, duration: SOAK_SECONDS });
  running = false;
  await Promise.all([sampler, writer]);
  const slope = slopeMbPerMinute(samples.slice(Math.floor(samples.length / 5))); // after the first fifth (warm-up)
  return {
    [`soak ${SOAK_SECONDS} s: reads, creates (failed)`]: `${reads.requests.total} (${reads.non2xx + reads.errors} non-2xx), ${creates} (${failed})`,
    [`soak RSS first / last / max MB, slope MB/min`]: samples.length
      ? `${fmt(samples[0].mb, 0)} / ${fmt(samples.at(-1)!.mb, 0)} / ${fmt(Math.max(...samples.map((s) => s.mb)), 0)}, ${fmt(slope, 2)}`
      : "n/a",
  };
}

/** A fresh database beside BENCH_DATABASE_URL's, so that the bench never touches that database's data. */
async function throwawayDatabase(baseUrl: string) {
  const name = `pa_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main() {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.error("No production build: running next build once");
    execFileSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  }
  const reading: Row = {};
  if (PHASES.has("memory")) {
    console.error("[memory] what each part adds to a fresh process (no server)");
    const out = execFileSync("npx", ["tsx", "--expose-gc", "scripts/bench/memory-parts.ts"], { encoding: "utf8", env: { MALLOC_ARENA_MAX: "2", ...process.env } });
    for (const [, metric, value] of out.matchAll(/^\| (.+?) \| (.+) \|$/gm)) reading[metric] = value;
  }
  if (PHASES.has("reading")) {
    console.error("[reading] documents per second through the reading threads (no server)");
    Object.assign(reading, await benchReading());
    console.error("[policy reading] the layout reader on the 288-page formulary, in the request thread and off it (no server)");
    Object.assign(reading, await benchPolicyReading());
  }
  const columns: [string, Row][] = [["embedded (PGlite)", await benchBackend("embedded", null)]];
  if (process.env.BENCH_DATABASE_URL) {
    const db = await throwawayDatabase(process.env.BENCH_DATABASE_URL);
    try {
      columns.push(["PostgreSQL", await benchBackend("postgres", db.url)]);
    } finally {
      await db.drop();
    }
  }
  const metrics = Object.keys(columns[0][1]);
  const date = new Date().toISOString();
  const lines = [
    `# Benchmarks ${date.slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Production build, ${os.cpus().length} cores, Node ${process.version}; ${CONNECTIONS} connections, ${PHASE_SECONDS} s per load phase; ${process.env.BENCH_RATE_LIMIT === "0" ? "rate limit off" : "rate limit on (never reached)"}; phases ${[...PHASES].join(", ")}${PHASES.has("soak") ? ` (soak ${SOAK_SECONDS} s)` : ""}; reading threads stop after ${WORKER_IDLE_MS / 1000} s idle.`,
    "",
    `| metric | ${columns.map(([name]) => name).join(" | ")} |`,
    `|---|${columns.map(() => "---").join("|")}|`,
    ...metrics.map((metric) => `| ${metric} | ${columns.map(([, row]) => row[metric] ?? "n/a").join(" | ")} |`),
    "",
    ...(Object.keys(reading).length ? [
    "Memory by part (a fresh process, each part started in turn), the reading pool (readDocumentContent in this process, all documents handed over at once, no server) and the policy layout reader (readPolicyDocument here vs readPolicyPages off-thread):",
    "",
    "| metric | value |",
    "|---|---|",
    ...Object.entries(reading).map(([metric, value]) => `| ${metric} | ${value} |`),
    "",
    ] : []),
  ];
  const report = lines.join("\n");
  fs.mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `${date.slice(0, 16).replace(":", "")}${PHASES.size < ALL_PHASES.split(",").length ? `-${[...PHASES].join("-")}` : ""}.md`);
  fs.writeFileSync(file, report);
  console.log(report);
  console.log(`written to ${file}`);
  process.exit(0);
}

main().catch((error) => {
  console.error("bench failed:", error);
  process.exit(1);
});
