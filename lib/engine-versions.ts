// The engines' versions (content hashes of their code and data, lib/compute-engine-versions.ts). A production server
// reads them from lib/generated/engine-versions.json, written at build time by `npm run generate`
// (scripts/engine-versions.ts); development and tests compute them from the sources, so an edit shows at once.
import fs from "node:fs";
import path from "node:path";
import { computeEngineVersions, ENGINE_NAMES, type EngineName, type EngineVersions } from "./compute-engine-versions";

export type { EngineName, EngineVersions };

export const ENGINE_VERSIONS_FILE = path.join("lib", "generated", "engine-versions.json");

const isVersionOf = (name: EngineName, value: unknown) => typeof value === "string" && value.startsWith(`${name}-`) && /^[0-9a-f]{12}$/.test(value.slice(name.length + 1));

/** The generated file when it names every engine (one written by an older build is computed afresh). */
function readGenerated(root: string): EngineVersions | null {
  try {
    const json: unknown = JSON.parse(fs.readFileSync(path.join(root, ENGINE_VERSIONS_FILE), "utf8"));
    if (!json || typeof json !== "object") return null;
    const record = json as Record<string, unknown>;
    return ENGINE_NAMES.every((name) => isVersionOf(name, record[name])) ? (record as EngineVersions) : null;
  } catch {
    return null;
  }
}

let cached: EngineVersions | null = null;

export function engineVersions(): EngineVersions {
  if (cached) return cached;
  const root = process.cwd();
  cached = (process.env.NODE_ENV === "production" ? readGenerated(root) : null) ?? computeEngineVersions(root);
  return cached;
}

export const engineVersion = (name: EngineName): string => engineVersions()[name];
