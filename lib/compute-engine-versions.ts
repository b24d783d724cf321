// Engine versions as content hashes: each engine's version is a digest of the files it runs, so any change of a rule,
// a vocabulary, a table or a worker script changes the version stored with the results it produces. The files are
// not listed by hand: they are what the engine's entry points import (static and dynamic imports, followed through
// the whole tree, lib/architecture/module-graph.ts), plus the data files and worker scripts those modules load by
// name, plus the package.json (so the version) of every package they import at run time.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ModuleGraph } from "./architecture/module-graph";

export type EngineName = "reader" | "intake" | "policy" | "policy-check" | "determination";
export type EngineVersions = Record<EngineName, string>;
export const ENGINE_NAMES: readonly EngineName[] = ["reader", "intake", "policy", "policy-check", "determination"];

// Reading a document: PDF text, page recognition, image decoding (the reading worker threads and their scripts).
const DOCUMENT_READER = ["lib/documents/read-document-content.ts", "lib/documents/to-source-document.ts"];
// Reading a policy: family readers, sections, criteria trees, the cell reader, a policy payload.
const POLICY_READER = ["lib/policies/read/read-policy-pdf.ts", "lib/policies/parse-policy.ts", "lib/policies/policy-payload.ts", "lib/policies/library/plan-section-policies.ts"];
// Evaluating a case against a policy section, and the decision with its safety invariants.
const POLICY_EVALUATOR = ["lib/policies/evaluate-policy.ts", "lib/policies/library/case-drugs.ts", "lib/policies/library/section-for-case.ts", "lib/policies/library/unread-criteria-step.ts"];
const DECISION = ["lib/determinations/decide.ts", "lib/determinations/approval-invariants.ts", "lib/claims/case-claims.ts", "lib/lexicon/same-drug.ts", "lib/policies/library/drug-binding-matches.ts"];

/**
 * Each engine's entry points (root-relative): its version covers them and everything they run.
 * - reader: a case document read into pages (stored with the document; the intake below includes it).
 * - intake: the documents' reading and the extraction of facts (stored intakes).
 * - policy: the policy reader only (stored parsed policies: "read by an older reader" when it changes).
 * - policy-check: the reader of a check's own policy document or payload, and the evaluation (policy checks).
 * - determination: only what evaluates and decides (determinations, with the policy check's version beside it).
 */
export const ENGINE_ENTRIES: Record<EngineName, readonly string[]> = {
  reader: DOCUMENT_READER,
  intake: ["lib/intake/extract-intake.ts", ...DOCUMENT_READER],
  policy: POLICY_READER,
  "policy-check": [...POLICY_EVALUATOR, ...POLICY_READER],
  determination: [...POLICY_EVALUATOR, ...DECISION],
};

/** The files an engine runs, relative to `root`, sorted: its modules, data files, worker scripts and packages' package.json. */
export function engineFiles(root: string, entries: readonly string[], graph = new ModuleGraph(root)): string[] {
  const { files, packages } = graph.closure(entries);
  const manifests = packages.map((name) => `node_modules/${name}/package.json`).filter((rel) => fs.existsSync(path.join(root, rel)));
  return [...files, ...manifests].sort();
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
export function computeEngineVersions(root: string, entries: Record<EngineName, readonly string[]> = ENGINE_ENTRIES): EngineVersions {
  const graph = new ModuleGraph(root);
  const out = {} as EngineVersions;
  for (const name of ENGINE_NAMES) out[name] = hashEngineFiles(root, engineFiles(root, entries[name], graph), name);
  return out;
}
