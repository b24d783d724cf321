// `npx tsx scripts/architecture-metrics.ts [--list] [--write-allow-list]`: the figures issue 20 tracks, from the
// sources (lib/architecture: the same lexer, import graph and layers as the layer test).
//   upward imports       imports of lib/ against the layers of ARCHITECTURE.md (lib/architecture/layers.ts): to a
//                        higher layer, or from an engine/model to the database, Prisma, Next.js, React or the queue;
//                        one per (file, imported file or package), type-only imports included (they couple too);
//                        tests included, as in the layer test's allow-list
//   folder pairs         pairs of lib/<folder>s that each import the other (tests left out)
//   cycles               import cycles of files (strongly connected components, tests left out) spanning more than one
//                        folder of lib/, each counted once
//   regular expressions  regular-expression literals plus `new RegExp(...)`/`RegExp(...)` calls in the code of lib/
//                        (tests and generated code left out; with tests in brackets)
//   stored-JSON casts    `as` casts (an `as unknown as T` chain counts once) whose operand is `JSON.parse(...)` or a
//                        property named as one of prisma/schema.prisma's Json fields (`row.parsed as ParsedPolicy`),
//                        in the code of lib/ (no tests); casts to Prisma's input JSON types (writes) are not reads
//                        and are left out
// --write-allow-list rewrites lib/architecture/layer-violations.json, the layer test's list of today's violations.
import fs from "node:fs";
import path from "node:path";
import { codeFilesUnder, ModuleGraph } from "../lib/architecture/module-graph";
import { fileCycles, findLayerViolations, folderOf, libImportGraph, violationKey } from "../lib/architecture/layers";
import { tokenize, type Token } from "../lib/architecture/source-scan";

const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const list = args.has("--list");
const graph = new ModuleGraph(root);
const isTest = (file: string) => /\.(test|eval\.test)\.ts$|\/fixtures?\//.test(file);

// Layers.
const violations = findLayerViolations(root, graph);
if (args.has("--write-allow-list")) {
  const file = path.join(root, "lib/architecture/layer-violations.json");
  fs.writeFileSync(file, `${JSON.stringify(violations.map(violationKey), null, 2)}\n`);
  console.log(`wrote ${violations.length} violations to ${path.relative(root, file)}`);
}

// Folder pairs and cycles.
const edges = libImportGraph(root, graph);
const folderEdges = new Set<string>();
for (const [file, targets] of edges) for (const t of targets) if (folderOf(file) !== folderOf(t)) folderEdges.add(`${folderOf(file)} ${folderOf(t)}`);
const pairs = [...folderEdges].map((e) => e.split(" ")).filter(([a, b]) => a < b && folderEdges.has(`${b} ${a}`)).map(([a, b]) => `${a} <-> ${b}`);
const cycles = fileCycles(edges).filter((component) => new Set(component.map(folderOf)).size > 1);

// Regular expressions.
const libFiles = codeFilesUnder(root, "lib");
let regexCode = 0;
let regexAll = 0;
for (const file of libFiles) {
  const scan = graph.node(file).scan;
  const count = scan.regexLiterals + scan.regexConstructions;
  regexAll += count;
  if (!isTest(file)) regexCode += count;
}

// Casts of stored JSON.
const jsonFields = new Set([...fs.readFileSync(path.join(root, "prisma/schema.prisma"), "utf8").matchAll(/^\s+(\w+)\s+Json\??(\s|$)/gm)].map((m) => m[1]));
const casts: string[] = [];
const isPunct = (t: Token | undefined, text: string) => t?.kind === "punct" && t.text === text;
for (const file of libFiles.filter((f) => !isTest(f))) {
  const t = tokenize(fs.readFileSync(path.join(root, file), "utf8"));
  for (let k = 1; k < t.length; k++) {
    if (t[k].kind !== "name" || t[k].text !== "as") continue;
    const prev = t[k - 1];
    let operand: string | null = null;
    if (isPunct(prev, ")")) {
      let depth = 0;
      let j = k - 1;
      for (; j >= 0; j--) {
        if (isPunct(t[j], ")")) depth++;
        else if (isPunct(t[j], "(") && --depth === 0) break;
      }
      if (t[j - 1]?.text === "parse" && isPunct(t[j - 2], ".") && t[j - 3]?.text === "JSON") operand = "JSON.parse(...)";
    } else if (prev.kind === "name" && (isPunct(t[k - 2], ".") || isPunct(t[k - 2], "?.")) && jsonFields.has(prev.text)) operand = `.${prev.text}`;
    if (!operand) continue;
    // The type cast to: skip `unknown as` links of the chain.
    let j = k + 1;
    while (t[j]?.text === "unknown" && t[j + 1]?.text === "as") j += 2;
    const target = t.slice(j, j + 3).map((x) => x.text).join("");
    if (/InputJson|JsonNull|^const/.test(target)) continue;
    casts.push(`${file}: ${operand} as ${target}`);
  }
}

const show = (title: string, items: string[]) => {
  console.log(`${title}: ${items.length}`);
  if (list) for (const item of items) console.log(`  ${item}`);
};
const upward = violations.filter((v) => v.why === "upward");
const forbidden = violations.filter((v) => v.why === "engine-forbidden");
show(`imports against the layers (upward ${upward.length}, of them type-only ${upward.filter((v) => v.typeOnly).length}; engines/models to db, Prisma, Next.js, React or the queue ${forbidden.length})`, violations.map((v) => `${violationKey(v)} (${v.why}${v.typeOnly ? ", type" : ""})`));
show("pairs of folders importing each other", pairs);
show("cycles across folders", cycles.map((c) => c.join(" , ")));
console.log(`regular expressions in lib/ (literals + RegExp calls, without tests): ${regexCode} (with tests: ${regexAll})`);
show("casts of stored JSON", casts);
