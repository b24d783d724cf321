import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, type ServerProcess } from "../support/server-process";
import { startDocServer } from "../support/doc-server";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

// The server (web + in-process workers) is killed with SIGKILL while a job is in the middle of fetching a document.
// After a restart the job runs again and the case finishes exactly once.
const PORT = 3191;

test("a worker killed mid-job: the job is retried and the case finishes exactly once", async () => {
  test.setTimeout(240_000);
  const pdf = await makePdf([PA_FORM_PAGE]);
  let requests = 0;
  const docs = await startDocServer({
    "/slow-first.pdf": (_req, res) => {
      requests += 1;
      // The first request hangs (its server dies meanwhile); later ones answer at once.
      if (requests === 1) return;
      res.writeHead(200, { "Content-Type": "application/pdf" }).end(pdf);
    },
  });
  const embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-crash-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PA_LOG_LEVEL: "error",
    PA_FETCH_ALLOW_HOSTS: "127.0.0.1",
    PA_FETCH_TIMEOUT_MS: "60000",
    PA_PROCESSING_LEASE_SECONDS: "5",
    // Its own embedded database: the suite's server must not pick up this job (it shares DATABASE_URL in CI).
    PA_DATA_DIR: embeddedDir,
  };
  delete env.DATABASE_URL;
  let server: ServerProcess | null = await startServer(env, PORT);
  const { stdout } = await run("npx", ["tsx", "scripts/pa.ts", "workspace", "create", "--name", "Crash", "--admin-email", "crash@t.test", "--admin-password", "crash-pass-1", "--json"], { env });
  const created = JSON.parse(stdout.trim().split("\n").pop()!);
  const headers = { "X-API-Key": created.api_key, "Content-Type": "application/json" };
  try {
    const response = await fetch(`${server.baseURL}/api/v1/prior_auths`, { method: "POST", headers, body: JSON.stringify({ case_id: "crash-1", document_url: docs.url("/slow-first.pdf") }) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    await expect.poll(() => requests, { timeout: 30_000 }).toBe(1);

    await server.stop("SIGKILL");
    server = await startServer(env, PORT);

    await expect
      .poll(async () => (await (await fetch(`${server!.baseURL}/api/v1/prior_auths/${id}`, { headers })).json()).status, { timeout: 120_000, intervals: [1000] })
      .toBe("Succeeded");
    const events = (await (await fetch(`${server.baseURL}/api/v1/prior_auths/${id}/events`, { headers })).json()).data as { action: string }[];
    expect(events.filter((e) => e.action === "prior_auth.succeeded")).toHaveLength(1);
    expect(events.filter((e) => e.action === "document.fetched")).toHaveLength(1);
    const documents = (await (await fetch(`${server.baseURL}/api/v1/prior_auths/${id}/documents`, { headers })).json()).data;
    expect(documents).toHaveLength(1);
    expect(requests).toBeGreaterThanOrEqual(2);
  } finally {
    await server?.stop("SIGKILL");
    await docs.close();
    fs.rmSync(embeddedDir, { recursive: true, force: true });
  }
});
