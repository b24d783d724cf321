// Prisma's schema engine as WebAssembly: migrations without the native engine binary (which cannot be downloaded here).
import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

const require = createRequire(import.meta.url);

export const SCHEMA_PATH = path.resolve(process.cwd(), "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");
export const ENGINE_FILTERS = { externalTables: [], externalEnums: [] };

export interface SchemaEngine {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout?: string }>;
  free?(): void;
}

export interface LoadedEngine {
  engine: SchemaEngine;
  /** Turns "External error id#N" into the driver's own error text. */
  explain(error: unknown): string;
}

export async function loadSchemaEngine(factory: SqlMigrationAwareDriverAdapterFactory): Promise<LoadedEngine> {
  const runtimePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wasm runtime ships no types
  const runtime: any = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasm = await fs.readFile(path.join(path.dirname(runtimePath), "schema_engine_bg.wasm"));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(wasm), { "./schema_engine_bg.js": runtime });
  runtime.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();

  const schema = await fs.readFile(SCHEMA_PATH, "utf8");
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const log = (message: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error("[schema-engine]", message);
  };
  const engine: SchemaEngine = await runtime.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, log, bound);
  const registry = (bound as unknown as { errorRegistry?: { consumeError(id: number): { error: unknown } | undefined } })
    .errorRegistry;
  const explain = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const match = /External error id#(\d+)/.exec(message);
    const record = match ? registry?.consumeError(Number(match[1])) : undefined;
    return record ? `${message.split("\n")[0]}: ${JSON.stringify(record.error)}` : message;
  };
  return { engine, explain };
}

export async function listMigrations() {
  const lockContent = await fs.readFile(path.join(MIGRATIONS_DIR, "migration_lock.toml"), "utf8").catch(() => null);
  const entries = await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true }).catch(() => []);
  const migrationDirectories = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const content = await fs.readFile(path.join(MIGRATIONS_DIR, entry.name, "migration.sql"), "utf8").then(
      (value) => ({ tag: "ok" as const, value }),
      (err: Error) => ({ tag: "error" as const, value: err.message }),
    );
    migrationDirectories.push({ path: entry.name, migrationFile: { path: "migration.sql", content } });
  }
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}
