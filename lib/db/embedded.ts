// The embedded default: one PGlite database persisted under PA_DATA_DIR, served over the PostgreSQL protocol on
// 127.0.0.1 so the web server, the CLI and workers (separate processes) all reach it like a real server.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";
import { serveOverWire } from "./pglite-wire-server";

export const dataDir = () => path.resolve(process.env.PA_DATA_DIR ?? ".data");
const infoFile = () => path.join(dataDir(), "embedded-db.json");

// The files this module writes beside the database (the serving process, and one per running server), read back
// through their schemas: a file of another shape counts as none.
const ZEmbeddedInfo = z.object({ pid: z.number(), port: z.number() });
type EmbeddedInfo = z.infer<typeof ZEmbeddedInfo>;

export interface ResolvedDatabase {
  url: string;
  /** "external" when DATABASE_URL was given; "embedded-owner" when this process serves the embedded database. */
  mode: "external" | "embedded-owner" | "embedded-client";
  stop(): Promise<void>;
}

const urlFor = (port: number) => `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

function readInfo(): EmbeddedInfo | null {
  try {
    return ZEmbeddedInfo.parse(JSON.parse(fs.readFileSync(infoFile(), "utf8")));
  } catch {
    return null;
  }
}

// Every embedded server on this machine leaves a note here while it runs, so the operators' CLI pointed at another
// (empty) folder can say where the running server's database is instead of quietly creating a second one.
const serversDir = () => path.join(os.tmpdir(), "pa-embedded-servers");

const ZRunningEmbeddedServer = ZEmbeddedInfo.extend({ dataDir: z.string() });
export type RunningEmbeddedServer = z.infer<typeof ZRunningEmbeddedServer>;

/** Embedded servers running on this machine (live processes only). */
export function runningEmbeddedServers(): RunningEmbeddedServer[] {
  let names: string[] = [];
  try {
    names = fs.readdirSync(serversDir());
  } catch {
    return [];
  }
  const out: RunningEmbeddedServer[] = [];
  for (const name of names) {
    try {
      const info = ZRunningEmbeddedServer.parse(JSON.parse(fs.readFileSync(path.join(serversDir(), name), "utf8")));
      if (isAlive(info.pid)) out.push(info);
      else fs.rmSync(path.join(serversDir(), name), { force: true });
    } catch {
      // a note being written or removed: skip it
    }
  }
  return out;
}

/** Whether the data folder holds a database already (PGlite's PG_VERSION). */
export const hasDatabase = (dir = dataDir()) => fs.existsSync(path.join(dir, "pgdata", "PG_VERSION"));

/**
 * For the operators' CLI: refuses to create a new, empty database when this folder has none but an embedded server
 * runs elsewhere (a mistyped or missing PA_DATA_DIR), naming the running server's folder. PA_ALLOW_NEW_DATA_DIR=1 overrides.
 */
export function assertNotASecondDataFolder(env: Record<string, string | undefined> = process.env): void {
  if (env.DATABASE_URL || env.PA_ALLOW_NEW_DATA_DIR === "1" || hasDatabase()) return;
  const running = runningEmbeddedServers().filter((s) => path.resolve(s.dataDir) !== dataDir());
  if (!running.length) return;
  const list = running.map((s) => `${s.dataDir} (server PID ${s.pid}, database port ${s.port})`).join("; ");
  throw new Error(
    `There is no database in ${dataDir()}, and a server is running with its database in ${list}. ` +
      `Set PA_DATA_DIR to that folder to work on it, or PA_ALLOW_NEW_DATA_DIR=1 to create a new, empty database in ${dataDir()}.`,
  );
}

/** Bytes of the files under `dir` (0 when it does not exist). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * PGlite's buffer cache (shared_buffers, in MB), sized to the data: PostgreSQL's default 128 MB is allocated and
 * touched inside the WebAssembly memory at start, about 150 MB of the server's resident size for a database of a few
 * MB. Half the tables' size, between 16 and 128 MB (PA_EMBEDDED_SHARED_BUFFERS_MB sets it); the operating system's
 * file cache keeps the rest close. Sized at each start, so it follows the data as it grows.
 */
export function embeddedSharedBuffersMb(pgdata: string, env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.PA_EMBEDDED_SHARED_BUFFERS_MB);
  if (Number.isFinite(configured) && configured >= 1) return Math.floor(configured);
  const base = path.join(pgdata, "base");
  const dataMb = fs.existsSync(base) ? folderBytes(base) / 1024 / 1024 : 0;
  return Math.min(128, Math.max(16, Math.ceil(dataMb / 2)));
}

/**
 * Creates the database folder in a short-lived child process: PGlite's initdb loads a WebAssembly program of its own
 * and leaves several hundred MB resident in the process that ran it (measured: about 800 MB against 300 MB for
 * opening an existing folder), which the serving process would keep for its whole life.
 */
async function createDatabaseFolder(pgdata: string): Promise<void> {
  const script = `import { PGlite } from "@electric-sql/pglite"; const db = await PGlite.create(process.argv[1]); await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, pgdata], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Creating the embedded database in ${pgdata} failed (exit code ${code}): ${stderr.slice(-2000)}`))));
  });
}

/** Serves the PGlite database in this process. Only one process may own a data folder. */
export async function startEmbeddedDatabase(port = Number(process.env.PA_EMBEDDED_DB_PORT ?? 0)): Promise<ResolvedDatabase> {
  fs.mkdirSync(dataDir(), { recursive: true });
  const pgdata = path.join(dataDir(), "pgdata");
  if (!hasDatabase()) await createDatabaseFolder(pgdata);
  const db = await PGlite.create(pgdata, {
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${embeddedSharedBuffersMb(pgdata)}MB`],
  });
  const server = await serveOverWire(db, { host: "127.0.0.1", port });
  const actualPort = server.port;
  fs.writeFileSync(infoFile(), JSON.stringify({ pid: process.pid, port: actualPort } satisfies EmbeddedInfo));
  const note = path.join(serversDir(), `${process.pid}.json`);
  try {
    fs.mkdirSync(serversDir(), { recursive: true });
    fs.writeFileSync(note, JSON.stringify({ pid: process.pid, port: actualPort, dataDir: dataDir() } satisfies RunningEmbeddedServer));
  } catch {
    // informative only
  }
  let stopped = false;
  return {
    url: urlFor(actualPort),
    mode: "embedded-owner",
    async stop() {
      if (stopped) return;
      stopped = true;
      fs.rmSync(note, { force: true });
      await server.close();
      await db.close();
      if (readInfo()?.pid === process.pid) fs.rmSync(infoFile(), { force: true });
    },
  };
}

/**
 * DATABASE_URL when set; otherwise the embedded database: the running one (served by another process of this data
 * folder, e.g. the web server while the CLI runs) or, when none runs, one started in this process.
 */
export async function resolveDatabase(): Promise<ResolvedDatabase> {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, mode: "external", stop: async () => {} };
  const info = readInfo();
  if (info && info.pid !== process.pid && isAlive(info.pid) && (await canConnect(info.port))) {
    return { url: urlFor(info.port), mode: "embedded-client", stop: async () => {} };
  }
  return startEmbeddedDatabase();
}
