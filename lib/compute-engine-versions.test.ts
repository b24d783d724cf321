import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeEngineVersions, ENGINE_ENTRIES, ENGINE_NAMES, engineFiles, type EngineName, type EngineVersions } from "./compute-engine-versions";
import { engineVersions } from "./engine-versions";

const repo = path.resolve(import.meta.dirname, "..");

describe("the repository's engines", () => {
  const files = Object.fromEntries(ENGINE_NAMES.map((name) => [name, engineFiles(repo, ENGINE_ENTRIES[name])])) as Record<EngineName, string[]>;

  it.each(ENGINE_NAMES)("%s: covers its entry points and nothing outside lib/ and the packages it imports", (name) => {
    for (const entry of ENGINE_ENTRIES[name]) expect(files[name]).toContain(entry);
    expect(files[name].filter((f) => !f.startsWith("lib/") && !/^node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(f))).toEqual([]);
    expect(files[name].filter((f) => /\.test\.ts$|\/fixtures\//.test(f))).toEqual([]);
  });

  it("the document reader covers its worker scripts, their data and the packages they run", () => {
    expect(files.reader).toEqual(expect.arrayContaining(["lib/documents/worker/read-document.worker.mjs", "lib/documents/worker/ocr.mjs", "lib/documents/layout/lines.mjs", "lib/documents/data/ocr-code-shapes.json", "node_modules/pdfjs-dist/package.json", "node_modules/tesseract.js/package.json"]));
    expect(files.intake).toEqual(expect.arrayContaining(files.reader));
  });

  it("the policy reader covers the cell reader and the code systems, not the evaluators", () => {
    expect(files.policy).toEqual(expect.arrayContaining(["lib/policies/read/worker/read-policy.worker.mjs", "lib/documents/worker/recognise-cells.worker.mjs", "lib/policies/read/read-policy-document.ts", "lib/lexicon/data/icd10cm_2026.tsv.gz"]));
    expect(files.policy.some((f) => f.startsWith("lib/lexicon/codes/"))).toBe(true);
    expect(files.policy.filter((f) => f.startsWith("lib/policies/checks/") || f === "lib/policies/evaluate-policy.ts")).toEqual([]);
  });

  it("the determination covers what evaluates and decides, not the readers", () => {
    expect(files.determination).toEqual(expect.arrayContaining(["lib/determinations/decide.ts", "lib/policies/checks/answer-step-therapy.ts", "lib/policies/checks/data/never-tried-cues.json"]));
    // The layout model (lib/documents/layout) is a model under every reader, the claims tables included; the readers are not.
    expect(files.determination.filter((f) => f.startsWith("lib/policies/read/") || (f.startsWith("lib/documents/") && !f.startsWith("lib/documents/layout/")))).toEqual([]);
  });

  it("the running server's versions are these", () => {
    expect(engineVersions()).toEqual(computeEngineVersions(repo));
  });
});

describe("computeEngineVersions on a copy of the tree", () => {
  let root: string;
  let base: EngineVersions;
  const changed = (after: EngineVersions) => ENGINE_NAMES.filter((name) => after[name] !== base[name]);
  const edit = (rel: string, change: (text: string) => string) => {
    const file = path.join(root, rel);
    const before = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, change(before));
    return () => fs.writeFileSync(file, before);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "engine-versions-"));
    fs.cpSync(path.join(repo, "lib"), path.join(root, "lib"), { recursive: true, filter: (src) => !src.includes(`${path.sep}generated`) });
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(root, "node_modules"), "dir");
    base = computeEngineVersions(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("names each engine with 12 hex digits of its content hash, the same on every run and as in the repository", () => {
    for (const name of ENGINE_NAMES) expect(base[name]).toMatch(new RegExp(`^${name}-[0-9a-f]{12}$`));
    expect(computeEngineVersions(root)).toEqual(base);
    expect(base).toEqual(computeEngineVersions(repo));
  });

  it.each<[string, string, EngineName[]]>([
    ["the document-reading worker script", "lib/documents/worker/read-document.worker.mjs", ["reader", "intake", "policy", "policy-check"]],
    ["the cell-recognition worker script", "lib/documents/worker/recognise-cells.worker.mjs", ["policy", "policy-check"]],
    ["the policy-reading worker script", "lib/policies/read/worker/read-policy.worker.mjs", ["policy", "policy-check"]],
    ["the OCR code shapes (data the reader loads by URL)", "lib/documents/data/ocr-code-shapes.json", ["reader", "intake", "policy", "policy-check"]],
    ["a step-therapy cue list (data an evaluator imports)", "lib/policies/checks/data/never-tried-cues.json", ["policy-check", "determination"]],
    ["an evaluator", "lib/policies/checks/answer-age.ts", ["policy-check", "determination"]],
    ["the decision", "lib/determinations/decide.ts", ["determination"]],
    ["a code system", "lib/lexicon/codes/ndc.ts", ["intake", "policy", "policy-check", "determination"]],
  ])("a change to %s changes exactly the engines that run it", (_, rel, expected) => {
    const restore = edit(rel, (text) => `${text}\n// changed\n`);
    try {
      expect(changed(computeEngineVersions(root))).toEqual(expected);
    } finally {
      restore();
    }
    expect(computeEngineVersions(root)).toEqual(base);
  });

  it("a data file read by name (readDataFile) is covered: the ICD-10-CM table", () => {
    const file = path.join(root, "lib/lexicon/data/icd10cm_2026.tsv.gz");
    const before = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.concat([before, Buffer.from([0])]));
    try {
      expect(changed(computeEngineVersions(root))).toEqual(["intake", "policy", "policy-check", "determination"]);
    } finally {
      fs.writeFileSync(file, before);
    }
  });

  it("a test file or an unimported module changes nothing", () => {
    fs.writeFileSync(path.join(root, "lib/policies/checks/answer-age.extra.test.ts"), "it('x', () => {});\n");
    fs.writeFileSync(path.join(root, "lib/policies/checks/unused-helper.ts"), "export const unused = 1;\n");
    expect(computeEngineVersions(root)).toEqual(base);
  });

  it("a new import adds the imported file", () => {
    const restore = edit("lib/determinations/decide.ts", (text) => `import "./new-rule";\n${text}`);
    fs.writeFileSync(path.join(root, "lib/determinations/new-rule.ts"), "export const rule = 1;\n");
    try {
      const v1 = computeEngineVersions(root).determination;
      fs.writeFileSync(path.join(root, "lib/determinations/new-rule.ts"), "export const rule = 2;\n");
      expect(computeEngineVersions(root).determination).not.toBe(v1);
    } finally {
      restore();
    }
  });

  it("refuses an entry point that does not exist", () => {
    expect(() => computeEngineVersions(root, { ...ENGINE_ENTRIES, reader: ["lib/documents/layout/read.ts"] })).toThrow(/does not exist/);
  });
});
