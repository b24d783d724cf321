import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { startServer, type ServerProcess } from "../support/server-process";
import { startDocServer, send } from "../support/doc-server";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { startWebhookReceiver } from "../support/webhook-receiver";

const run = promisify(execFile);

// Failure tests: processes killed mid-work, the database restarted under load, a burst of concurrent creates.
// Each test runs its own server on its own database, so the suite's server never picks up these jobs.

async function createWorkspace(env: NodeJS.ProcessEnv, label: string) {
  const { stdout } = await run("npx", ["tsx", "scripts/pa.ts", "workspace", "create", "--name", label, "--admin-email", `${label.toLowerCase()}@fail.test`, "--admin-password", "failures-pass-1", "--auto-evaluate", "false", "--json"], { env, timeout: 60_000 });
  const created = JSON.parse(stdout.trim().split("\n").pop()!);
  return { apiKey: created.api_key as string, email: `${label.toLowerCase()}@fail.test`, password: "failures-pass-1" };
}

/** Every case of the workspace, following the list's cursor. */
async function listAllCases(baseURL: string, headers: Record<string, string>) {
  const seen: { id: string; case_id: string; status: string }[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: { id: string; case_id: string; status: string }[]; next_cursor: string | null } = await (
      await fetch(`${baseURL}/api/v1/prior_auths?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { headers })
    ).json();
    seen.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return seen;
}

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn("npx", ["tsx", "scripts/worker.ts"], { env: { ...env, PA_WORKERS: undefined }, detached: true, stdio: "ignore" });
}

function killGroup(child: ChildProcess | null, signal: NodeJS.Signals) {
  try {
    if (child?.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** A portal session over plain fetch: next-auth's credentials flow, keeping the cookies. */
async function portalSession(baseURL: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair.split("=");
      jar.set(name, value.join("="));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${baseURL}/api/auth/csrf`);
  remember(csrf);
  const { csrfToken } = await csrf.json();
  const signIn = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: "POST", redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  remember(signIn);
  return (pathname: string, init: RequestInit = {}) => fetch(`${baseURL}${pathname}`, { ...init, headers: { "Content-Type": "application/json", Origin: baseURL, Cookie: cookie(), ...init.headers } });
}

test("server and a separate worker killed with SIGKILL mid-processing: every case finishes once, nothing is lost", async () => {
  test.setTimeout(300_000);
  const pdf = await makePdf([PA_FORM_PAGE]);
  let slowRequests = 0;
  let killed = false;
  const docs = await startDocServer({
    "/fast.pdf": send("application/pdf", pdf),
    // Requests hang until the processes are killed (their worker dies meanwhile); later ones answer at once.
    "/slow.pdf": (_req, res) => {
      slowRequests += 1;
      if (!killed) return;
      res.writeHead(200, { "Content-Type": "application/pdf" }).end(pdf);
    },
  });
  const receiver = await startWebhookReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-fail-kill-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env, PA_DATA_DIR: dataDir, PA_LOG_LEVEL: "error", PA_FETCH_ALLOW_HOSTS: "127.0.0.1", PA_FETCH_TIMEOUT_MS: "60000",
    PA_PROCESSING_LEASE_SECONDS: "5", PA_WORKERS: "0", PA_WEBHOOK_RETRY_BASE_SECONDS: "1", PA_RATE_LIMIT_PER_MINUTE: "0",
  };
  delete env.DATABASE_URL;
  let server: ServerProcess | null = await startServer(env, 3193);
  let worker: ChildProcess | null = startWorker(env);
  try {
    const ws = await createWorkspace(env, "Kill");
    const headers = { "X-API-Key": ws.apiKey, "Content-Type": "application/json" };
    const api = (pathname: string, init: RequestInit = {}) => fetch(`${server!.baseURL}/api/v1${pathname}`, { ...init, headers: { ...headers, ...init.headers } });
    const admin = await portalSession(server.baseURL, ws.email, ws.password);
    expect((await admin("/api/v1/webhooks", { method: "POST", body: JSON.stringify({ url: receiver.url, events: ["prior_auth.succeeded", "review.decided"] }) })).status).toBe(201);

    // A decision made before the crash must survive it.
    const decided = (await (await api("/prior_auths", { method: "POST", body: JSON.stringify({ case_id: "kill-decided", document_url: docs.url("/fast.pdf") }) })).json()).id as string;
    await expect.poll(async () => (await (await api(`/prior_auths/${decided}`)).json()).status, { timeout: 60_000 }).toBe("Succeeded");
    expect((await api(`/prior_auths/${decided}/review`, { method: "POST", body: JSON.stringify({ decision: "approved", note: "Meets criteria." }) })).status).toBe(201);

    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await api("/prior_auths", { method: "POST", body: JSON.stringify({ case_id: `kill-${i}`, document_url: docs.url("/slow.pdf") }) });
      expect(response.status).toBe(201);
      ids.push((await response.json()).id);
    }
    // The worker is in the middle of fetching: kill both processes outright.
    await expect.poll(() => slowRequests, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    killGroup(worker, "SIGKILL");
    await server.stop("SIGKILL");
    killed = true;

    server = await startServer(env, 3193);
    worker = startWorker(env);
    await expect
      .poll(async () => {
        const list = await (await api("/prior_auths?limit=100&status=Succeeded")).json();
        return list.data.length;
      }, { timeout: 200_000, intervals: [2000] })
      .toBe(ids.length);
    for (const id of ids) {
      const events = (await (await api(`/prior_auths/${id}/events`)).json()).data as { action: string }[];
      expect(events.filter((e) => e.action === "prior_auth.succeeded"), id).toHaveLength(1);
      expect(events.filter((e) => e.action === "document.fetched"), id).toHaveLength(1);
      expect((await (await api(`/prior_auths/${id}/documents`)).json()).data, id).toHaveLength(1);
    }
    const after = await (await api(`/prior_auths/${decided}`)).json();
    expect(after.status).toBe("approved");
    expect(after.decided_at).not.toBeNull();
    expect((await (await api(`/prior_auths/${decided}/reviews`)).json()).data).toHaveLength(1);

    // Webhooks: one event per finished case, delivered (at least once, always with the same id).
    await expect
      .poll(() => new Set(receiver.events().filter((e) => e.type === "prior_auth.succeeded").map((e) => e.data.prior_auth!.id)).size, { timeout: 60_000 })
      .toBe(ids.length + 1);
    for (const id of [...ids, decided]) {
      const eventIds = new Set(receiver.events().filter((e) => e.type === "prior_auth.succeeded" && e.data.prior_auth!.id === id).map((e) => e.id));
      expect(eventIds.size, id).toBe(1);
    }
  } finally {
    killGroup(worker, "SIGKILL");
    await server?.stop("SIGKILL");
    await docs.close();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Debian's PostgreSQL binaries, if installed. */
function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb"))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1], "bin") : null;
}

/** A throw-away PostgreSQL server of this test's own, on a loopback port (as the postgres user when run as root). */
function throwawayPostgres(bin: string, port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-fail-pg-"));
  const asRoot = process.getuid?.() === 0;
  const sh = (command: string) => (asRoot ? execFileSync("su", ["postgres", "-c", command], { stdio: "pipe" }) : execFileSync("sh", ["-c", command], { stdio: "pipe" }));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  sh(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 >/dev/null`);
  const ctl = (action: string) => sh(`${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1" -w ${action}`);
  ctl("start");
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl("start"),
    stop: (mode = "fast") => ctl(`-m ${mode} stop`),
    destroy: () => {
      try {
        ctl("-m immediate stop");
      } catch {
        // not running
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("the database restarted under load: requests fail cleanly with 503 and the error body, then recover", async () => {
  test.setTimeout(330_000);
  const bin = postgresBin();
  test.skip(!bin, "PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb) are not installed: apt-get install postgresql to run this test");
  const pg = throwawayPostgres(bin!, 55_433);
  const docs = await startDocServer({ "/form.pdf": send("application/pdf", await makePdf([PA_FORM_PAGE])) });
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: pg.url, PA_LOG_LEVEL: "error", PA_FETCH_ALLOW_HOSTS: "127.0.0.1", PA_RATE_LIMIT_PER_MINUTE: "0", PA_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "pa-fail-pgdata-")) };
  let server: ServerProcess | null = null;
  try {
    server = await startServer(env, 3194);
    const ws = await createWorkspace(env, "Restart");
    const headers = { "X-API-Key": ws.apiKey, "Content-Type": "application/json" };
    const statuses: { status: number; body: unknown; retryAfter: string | null; phase: string }[] = [];
    const created: string[] = [];
    let phase = "before";
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const create = i % 3 === 0;
        const init: RequestInit = create
          ? { method: "POST", headers, body: JSON.stringify({ case_id: `restart-${n}-${i}`, document_url: docs.url("/form.pdf") }) }
          : { headers };
        try {
          const response = await fetch(`${server!.baseURL}/api/v1/prior_auths${create ? "" : "?limit=5"}`, { ...init, signal: AbortSignal.timeout(20_000) });
          const body = await response.json().catch(() => null);
          statuses.push({ status: response.status, body, retryAfter: response.headers.get("retry-after"), phase });
          if (response.status === 201) created.push((body as { id: string }).id);
        } catch (error) {
          statuses.push({ status: 0, body: String(error), retryAfter: null, phase });
        }
        if (phase === "down") await new Promise((r) => setTimeout(r, 50));
      }
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));
    await new Promise((r) => setTimeout(r, 2000));
    phase = "down";
    pg.stop("fast");
    await new Promise((r) => setTimeout(r, 3000));
    pg.start();
    phase = "recovering";
    await new Promise((r) => setTimeout(r, 6000));
    phase = "after";
    await new Promise((r) => setTimeout(r, 2000));
    stop = true;
    await clients;

    const unexpected = statuses.filter((s) => ![200, 201, 503].includes(s.status));
    if (unexpected.length) console.log(server.output().split("\n").filter((line) => line.includes('"level":"error"')).slice(0, 5).join("\n"));
    expect(unexpected.slice(0, 5)).toEqual([]);
    const unavailable = statuses.filter((s) => s.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const s of unavailable) {
      expect(s.body).toEqual({ error: 503, message: expect.any(String) });
      expect(Number(s.retryAfter)).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s.phase === "before").every((s) => s.status < 300)).toBe(true);
    const last = statuses.filter((s) => s.phase === "after");
    expect(last.length).toBeGreaterThan(0);
    expect(last.every((s) => s.status < 300)).toBe(true);

    // A failed create left no case behind: the cases are those answered 201. (A commit whose answer is lost when the
    // server goes away at that very moment is in doubt, as with any database; allow one.)
    const listed = await listAllCases(server.baseURL, headers);
    expect(listed.length).toBeGreaterThanOrEqual(created.length);
    expect(listed.length - created.length).toBeLessThanOrEqual(1);

    // Every case that was created finishes: the queue and the workers reconnect by themselves.
    // A job cut off by the outage waits for its retry (backoff up to 60 s) or the stranded-case sweep: minutes on a
    // loaded machine, so the wait is generous; a case still processing then is named with its trail.
    const processing = async () => (await listAllCases(server!.baseURL, headers)).filter((c) => c.status === "Processing").map((c) => c.id);
    await expect.poll(processing, { timeout: 240_000, intervals: [3000] }).toEqual([]).catch(async (error) => {
      for (const id of await processing()) console.log(id, JSON.stringify(await (await fetch(`${server!.baseURL}/api/v1/prior_auths/${id}/events`, { headers })).json()));
      throw error;
    });
  } finally {
    await server?.stop();
    await docs.close();
    pg.destroy();
    fs.rmSync(env.PA_DATA_DIR!, { recursive: true, force: true });
  }
});

