// The engines' versions (content hashes of their code and data, lib/compute-engine-versions.ts). A production server
// reads them from lib/generated/engine-versions.json, written at build time by `npm run generate`
// (scripts/engine-versions.ts); development and tests compute them from the sources, so an edit shows at once.
import fs from "node:fs";
import path from "node:path";
import { computeEngineVersions, type EngineName, type EngineVersions } from "./compute-engine-versions";

export type { EngineName, EngineVersions };

export const ENGINE_VERSIONS_FILE = path.join("lib", "generated", "engine-versions.json");

const VERSION = /^(intake|policy|determination)-[0-9a-f]{12}$/;

function readGenerated(root: string): EngineVersions | null {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(root, ENGINE_VERSIONS_FILE), "utf8")) as Partial<EngineVersions>;
    return [json.intake, json.policy, json.determination].every((v) => typeof v === "string" && VERSION.test(v)) ? (json as EngineVersions) : null;
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
