import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { startServer } from "../support/server-process";

// Smoke test of the embedded default, whatever DATABASE_URL the rest of the suite uses.
const run = promisify(execFile);
const PORT = 3190;

test("a fresh PA_DATA_DIR migrates, seeds a demo workspace, serves, and keeps its data across restarts", async ({ playwright }) => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-embedded-"));
  // A low per-address sign-in limit: this server is the suite's only one where guessing from 127.0.0.1 may be blocked.
  const env: NodeJS.ProcessEnv = { ...process.env, PA_DATA_DIR: dataDir, PA_LOG_LEVEL: "error", PA_DEMO_PASSWORD: "demo-pass-123", PA_LOGIN_MAX_FAILURES_PER_ADDRESS: "4" };
  delete env.DATABASE_URL;

  const first = await startServer(env, PORT);
  try {
    const health = await (await fetch(`${first.baseURL}/api/health`)).json();
    expect(health).toMatchObject({ status: "ok", database: { status: "ok" } });
    const printed = first.output();
    expect(printed).toContain("Demo workspace created");
    expect(printed).toContain("admin@demo.local");
    const apiKey = /API key:\s+(pa_\S+)/.exec(printed)?.[1];
    expect(apiKey).toBeTruthy();

    const created = await fetch(`${first.baseURL}/api/v1/prior_auths`, {
      method: "POST",
      headers: { "X-API-Key": apiKey!, "Content-Type": "application/json" },
      body: JSON.stringify({ case_id: "embedded-1", ePA: { epa_payload: { patient: { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-01-02" } } } }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();

    // The CLI works beside the running server (through its local socket): a new workspace's key works at once.
    const { stdout } = await run("npx", ["tsx", "scripts/pa.ts", "workspace", "create", "--name", "Side", "--admin-email", "side@embedded.test", "--admin-password", "side-pass-12345", "--json"], { env });
    const side = JSON.parse(stdout.trim().split("\n").pop()!);
    expect((await fetch(`${first.baseURL}/api/v1/prior_auths`, { headers: { "X-API-Key": side.api_key } })).status).toBe(200);
    // Bad arguments: a clear message and a non-zero exit.
    const bad = await run("npx", ["tsx", "scripts/pa.ts", "apikey", "create", "--name", "x"], { env }).then(() => null, (e) => e);
    expect(bad?.code).toBe(2);
    expect(String(bad?.stderr)).toContain("--workspace");
    // Pointed at an empty folder while a server runs on another: it refuses, naming the running server's folder,
    // and creates nothing.
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-embedded-empty-"));
    try {
      const refused = await run("npx", ["tsx", "scripts/pa.ts", "workspace", "create", "--name", "Lost", "--admin-email", "lost@embedded.test", "--admin-password", "lost-pass-12345"], { env: { ...env, PA_DATA_DIR: emptyDir } }).then(() => null, (e) => e);
      expect(refused?.code).toBe(1);
      expect(String(refused?.stderr)).toContain("a server is running with its database in");
      expect(String(refused?.stderr)).toContain(dataDir);
      expect(fs.readdirSync(emptyDir)).toEqual([]);
    } finally {
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }

    // Guessing across many emails from one address: after 4 failures, a fifth email is refused too (429).
    const guesser = await playwright.request.newContext({ baseURL: first.baseURL });
    const attempt = async (email: string) => {
      const { csrfToken } = await (await guesser.get("/api/auth/csrf")).json();
      return guesser.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: "not-the-password-1", json: "true" }, maxRedirects: 0 });
    };
    for (let i = 0; i < 4; i++) expect((await attempt(`guess-${i}@embedded.test`)).status()).toBeLessThan(429);
    const blocked = await attempt("guess-5@embedded.test");
    expect(blocked.status()).toBe(429);
    expect(await blocked.json()).toMatchObject({ error: 429, message: expect.stringMatching(/Too many failed sign-ins/) });
    expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
    await guesser.dispose();
    await first.stop();

    const second = await startServer(env, PORT);
    try {
      expect(second.output()).not.toContain("Demo workspace created");
      const again = await fetch(`${second.baseURL}/api/v1/prior_auths/${id}`, { headers: { "X-API-Key": apiKey! } });
      expect(again.status).toBe(200);
      expect((await again.json()).case_id).toBe("embedded-1");
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