test("500 concurrent creates: no errors, no duplicates, every case processed", async () => {
  // Documents are read by the process's long-lived reading threads (lib/documents/pool), never on the request thread.
  test.setTimeout(300_000);
  const docs = await startDocServer({ "/form.pdf": send("application/pdf", await makePdf([PA_FORM_PAGE])) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-fail-burst-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PA_DATA_DIR: dataDir, PA_LOG_LEVEL: "error", PA_FETCH_ALLOW_HOSTS: "127.0.0.1", PA_RATE_LIMIT_PER_MINUTE: "0" };
  delete env.DATABASE_URL;
  const server = await startServer(env, 3195);
  try {
    const ws = await createWorkspace(env, "Burst");
    const headers = { "X-API-Key": ws.apiKey, "Content-Type": "application/json" };
    const create = (i: number) =>
      fetch(`${server.baseURL}/api/v1/prior_auths`, {
        method: "POST",
        headers: { ...headers, "Idempotency-Key": `burst-${i}` },
        body: JSON.stringify({ case_id: `burst-${i}`, document_url: docs.url("/form.pdf") }),
      });
    const responses = await Promise.all(Array.from({ length: 500 }, (_, i) => create(i)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ id: string; case_id: string }>));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(500);

    // A client retrying with the same Idempotency-Key gets the same case, not a second one.
    for (const i of [0, 137, 499]) {
      const replay = await create(i);
      expect(replay.status).toBe(201);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect((await replay.json()).id).toBe(bodies[i].id);
    }

    const listAll = () => listAllCases(server.baseURL, headers);
    const listed = await listAll();
    expect(listed).toHaveLength(500);
    expect(new Set(listed.map((c) => c.case_id)).size).toBe(500);
    await expect.poll(async () => (await listAll()).filter((c) => c.status === "Processing").length, { timeout: 240_000, intervals: [3000] }).toBe(0);
    const finished = await listAll();
    expect(finished.filter((c) => c.status !== "Succeeded")).toEqual([]);
    expect(docs.hits.length).toBe(500);
  } finally {
    await server.stop();
    await docs.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
