// The layers of ARCHITECTURE.md as data, and the imports that break them. Top to bottom:
//   routes (app/, components/) -> http (lib/api ...) -> pipeline and resources (lib/case-pipeline's stages, which call
//   the engines, beside the resources they read and write; Prisma lives here) -> engines (pure)
//   -> models (lexicon, shared helpers) -> db (lib/db, the generated Prisma client).
// An import may go down or stay in its layer, never up; engines and models also never touch the database, HTTP,
// Next.js, React or the job queue, whatever the layer of the module that would bring them.
import path from "node:path";
import { codeFilesUnder, ModuleGraph } from "./module-graph";

export const LAYERS = ["db", "models", "engines", "pipeline", "http", "routes"] as const;
export type Layer = (typeof LAYERS)[number];

/** Folders of lib/ by layer (a folder's files at any depth); files not listed here take their folder's layer. */
const FOLDER_LAYERS: Record<string, Layer> = {
  api: "http", openapi: "http", portal: "http", server: "http",
  "case-pipeline": "pipeline", "policy-library": "pipeline", pas: "pipeline", "prior-auths": "pipeline", jobs: "pipeline", webhooks: "pipeline", notices: "pipeline",
  reviews: "pipeline", reports: "pipeline", members: "pipeline", workspaces: "pipeline", "api-keys": "pipeline",
  auth: "pipeline", audit: "pipeline", idempotency: "pipeline", "rate-limits": "pipeline", "supporting-info": "pipeline",
  evaluation: "pipeline", documents: "pipeline", schemas: "pipeline", net: "pipeline", streams: "pipeline",
  intake: "engines", policies: "engines", determinations: "engines", claims: "engines", fhir: "engines",
  lexicon: "models", architecture: "models", errors: "models", json: "models",
  db: "db", generated: "db",
};

// The document reader (and its test fixtures) is an engine (bytes in, pages out, in worker threads): the policy reader builds on it. The
// rest of lib/documents fetches, stores and presents documents.
const DOCUMENT_READER = /^lib\/documents\/(read-document-content|read-in-worker|read-pdf|read-limits|recognise-cells-in-worker|worker-script|to-source-document|ocr-code-shapes|test-fixtures|scan-fixtures|tiff-fixture)\.m?ts$|^lib\/documents\/(worker|pool|data)\/|^lib\/documents\/ocr-code-shapes\.mjs$/;

// The document layout model (words with boxes -> lines, cells, running lines) is a model under every reader: the document
// reader builds pages with it, the intake, claims and policy readers read those pages through it.
const DOCUMENT_LAYOUT = /^lib\/documents\/layout\//;

/** Packages only the layers above the engines may import. */
export const ENGINE_FORBIDDEN_PACKAGES = /^(@prisma\/|pg$|pg-boss$|next$|next\/|next-auth|react$|react-dom$|react\/)/;

/** The layer of a root-relative file, or null outside the layered code (scripts, e2e, config). */
export function layerOf(file: string): Layer | null {
  if (file.startsWith("app/") || file.startsWith("components/")) return "routes";
  if (!file.startsWith("lib/")) return null;
  if (DOCUMENT_LAYOUT.test(file)) return "models";
  if (DOCUMENT_READER.test(file)) return "engines";
  const parts = file.split("/");
  if (parts.length === 2) return "models"; // lib/digest.ts, lib/time.ts, lib/log.ts, lib/engine-versions.ts ...
  return FOLDER_LAYERS[parts[1]] ?? "pipeline";
}

/** The folder a file counts in for folder pairs and cycles: lib/<folder>, or lib itself for its own files. */
export const folderOf = (file: string) => {
  const parts = file.split("/");
  return parts[0] === "lib" && parts.length > 2 ? `lib/${parts[1]}` : parts.length > 1 ? parts[0] : ".";
};

const rank = (layer: Layer) => LAYERS.indexOf(layer);
const isLowEngine = (layer: Layer) => layer === "engines" || layer === "models";

export interface LayerViolation {
  file: string;
  /** The imported file (root-relative) or package name. */
  target: string;
  why: "upward" | "engine-forbidden";
  typeOnly: boolean;
}

/** One line per violation, as the allow-list keeps it. */
export const violationKey = (v: LayerViolation) => `${v.file} -> ${v.target}`;

/** The imports of lib/ (tests and fixtures included: they run in the same layers) that break the layers, sorted. */
export function findLayerViolations(root: string, graph = new ModuleGraph(root)): LayerViolation[] {
  const out = new Map<string, LayerViolation>();
  for (const file of codeFilesUnder(root, "lib")) {
    const from = layerOf(file);
    if (!from) continue;
    for (const edge of graph.node(file).imports) {
      let violation: LayerViolation | null = null;
      // A path that names no file counts where it points (the generated Prisma client exists only after generate).
      const target = edge.target.kind === "file" ? edge.target.file : edge.target.kind === "unresolved" ? edge.target.path : undefined;
      if (target) {
        const to = layerOf(target);
        if (!to) continue;
        if (rank(to) > rank(from)) violation = { file, target, why: "upward", typeOnly: edge.typeOnly };
        else if (isLowEngine(from) && to === "db") violation = { file, target, why: "engine-forbidden", typeOnly: edge.typeOnly };
      } else if (edge.target.kind === "package" && isLowEngine(from) && ENGINE_FORBIDDEN_PACKAGES.test(edge.target.name)) {
        violation = { file, target: edge.target.name, why: "engine-forbidden", typeOnly: edge.typeOnly };
      }
      if (!violation) continue;
      const key = violationKey(violation);
      const known = out.get(key);
      // The same pair imported twice (a value and a type import) counts once, as a value import.
      if (!known || (known.typeOnly && !violation.typeOnly)) out.set(key, violation);
    }
  }
  return [...out.values()].sort((a, b) => violationKey(a).localeCompare(violationKey(b)));
}

/** The HTTP error module: statuses and ApiError, for lib/api and the routes only (the domain throws lib/errors' named errors). */
export const HTTP_ERRORS_MODULE = "lib/api/errors.ts";

/** Files of lib/ outside lib/api (tests included) that import the HTTP error module, sorted. */
export function findHttpErrorImports(root: string, graph = new ModuleGraph(root)): string[] {
  return codeFilesUnder(root, "lib")
    .filter((file) => !file.startsWith("lib/api/"))
    .filter((file) => graph.node(file).imports.some((edge) => edge.target.kind === "file" && edge.target.file === HTTP_ERRORS_MODULE))
    .sort();
}

/** File -> imported files of lib/ (tests left out: they are not part of the design's dependencies). */
export function libImportGraph(root: string, graph = new ModuleGraph(root)): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of codeFilesUnder(root, "lib")) {
    if (/\.test\.ts$|\/fixtures?\//.test(file)) continue;
    const targets = new Set<string>();
    for (const edge of graph.node(file).imports) if (edge.target.kind === "file" && edge.target.file.startsWith("lib/") && edge.target.file !== file) targets.add(edge.target.file);
    edges.set(file, targets);
  }
  return edges;
}

/** Strongly connected components (Tarjan) of more than one file. */
export function fileCycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!indices.has(v)) connect(v);
  return out;
}

export const repoRoot = () => path.resolve(import.meta.dirname, "../..");
