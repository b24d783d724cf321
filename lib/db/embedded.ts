// The embedded default: one PGlite database persisted under PA_DATA_DIR, served over the PostgreSQL protocol on
// 127.0.0.1 so the web server, the CLI and workers (separate processes) all reach it like a real server.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { serveOverWire } from "./pglite-wire-server";

export const dataDir = () => path.resolve(process.env.PA_DATA_DIR ?? ".data");
const infoFile = () => path.join(dataDir(), "embedded-db.json");

interface EmbeddedInfo {
  pid: number;
  port: number;
}

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
    return JSON.parse(fs.readFileSync(infoFile(), "utf8")) as EmbeddedInfo;
  } catch {
    return null;
  }
}

/** Serves the PGlite database in this process. Only one process may own a data folder. */
export async function startEmbeddedDatabase(port = Number(process.env.PA_EMBEDDED_DB_PORT ?? 0)): Promise<ResolvedDatabase> {
  fs.mkdirSync(dataDir(), { recursive: true });
  const db = await PGlite.create(path.join(dataDir(), "pgdata"));
  const server = await serveOverWire(db, { host: "127.0.0.1", port });
  const actualPort = server.port;
  fs.writeFileSync(infoFile(), JSON.stringify({ pid: process.pid, port: actualPort } satisfies EmbeddedInfo));
  let stopped = false;
  return {
    url: urlFor(actualPort),
    mode: "embedded-owner",
    async stop() {
      if (stopped) return;
      stopped = true;
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
