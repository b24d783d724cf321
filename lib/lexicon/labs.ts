// Lab analytes (lib/lexicon/data/labs.json): the names a result or a policy may use for one analyte ("HbA1c" ~ "A1c"
// ~ "hemoglobin A1c"), with its LOINC code and usual units.
import data from "./data/labs.json";

export interface LabAnalyte {
  id: string;
  name: string;
  names: string[];
  loinc: string;
  units: string[];
}

export const LAB_ANALYTES: readonly LabAnalyte[] = data.analytes;

/** Lower case, bracketed notes gone, punctuation to spaces (keeps + and - of "CD4+", "LDL-C"). */
export const normalizeLabName = (s: string) => s.toLowerCase().replace(/\([^)]*\)/g, " ").replace(/[^a-z0-9+-]+/g, " ").trim();

/** The analyte a name denotes (the first whose names the name is or contains), or null. */
export function analyteOf(name: string): LabAnalyte | null {
  const n = normalizeLabName(name);
  if (!n) return null;
  return LAB_ANALYTES.find((a) => a.names.some((s) => n === s || n.includes(s))) ?? null;
}

/**
 * Does a result's name (as the lab report writes it) stand for the analyte a policy names? The same words, one
 * inside the other, or names of the same analyte.
 */
export function sameAnalyte(labName: string, analyte: string): boolean {
  const a = normalizeLabName(analyte);
  const l = normalizeLabName(labName);
  if (!a || !l) return false;
  if (l === a || l.includes(a) || a.includes(l)) return true;
  const group = analyteOf(analyte);
  return Boolean(group?.names.some((s) => l === s || l.split(" ").includes(s) || l.includes(s)));
}
