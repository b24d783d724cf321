// Files of the development corpus (../shared/corpus) that the evaluation and bench scripts read.
import fs from "node:fs";
import path from "node:path";

/** Every PDF under `dir`, at any depth, sorted by path. */
export function pdfsUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? pdfsUnder(path.join(dir, e.name)) : e.name.toLowerCase().endsWith(".pdf") ? [path.join(dir, e.name)] : []))
    .sort();
}
