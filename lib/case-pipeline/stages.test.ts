// The stages over the engines: each stage runs the engine whose version it stamps on its record, and no engine runs
// a stage, the database, the job queue or HTTP (lib/architecture/layers.ts; ARCHITECTURE.md "How a case moves").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleGraph } from "@/lib/architecture/module-graph";
import { ENGINE_FORBIDDEN_PACKAGES, layerOf } from "@/lib/architecture/layers";
import { ENGINE_ENTRIES, ENGINE_NAMES, engineFiles, type EngineName } from "@/lib/compute-engine-versions";

const root = path.resolve(import.meta.dirname, "../..");
const graph = new ModuleGraph(root);
const source = (rel: string) => fs.readFileSync(path.join(root, rel), "utf8");

// stage | the engine entry it runs | the engine | how its record names that engine's version (null: none stored)
const STAGES: [string, string, EngineName, string | null][] = [
  ["lib/case-pipeline/read-documents.ts", "lib/documents/read-document-content.ts", "reader", null],
  ["lib/case-pipeline/run-intake.ts", "lib/intake/extract-intake.ts", "intake", "INTAKE_ENGINE_VERSION"],
  ["lib/case-pipeline/resolve-policy.ts", "lib/policies/read/read-policy-pdf.ts", "policy", null],
  ["lib/case-pipeline/run-policy-check.ts", "lib/policies/evaluate-policy.ts", "policy-check", 'engineVersion("policy-check")'],
  ["lib/case-pipeline/run-determination.ts", "lib/determinations/decide.ts", "determination", 'engineVersion("determination")'],
];

describe("the case pipeline's stages", () => {
  it.each(STAGES)("%s runs %s, an entry point of the %s engine, and stamps its version", (stage, entry, engine, stamp) => {
    expect(graph.closure([stage]).files).toContain(entry);
    expect(ENGINE_ENTRIES[engine]).toContain(entry);
    if (stamp) expect(source(stage)).toContain(stamp);
  });

  it("the intake's version is the intake engine's", () => {
    expect(source("lib/intake/engine-version.ts")).toContain('engineVersion("intake")');
  });
});


describe.each(ENGINE_NAMES)("the %s engine", (engine) => {
  const files = engineFiles(root, ENGINE_ENTRIES[engine], graph);

  it("runs no stage of the pipeline, no database, no job queue and no resource with Prisma", () => {
    expect(files.filter((f) => f.startsWith("lib/") && (layerOf(f) === "pipeline" || layerOf(f) === "db"))).toEqual([]);
  });

  it("imports no Prisma, pg, pg-boss, Next.js or React package", () => {
    const packages = files.flatMap((f) => (f.startsWith("node_modules/") ? [f.slice("node_modules/".length, -"/package.json".length)] : []));
    expect(packages.filter((name) => ENGINE_FORBIDDEN_PACKAGES.test(name))).toEqual([]);
  });

  it("reaches no HTTP", () => {
    expect(files.filter((f) => f.startsWith("lib/") && (layerOf(f) === "http" || layerOf(f) === "routes"))).toEqual([]);
  });
});
