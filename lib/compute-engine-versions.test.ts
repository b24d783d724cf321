import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { computeEngineVersions, engineFiles, ENGINE_SOURCES, type EngineSources } from "./compute-engine-versions";
import { engineVersions } from "./engine-versions";

let root: string;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "engine-versions-"));
  write("lib/intake/extract.ts", "export const a = 1;\n");
  write("lib/lexicon/data/drugs.json", '{"metformin": ["Glucophage"]}\n');
  write("lib/policies/evaluate.ts", "export const b = 2;\n");
  write("lib/policies/read/reader.ts", "export const c = 3;\n");
  write("lib/determinations/decide.ts", "export const d = 4;\n");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("computeEngineVersions", () => {
  it("names each engine with 12 hex digits of its content hash, the same on every run", () => {
    const v = computeEngineVersions(root);
    expect(v.intake).toMatch(/^intake-[0-9a-f]{12}$/);
    expect(v.policy).toMatch(/^policy-[0-9a-f]{12}$/);
    expect(v.determination).toMatch(/^determination-[0-9a-f]{12}$/);
    expect(computeEngineVersions(root)).toEqual(v);
  });

  it("changes every engine that reads a data file when the file's content changes", () => {
    const before = computeEngineVersions(root);
    write("lib/lexicon/data/drugs.json", '{"metformin": ["Glucophage", "Fortamet"]}\n');
    const after = computeEngineVersions(root);
    expect(after.intake).not.toBe(before.intake);
    expect(after.policy).not.toBe(before.policy);
    expect(after.determination).not.toBe(before.determination);
  });

  it("changes only the engines whose files changed", () => {
    const before = computeEngineVersions(root);
    write("lib/policies/read/reader.ts", "export const c = 30;\n");
    const after = computeEngineVersions(root);
    expect(after.policy).not.toBe(before.policy);
    expect(after.determination).toBe(before.determination);
    expect(after.intake).toBe(before.intake);
  });

  it("changes when a file is added, renamed or removed", () => {
    const v0 = computeEngineVersions(root).intake;
    write("lib/intake/rules.tsv", "cue\tfield\n");
    const v1 = computeEngineVersions(root).intake;
    fs.renameSync(path.join(root, "lib/intake/rules.tsv"), path.join(root, "lib/intake/labels.tsv"));
    const v2 = computeEngineVersions(root).intake;
    fs.rmSync(path.join(root, "lib/intake/labels.tsv"));
    expect(new Set([v0, v1, v2]).size).toBe(3);
    expect(computeEngineVersions(root).intake).toBe(v0);
  });

  it("ignores tests and test fixtures", () => {
    const before = computeEngineVersions(root);
    write("lib/intake/extract.test.ts", "it('x', () => {});\n");
    write("lib/policies/read/fixtures/build-table.ts", "export const f = 1;\n");
    expect(computeEngineVersions(root)).toEqual(before);
  });
});

describe("engineFiles", () => {
  it("lists the included files sorted, without the excluded folders", () => {
    const sources: EngineSources = { include: ["lib/policies/", "lib/lexicon/"], exclude: ["lib/policies/read/"] };
    expect(engineFiles(root, sources)).toEqual(["lib/lexicon/data/drugs.json", "lib/policies/evaluate.ts"]);
  });
});

describe("the repository's engines", () => {
  it("each covers its own code and the shared vocabulary", () => {
    const repo = path.resolve(import.meta.dirname, "..");
    expect(engineFiles(repo, ENGINE_SOURCES.intake)).toContain("lib/intake/extract-intake.ts");
    expect(engineFiles(repo, ENGINE_SOURCES.policy)).toContain("lib/policies/read/read-policy-document.ts");
    expect(engineFiles(repo, ENGINE_SOURCES.determination)).toContain("lib/determinations/decide.ts");
    expect(engineFiles(repo, ENGINE_SOURCES.determination)).not.toContain("lib/policies/read/read-policy-document.ts");
    expect(engineVersions()).toEqual(computeEngineVersions(repo));
  });
});
