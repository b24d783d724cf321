import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { startServer } from "../support/server-process";
import { startDocServer, send } from "../support/doc-server";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";

const run = promisify(execFile);
const PORT = 3192;

// Scale-out: a web instance without workers, and two separate worker processes sharing the embedded database.
test("separate worker processes share the queue and never process a case twice", async () => {
  test.setTimeout(240_000);
  const pdf = await makePdf([PA_FORM_PAGE, "Progress note: seizures continue despite clobazam."]);
  const docs = await startDocServer({ "/form.pdf": send("application/pdf", pdf) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-workers-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PA_DATA_DIR: dataDir, PA_LOG_LEVEL: "error", PA_FETCH_ALLOW_HOSTS: "127.0.0.1", PA_WORKERS: "0" };
  delete env.DATABASE_URL;
  const server = await startServer(env, PORT);
  const workers = [0, 1].map(() => spawn("npx", ["tsx", "scripts/worker.ts"], { env: { ...env, PA_WORKERS: undefined }, detached: true, stdio: "ignore" }));
  try {
    const { stdout } = await run("npx", ["tsx", "scripts/pa.ts", "workspace", "create", "--name", "Workers", "--admin-email", "w@t.test", "--admin-password", "workers-pass-1", "--json"], { env });
    const { api_key: apiKey } = JSON.parse(stdout.trim().split("\n").pop()!);
    const headers = { "X-API-Key": apiKey, "Content-Type": "application/json" };
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await fetch(`${server.baseURL}/api/v1/prior_auths`, { method: "POST", headers, body: JSON.stringify({ case_id: `w-${i}`, document_url: docs.url("/form.pdf") }) });
      expect(response.status).toBe(201);
      ids.push((await response.json()).id);
    }
    await expect
      .poll(async () => {
        const list = await (await fetch(`${server.baseURL}/api/v1/prior_auths?limit=100&status=Succeeded`, { headers })).json();
        return list.data.length;
      }, { timeout: 180_000, intervals: [1000] })
      .toBe(30);
    for (const id of ids) {
      const events = (await (await fetch(`${server.baseURL}/api/v1/prior_auths/${id}/events`, { headers })).json()).data as { action: string }[];
      expect(events.filter((e) => e.action === "prior_auth.succeeded")).toHaveLength(1);
      expect(events.filter((e) => e.action === "document.fetched")).toHaveLength(1);
    }
    expect(docs.hits.length).toBe(30);
  } finally {
    for (const worker of workers) {
      try {
        process.kill(-worker.pid!, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await server.stop();
    await docs.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
