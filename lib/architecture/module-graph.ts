// The project's modules as a graph, read from the sources (source-scan.ts): what each module imports (static and
// dynamic imports, require), resolved as the project resolves them ("@/..." from the repository root, relative paths,
// extensions and index files), plus the files it loads at run time (data files and worker scripts named by a string
// literal or by path parts, as `workerScriptPath(["lib", ..., "x.worker.mjs"])`). Used for the engine versions and
// the layer rule.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { scanSource, type SourceReferences } from "./source-scan";

export const CODE_FILE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const BUILTINS = new Set(builtinModules);
const TRY_EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", ".json"];

export type ResolvedImport =
  | { kind: "file"; file: string }
  | { kind: "package"; name: string }
  | { kind: "builtin" }
  /** A local path that names no file (yet): `path` is where it points, e.g. generated code before `npm run generate`. */
  | { kind: "unresolved"; path?: string };

export interface ModuleEdge {
  specifier: string;
  typeOnly: boolean;
  dynamic: boolean;
  target: ResolvedImport;
}

export interface ModuleNode {
  /** Path relative to the root, with "/". */
  file: string;
  imports: ModuleEdge[];
  /** Files under lib/ the module loads by name at run time (data files, worker scripts). */
  loads: string[];
  scan: SourceReferences;
}

const toPosix = (p: string) => p.split(path.sep).join("/");

/** The package a bare specifier names ("@scope/name/sub" -> "@scope/name"). */
export const packageName = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

export class ModuleGraph {
  private nodes = new Map<string, ModuleNode>();

  constructor(readonly root: string) {}

  private isFile(rel: string) {
    const full = path.join(this.root, rel);
    return fs.existsSync(full) && fs.statSync(full).isFile();
  }

  /** The file a specifier names from `from` (a root-relative module path). */
  resolve(from: string, specifier: string): ResolvedImport {
    if (specifier.startsWith("node:") || BUILTINS.has(specifier)) return { kind: "builtin" };
    let base: string;
    if (specifier.startsWith("@/")) base = specifier.slice(2);
    else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.posix.join(path.posix.dirname(from), specifier);
    else return { kind: "package", name: packageName(specifier) };
    base = path.posix.normalize(base);
    const candidates = [base];
    if (/\.(js|mjs)$/.test(base)) candidates.push(base.replace(/\.m?js$/, (ext) => (ext === ".mjs" ? ".mts" : ".ts")));
    candidates.push(...TRY_EXTENSIONS.map((ext) => base + ext), ...["index.ts", "index.tsx", "index.mjs", "index.js"].map((f) => `${base}/${f}`));
    const file = candidates.find((c) => !c.startsWith("..") && this.isFile(c));
    return file ? { kind: "file", file } : { kind: "unresolved", path: /\.[a-z]+$/.test(base) ? base : `${base}.ts` };
  }

  /** The module at `file` (root-relative), scanned once. */
  node(file: string): ModuleNode {
    const known = this.nodes.get(file);
    if (known) return known;
    const scan = scanSource(fs.readFileSync(path.join(this.root, file), "utf8"));
    const imports = scan.imports.map((i) => ({ ...i, target: this.resolve(file, i.specifier) }));
    const dir = path.posix.dirname(file);
    const loads = new Set<string>();
    for (const p of scan.paths) {
      const rel = p.replace(/^\.\//, "");
      for (const candidate of [path.posix.join(dir, rel), path.posix.join(dir, "data", rel), path.posix.normalize(rel)]) {
        if (candidate.startsWith("lib/") && candidate !== file && this.isFile(candidate)) {
          loads.add(candidate);
          break;
        }
      }
    }
    const made: ModuleNode = { file, imports, loads: [...loads].sort(), scan };
    this.nodes.set(file, made);
    return made;
  }

  /**
   * Every file an entry runs: its modules (imports that exist at run time, not `import type`), the data files and
   * worker scripts they load, and the packages they import. Code files are followed; data files are leaves.
   */
  closure(entries: readonly string[]): { files: string[]; packages: string[] } {
    const files = new Set<string>();
    const packages = new Set<string>();
    const queue = [...entries];
    while (queue.length) {
      const file = queue.pop()!;
      if (files.has(file)) continue;
      if (!this.isFile(file)) throw new Error(`engine file ${file} does not exist`);
      files.add(file);
      if (!CODE_FILE.test(file) || file.endsWith(".d.ts") || file.endsWith(".d.mts")) continue;
      const node = this.node(file);
      for (const edge of node.imports) {
        if (edge.typeOnly) continue;
        if (edge.target.kind === "file") queue.push(edge.target.file);
        else if (edge.target.kind === "package") packages.add(edge.target.name);
      }
      queue.push(...node.loads);
    }
    return { files: [...files].sort(), packages: [...packages].sort() };
  }
}

/** Every code file under `dir` (root-relative), without generated code and node_modules. */
export function codeFilesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = toPosix(path.posix.join(rel, entry.name));
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "generated" && !entry.name.startsWith(".")) walk(child);
      } else if (CODE_FILE.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}
