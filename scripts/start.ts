// `npm start`: builds when no build exists, serves the embedded database unless DATABASE_URL is set, migrates,
// seeds a demo workspace on an empty database, starts the workers and serves the app on PORT (default 3000).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import next from "next";
import { prepareDatabase } from "../lib/server/prepare-database";
import { ensureAuthSecret } from "../lib/auth/auth-secret";
import { stopOnSignal } from "../lib/server/stop-on-signal";
import { answerClientError } from "../lib/server/client-error";

async function main() {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  (process.env as Record<string, string>).NODE_ENV = "production";
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  if (!fs.existsSync(".next/BUILD_ID") || process.env.PA_FORCE_BUILD === "1") {
    console.log("No production build yet: building (about a minute)...");
    const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: process.env });
    if (build.status !== 0) throw new Error("next build failed");
  }

  const db = await prepareDatabase();
  process.env.AUTH_SECRET = ensureAuthSecret();
  if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST = "true";
  const { seedDemoWorkspaceIfEmpty } = await import("../lib/workspaces/seed-demo-workspace");
  const demo = await seedDemoWorkspaceIfEmpty();

  const { ensureQueues, startWorkers } = await import("../lib/case-pipeline/start-workers");
  await ensureQueues();
  const workers = process.env.PA_WORKERS === "0" ? null : await startWorkers();

  const app = next({ dev: false, hostname: host, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Methods no route answers (TRACE, CONNECT, ...) never reach Next, which would answer them with a 500.
  const { allowedMethods } = await import("../lib/api/route-methods");
  const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
  const server = http.createServer((req, res) => {
    if (!KNOWN_METHODS.has(req.method ?? "")) {
      const pathname = (req.url ?? "/").split("?")[0];
      const allow = (pathname.startsWith("/api/") ? allowedMethods(pathname) : null) ?? ["GET", "HEAD", "POST", "OPTIONS"];
      const body = JSON.stringify({ error: 405, message: `${req.method} is not supported on ${pathname}; use ${allow.join(", ")}.` });
      res.writeHead(405, { "Content-Type": "application/json; charset=utf-8", Allow: allow.join(", "), "X-Content-Type-Options": "nosniff" }).end(body);
      return;
    }
    // The client's address as the socket saw it, for the sign-in throttle (never a value the client sent).
    req.headers["x-pa-client-address"] = req.socket.remoteAddress ?? "unknown";
    void handle(req, res);
  });
  // Idle keep-alive connections outlive a client's pause (Node closes them after 5 s, and a client reusing one just then
  // sees "socket hang up"); proxies' idle timeouts are usually 60 s, so the server's is longer. Headers still must
  // arrive promptly.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 70_000;
  // What the HTTP parser refuses (headers over 16 KB, a malformed request) gets the JSON error body, not a bare status.
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));

  const url = `http://${host === "127.0.0.1" || host === "0.0.0.0" ? "localhost" : host}:${port}`;
  console.log(`\nPrior Authorization Service on ${url} (database: ${db.mode === "external" ? "DATABASE_URL" : `embedded, ${process.env.PA_DATA_DIR ?? ".data"}`})`);
  if (demo) {
    console.log("\n  Demo workspace created. Shown once; keep them:");
    console.log(`    Portal:   ${url}/login`);
    console.log(`    Login:    ${demo.adminEmail}`);
    console.log(`    Password: ${demo.password}`);
    console.log(`    API key:  ${demo.apiKey}`);
    console.log(`    Try:      curl -H "X-API-Key: ${demo.apiKey}" ${url}/api/v1/prior_auths\n`);
  }

  stopOnSignal({ db, workers, server });
}

main().catch((error) => {
  console.error("start failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
