// The patient's identity across a case's documents: name, date of birth and sex as each document states them. Two
// documents that name different people make the case unsafe to approve without a person (a misfiled page, the wrong
// patient's claims). Names are compared the way people write them: any order ("Last, First"), any case, middle names
// or initials present or not, hyphens or spaces inside a family name. Pure.
import type { SourcedFacts } from "./facts";
import type { IntakePatient } from "./types";

export type IdentityField = "name" | "birthDate" | "gender";

export interface IdentityConflict {
  kind: "identity_conflict";
  field: IdentityField;
  /** The documents (by name) that disagree. */
  documents: string[];
  /** Each distinct value with the first document that states it. */
  values: { value: string; document: string; documentId?: string }[];
}

const SUFFIXES = new Set(["jr", "sr", "ii", "iii", "iv", "md", "mr", "mrs", "ms", "miss", "dr"]);

/** The words of a name that identify a person: lower case, no initials, titles or suffixes. */
export function nameTokens(name: string): string[] {
  return name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z']+/)
    .map((t) => t.replace(/'/g, ""))
    .filter((t) => t.length > 1 && !SUFFIXES.has(t));
}

/**
 * The same person's name: every identifying word of the shorter name is in the longer one ("Loretta Quaintance" and
 * "QUAINTANCE, LORETTA M."), and at least one word is shared. A given name alone against a full name agrees only
 * when it is one of its words.
 */
export function sameName(a: string, b: string): boolean {
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  if (!ta.length || !tb.length) return true; // nothing to compare
  const [short, long] = ta.length <= tb.length ? [ta, tb] : [tb, ta];
  return short.every((t) => long.includes(t));
}

const SEX = new Set(["male", "female"]);

interface Stated {
  value: string;
  document: string;
  documentId?: string;
  strength: number;
}

function patientName(p: IntakePatient): string | null {
  const name = [...p.given, p.family ?? ""].join(" ").trim();
  return name || null;
}

const FIELDS: { field: IdentityField; get: (p: IntakePatient) => string | null; same: (a: string, b: string) => boolean }[] = [
  { field: "name", get: patientName, same: sameName },
  { field: "birthDate", get: (p) => p.birthDate, same: (a, b) => a === b },
  { field: "gender", get: (p) => (p.gender && SEX.has(p.gender) ? p.gender : null), same: (a, b) => a === b },
];

const EVIDENCE_FIELDS: Record<IdentityField, string[]> = { name: ["name", "given", "family"], birthDate: ["birthDate"], gender: ["gender"] };

/**
 * Compares what each document states of the patient. Within one document the strongest reading stands (a labelled
 * field over a sentence); across documents any disagreement is a conflict.
 */
export function findIdentityConflicts(sources: readonly SourcedFacts[]): IdentityConflict[] {
  const conflicts: IdentityConflict[] = [];
  for (const { field, get, same } of FIELDS) {
    const byDocument = new Map<string, Stated>();
    for (const s of sources) {
      const p = s.facts.patient;
      const value = p ? get(p) : null;
      if (!p || !value) continue;
      const known = byDocument.get(s.source);
      if (known && known.strength >= s.strength) continue;
      const documentId = p.evidence.find((e) => EVIDENCE_FIELDS[field].includes(e.field ?? ""))?.documentId ?? p.evidence[0]?.documentId;
      byDocument.set(s.source, { value, document: s.source, documentId, strength: s.strength });
    }
    const distinct: Stated[] = [];
    for (const stated of byDocument.values()) if (!distinct.some((d) => same(d.value, stated.value))) distinct.push(stated);
    if (distinct.length < 2) continue;
    const disagreeing = [...byDocument.values()].filter((s) => distinct.some((d) => !same(d.value, s.value)));
    conflicts.push({
      kind: "identity_conflict",
      field,
      documents: [...new Set(disagreeing.map((d) => d.document))],
      values: distinct.map((d) => ({ value: d.value, document: d.document, ...(d.documentId ? { documentId: d.documentId } : {}) })),
    });
  }
  return conflicts;
}

const WORDS: Record<IdentityField, string> = { name: "name", birthDate: "date of birth", gender: "sex" };

/** The warning a reviewer reads first. */
export function identityWarning(c: IdentityConflict): string {
  return `Identity conflict: the patient's ${WORDS[c.field]} differs between documents: ${c.values.map((v) => `${v.value} (${v.document})`).join(" vs ")}. Check that every document is this patient's.`;
}
