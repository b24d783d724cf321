import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from "node:child_process";

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  baseURL: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `npm start`'s launcher in its own process group, with the given environment, and waits for /api/health. */
export async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ServerProcess> {
  const child: ChildProcessWithoutNullStreams = spawn("npx", ["tsx", "scripts/start.ts"], {
    // MALLOC_ARENA_MAX as `npm start` sets it (package.json): the server measured and tested is the one users run.
    env: { MALLOC_ARENA_MAX: "2", ...env, PORT: String(port), HOST: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1" },
    detached: true,
    stdio: "pipe",
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d));
  child.stderr.on("data", (d: Buffer) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    output: () => output,
    baseURL,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, signal);
      } catch {
        return;
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    },
  };
}
