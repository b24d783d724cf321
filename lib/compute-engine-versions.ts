// Engine versions as content hashes: each engine's version is a digest of the files of its code and data (rules,
// vocabularies, tables), so any change of a rule changes the version stored with the results it produces.
// Over-inclusion is safe (a spurious new version), omission is not: the source sets below err on the wide side.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type EngineName = "intake" | "policy" | "determination";
export type EngineVersions = Record<EngineName, string>;

/** A source set: paths relative to the repository root; a path ending in "/" is a folder taken at any depth. */
export interface EngineSources {
  include: string[];
  /** Folder prefixes left out of `include` (relative paths ending in "/"). */
  exclude?: string[];
}

const SHARED = ["lib/lexicon/", "lib/escape-reg-exp.ts"];
const PDF_READING = ["lib/documents/read-pdf.ts", "lib/documents/layout/", "lib/documents/ocr/"];

export const ENGINE_SOURCES: Record<EngineName, EngineSources> = {
  // Text and FHIR in, facts out.
  intake: { include: ["lib/intake/", "lib/fhir/", ...PDF_READING, ...SHARED, "lib/claims/", "lib/policies/drug-names.ts"] },
  // The policy reader (families, sections, criteria trees) and the policy check that evaluates them.
  policy: { include: ["lib/policies/", "lib/claims/", ...PDF_READING, ...SHARED] },
  // Evaluation and the decision: everything of lib/policies but the document readers.
  determination: { include: ["lib/policies/", "lib/determinations/", "lib/claims/", ...SHARED], exclude: ["lib/policies/read/"] },
};

/** Test files and test fixtures are not part of an engine. */
const isEngineFile = (rel: string) => !/\.test\.tsx?$/.test(rel) && !/(^|\/)(fixtures|__snapshots__)\//.test(rel) && !rel.endsWith(".md");

function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs.readdirSync(full).flatMap((name) => filesUnder(root, path.posix.join(rel, name)));
}

/** The files of a source set, relative to `root`, sorted. */
export function engineFiles(root: string, sources: EngineSources): string[] {
  const files = new Set<string>();
  for (const rel of sources.include) {
    for (const f of filesUnder(root, rel.replace(/\/$/, ""))) if (isEngineFile(f) && !(sources.exclude ?? []).some((x) => f.startsWith(x))) files.add(f);
  }
  return [...files].sort();
}

/** A digest of the files' names and contents: `<prefix>-<12 hex>`. */
export function hashEngineFiles(root: string, files: readonly string[], prefix: string): string {
  const hash = createHash("sha256");
  for (const rel of files) {
    hash.update(rel);
    hash.update("\0");
    hash.update(createHash("sha256").update(fs.readFileSync(path.join(root, rel))).digest());
  }
  return `${prefix}-${hash.digest("hex").slice(0, 12)}`;
}

/** Every engine's version from the files under `root` (the repository). */
export function computeEngineVersions(root: string, sources: Record<EngineName, EngineSources> = ENGINE_SOURCES): EngineVersions {
  const out = {} as EngineVersions;
  for (const name of Object.keys(sources) as EngineName[]) out[name] = hashEngineFiles(root, engineFiles(root, sources[name]), name);
  return out;
}
