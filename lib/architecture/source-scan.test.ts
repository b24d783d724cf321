import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { codeFilesUnder } from "./module-graph";
import { scanSource } from "./source-scan";

const repo = path.resolve(import.meta.dirname, "../..");

/** What the TypeScript compiler finds in a module: import specifiers, regular-expression literals, RegExp calls. */
function compilerScan(file: string, text: string) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const imports: string[] = [];
  let regexLiterals = 0;
  let regexConstructions = 0;
  const firstString = (args: ts.NodeArray<ts.Expression>) => (args[0] && ts.isStringLiteralLike(args[0]) ? args[0].text : null);
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) imports.push(node.moduleSpecifier.text);
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) imports.push(node.argument.literal.text);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const requireResolve = ts.isPropertyAccessExpression(callee) && callee.name.text === "resolve" && ts.isIdentifier(callee.expression) && callee.expression.text === "require";
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require") || requireResolve) {
        const spec = firstString(node.arguments);
        if (spec !== null) imports.push(spec);
      }
    }
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) regexLiterals++;
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") regexConstructions++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports: imports.sort(), regexLiterals, regexConstructions };
}

describe("scanSource", () => {
  it("finds imports of every form, and no import written in a comment, a string or a template", () => {
    const found = scanSource(`
      import a from "./a";
      import type { B } from "@/lib/b";
      import { c, type C } from "../c.mjs";
      import "./side-effect";
      export * from "./d";
      export type { E } from "./e";
      export { f } from "./f";
      const g = await import("./g");
      const h = require("h-package");
      const data = require.resolve("@scope/pkg/package.json");
      type I = typeof import("./i");
      // import x from "./commented";
      /* import y from "./block-commented"; */
      const s = 'import z from "./in-a-string"';
      const t = \`import w from "./in-a-template" \${a / 2} /not-a-regex/\`;
      const re = /import v from "\\.\\/in-a-regex"/g;
      const ratio = a / 2 / 3;
      export const j = 1;
    `);
    expect(found.imports).toEqual([
      { specifier: "./a", typeOnly: false, dynamic: false },
      { specifier: "@/lib/b", typeOnly: true, dynamic: false },
      { specifier: "../c.mjs", typeOnly: false, dynamic: false },
      { specifier: "./side-effect", typeOnly: false, dynamic: false },
      { specifier: "./d", typeOnly: false, dynamic: false },
      { specifier: "./e", typeOnly: true, dynamic: false },
      { specifier: "./f", typeOnly: false, dynamic: false },
      { specifier: "./g", typeOnly: false, dynamic: true },
      { specifier: "h-package", typeOnly: false, dynamic: true },
      { specifier: "@scope/pkg/package.json", typeOnly: false, dynamic: true },
      { specifier: "./i", typeOnly: true, dynamic: true },
    ]);
    expect(found.regexLiterals).toBe(1);
  });

  it("names the files a module loads: a string with a file extension, path parts in an array", () => {
    const found = scanSource(`
      const shapes = new URL("./data/shapes.json", import.meta.url);
      const script = workerScriptPath(["lib", "documents", "worker", "read.worker.mjs"], "reader");
      const table = readDataFile("icd10cm_2026.tsv.gz");
      const words = "not a file name";
    `);
    expect(found.paths).toEqual(expect.arrayContaining(["./data/shapes.json", "lib/documents/worker/read.worker.mjs", "icd10cm_2026.tsv.gz"]));
    expect(found.paths).not.toContain("not a file name");
  });

  it("agrees with the TypeScript compiler on every module of lib/ and scripts/", () => {
    const files = [...codeFilesUnder(repo, "lib"), ...codeFilesUnder(repo, "scripts")];
    expect(files.length).toBeGreaterThan(300);
    const disagreements = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(repo, file), "utf8");
      const mine = scanSource(text);
      const expected = compilerScan(file, text);
      const got = { imports: mine.imports.map((i) => i.specifier).sort(), regexLiterals: mine.regexLiterals, regexConstructions: mine.regexConstructions };
      return JSON.stringify(got) === JSON.stringify(expected) ? [] : [{ file, got, expected }];
    });
    expect(disagreements).toEqual([]);
  });
});
