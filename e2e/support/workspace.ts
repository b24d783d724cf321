import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TestWorkspace {
  workspaceId: string;
  adminEmail: string;
  adminPassword: string;
  apiKey: string;
}

/** The test server's environment: the CLI must reach the same database (DATABASE_URL, or the embedded socket). */
export const serverEnv = () => ({ ...process.env, PA_DATA_DIR: process.env.PA_TEST_DATA_DIR ?? ".data-test", PA_LOG_LEVEL: "error" });

/** Runs the operators' CLI, as an operator would. */
export async function cli(args: string[]): Promise<string> {
  const { stdout } = await run("npx", ["tsx", "scripts/pa.ts", ...args], { env: serverEnv(), timeout: 60_000 });
  return stdout.trim().split("\n").pop() ?? "";
}

/**
 * A workspace of its own for a test. Background evaluation is off unless asked for: most tests drive the policy check
 * and determination themselves and must not race the engine.
 */
export async function createTestWorkspace(label = "Test", opts: { autoEvaluate?: boolean } = {}): Promise<TestWorkspace> {
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@${label.toLowerCase().replace(/\W/g, "")}.test`;
  const adminPassword = `pw-${randomUUID()}`;
  const out = JSON.parse(await cli(["workspace", "create", "--name", `${label} ${randomUUID().slice(0, 4)}`, "--admin-email", adminEmail, "--admin-password", adminPassword, "--auto-evaluate", String(opts.autoEvaluate ?? false), "--json"]));
  return { workspaceId: out.workspace_id, adminEmail, adminPassword, apiKey: out.api_key };
}

export async function addReviewer(workspaceId: string) {
  const email = `reviewer-${randomUUID().slice(0, 8)}@test.test`;
  const password = `pw-${randomUUID()}`;
  await cli(["member", "add", "--workspace", workspaceId, "--email", email, "--password", password, "--role", "reviewer", "--json"]);
  return { email, password };
}
