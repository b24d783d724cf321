// Where the lexicon's larger data files live (read on the server only, once, when first asked for).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

/** The text of lib/lexicon/data/<name>, gunzipped when it ends in .gz. */
export function readDataFile(name: string): string {
  const file = path.join(process.cwd(), "lib", "lexicon", "data", name);
  const bytes = readFileSync(file);
  return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}
