// Prescriber specialties: NUCC Health Care Provider Taxonomy (lib/lexicon/data/nucc_taxonomy.csv, loaded once) and
// the fields of medicine policies name (lib/lexicon/data/specialties.json). "Pediatric Hematology-Oncology" is
// 2080P0207X and belongs to oncology and hematology, so it satisfies "oncologist or hematologist"; "Internal
// Medicine" belongs to no narrower field and satisfies no "endocrinologist".
import data from "./data/specialties.json";
import { readDataFile } from "./data-file";

export interface NuccRow {
  code: string;
  grouping: string;
  classification: string;
  specialization: string;
  displayName: string;
}

interface Field {
  terms: string[];
  nucc: string[];
  excludeNucc?: string[];
}

const FIELDS = data.fields as Record<string, Field>;
const NAMES = data.names as Record<string, string>;

/** "Pediatric Hematology-Oncology" / "pediatric hematology & oncology" -> "pediatric hematology oncology". */
const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\b(?:and|physician|md|do|the|of|dept|department|specialist)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Split one CSV line with quoted fields. */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    }
    else cur += ch;
  }
  out.push(cur);
  return out;
}

let nucc: { byCode: Map<string, NuccRow>; byName: Map<string, string> } | null = null;

function load() {
  if (nucc) return nucc;
  const byCode = new Map<string, NuccRow>();
  const byName = new Map<string, string>();
  const physician = (row: NuccRow) => /physician/i.test(row.grouping);
  const rows: NuccRow[] = [];
  for (const line of readDataFile("nucc_taxonomy.csv").split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const [code, grouping, classification, specialization, displayName] = csvFields(line);
    rows.push({ code, grouping, classification, specialization, displayName });
  }
  // Physicians first, so "Hematology" names the physician's code, not a nurse's or a pathologist's.
  rows.sort((a, b) => Number(physician(b)) - Number(physician(a)));
  for (const row of rows) {
    byCode.set(row.code, row);
    const own = row.specialization || row.classification;
    for (const name of [own, row.displayName, `${row.classification} ${row.specialization}`]) {
      const key = normalize(name);
      if (key && !byName.has(key)) byName.set(key, row.code);
    }
  }
  for (const [name, code] of Object.entries(NAMES)) byName.set(normalize(name), code);
  nucc = { byCode, byName };
  return nucc;
}

/** The code of one written name: as written, as a field ("Neurologist" -> neurology), without "adult"/"general". */
function codeOfName(text: string): string | null {
  const { byName } = load();
  const whole = normalize(text);
  for (const key of [whole, whole.replace(/^(?:adult|general)\s+/, "")]) {
    const code = byName.get(key) ?? byName.get(key.replace(/ists?$/, "y")) ?? byName.get(key.replace(/ists?$/, "ogy"));
    if (code) return code;
  }
  return null;
}

// A specialty with a qualifier ("Neurology – vascular/stroke", "Cardiology (lipid clinic)", "Family Medicine, PA-C")
// or under its board ("Internal Medicine - Cardiology", "Internal Medicine/Rheumatology"): its parts. What is in
// parentheses qualifies the name before it and is read only when that name names nothing. A part alone counts only
// when it names a physician's field ("vascular" alone is a technologist's row, not a prescriber's specialty).
const PARTS = /\s+[–—-]\s+|\s*[,;/]\s*/;
const PARENTHESES = /\(([^)]*)\)?/g;

const codesOfParts = (text: string) =>
  text
    .split(PARTS)
    .map((part) => (part.trim() ? codeOfName(part) : null))
    .filter((c): c is string => c !== null && /physician/i.test(nuccRow(c)?.grouping ?? ""));

/**
 * The NUCC taxonomy code of a written specialty, or null when it names none. A name with a qualifier or a board is
 * read by its parts: the most specific part NUCC names (a specialization over its classification), else the first.
 */
export function specialtyCode(text: string): string | null {
  const whole = codeOfName(text);
  if (whole) return whole;
  const outside = codesOfParts(text.replace(PARENTHESES, " , "));
  const codes = outside.length ? outside : [...text.matchAll(PARENTHESES)].flatMap((m) => codesOfParts(m[1]));
  return codes.find((c) => nuccRow(c)?.specialization) ?? codes[0] ?? null;
}

/** Every NUCC row, physicians first (the order names are resolved in), for look-ups by name. */
export function nuccRows(): readonly NuccRow[] {
  return [...load().byCode.values()];
}

/** The NUCC row of a code (display name, classification, specialization). */
export function nuccRow(code: string): NuccRow | null {
  return load().byCode.get(code) ?? null;
}

const termPattern = (term: string) => new RegExp(term.startsWith("\\b") ? term : term.replace(/[/-]/g, "[/ -]?"), "i");

/** Fields a text names by its words ("neurologist", "Hem/Onc"). */
function fieldsInText(text: string): Set<string> {
  return new Set(Object.entries(FIELDS).filter(([, f]) => f.terms.some((t) => termPattern(t).test(text))).map(([id]) => id));
}

/** Fields a NUCC code belongs to. */
function fieldsOfCode(code: string): Set<string> {
  const row = nuccRow(code);
  if (!row) return new Set();
  const name = (row.specialization || row.classification).toLowerCase();
  return new Set(
    Object.entries(FIELDS)
      .filter(([, f]) => f.nucc.some((s) => termPattern(s).test(name)) && !(f.excludeNucc ?? []).some((s) => termPattern(s).test(name)))
      .map(([id]) => id),
  );
}

/** The fields of medicine a prescriber's written specialty belongs to (by its NUCC code and by its words). */
export function specialtyFields(specialty: string): string[] {
  const code = specialtyCode(specialty);
  return [...new Set([...(code ? fieldsOfCode(code) : []), ...fieldsInText(specialty)])];
}

/** The stems that mean a required specialty in documents ("neurologist" -> neurolog|epileptolog|epilepsy). */
export function specialtyPatterns(required: string): RegExp[] {
  const ids = [...fieldsInText(required)];
  const own = required
    .toLowerCase()
    .replace(/\b(?:an?|the|specialists?|physicians?|doctors?|providers?|prescribers?)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(?:ists?|y|ics?|ical)$/, "");
  const stems = ids.length ? ids.flatMap((id) => FIELDS[id].terms) : [own || required.toLowerCase()];
  return stems.map(termPattern);
}

/**
 * Does a prescriber of this specialty meet a policy's "prescribed by a(n) <required>"? Either names several
 * alternatives ("oncologist or hematologist"); any shared field satisfies it. A required specialty of no known field
 * is compared by its stem.
 */
export function specialtySatisfies(prescriberSpecialty: string, requiredSpecialtyText: string): boolean {
  const required = fieldsInText(requiredSpecialtyText);
  if (!required.size) return specialtyPatterns(requiredSpecialtyText).some((re) => re.test(prescriberSpecialty));
  return specialtyFields(prescriberSpecialty).some((f) => required.has(f));
}
