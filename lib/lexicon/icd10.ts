// ICD-10-CM FY2026 (lib/lexicon/data/icd10cm_2026.tsv.gz: code, billable, short title, long title; ~98k rows),
// loaded once on first use. Codes are dotted ("G40.811"); lookups accept undotted and lower case too.
import { readDataFile } from "./data-file";

interface Icd10Row {
  code: string;
  billable: boolean;
  title: string;
}

let table: { byKey: Map<string, Icd10Row>; keys: string[] } | null = null;

/** "g40811" / "G40.811" -> "G40811" (the key the table is indexed by). */
const keyOf = (code: string) => code.trim().toUpperCase().replace(".", "");

function load() {
  if (table) return table;
  const byKey = new Map<string, Icd10Row>();
  const lines = readDataFile("icd10cm_2026.tsv.gz").split("\n");
  for (const line of lines.slice(1)) {
    const [code, billable, , title] = line.split("\t");
    if (!code || !title) continue;
    byKey.set(keyOf(code), { code, billable: billable === "1", title: title.trim() });
  }
  table = { byKey, keys: [...byKey.keys()].sort() };
  return table;
}

/** True when the code exists in ICD-10-CM FY2026 (at any level). */
export const isIcd10Code = (code: string): boolean => load().byKey.has(keyOf(code));

/** The official (long) title, or null for a code that does not exist. */
export const icd10Title = (code: string): string | null => load().byKey.get(keyOf(code))?.title ?? null;

/** True when the code is valid for claims (a leaf of the code set). */
export const isBillable = (code: string): boolean => load().byKey.get(keyOf(code))?.billable ?? false;

/** The dotted form the code set writes ("c9100" -> "C91.00"), or null when it is not a code. */
export const icd10Canonical = (code: string): string | null => load().byKey.get(keyOf(code))?.code ?? null;

/** Every billable code under a code (itself included when billable), in code order. */
export function billableDescendants(code: string): string[] {
  const { byKey, keys } = load();
  const prefix = keyOf(code);
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < keys.length && keys[i].startsWith(prefix); i++) {
    const row = byKey.get(keys[i]) as Icd10Row;
    if (row.billable) out.push(row.code);
  }
  return out;
}

/** Every (code, title) row, for name indexes. */
export function icd10Rows(): readonly Icd10Row[] {
  return [...load().byKey.values()];
}
