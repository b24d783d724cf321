// Several documents (and extractors) state the same facts: one patient, the prescriber on the form and in the
// letter, a diagnosis coded on the form and named in the note. Merge them into one fact each, with the evidence of
// every source that agrees. Where sources disagree, the strongest source wins and a warning names both values.
import { drugNameKeys } from "./text/drug-names";
import { sameDiagnosisName } from "@/lib/lexicon/diagnosis-name-match";
import { icd10Coverage, icd10Title, isIcd10AncestorOrSelf } from "@/lib/lexicon/codes/icd10";
import { isValidNpi } from "@/lib/lexicon/codes/npi";
import { formatNdc11 } from "@/lib/lexicon/codes/ndc";
import { emptyFacts, type SourcedFacts } from "./facts";
import { findIdentityConflicts, identityWarning } from "./identity-conflicts";
import { onlyRecognised } from "./recognised-facts";
import type {
  Evidence,
  IntakeDiagnosis,
  IntakeFacts,
  IntakeMedicationRequest,
  IntakePatient,
  IntakePractitioner,
  LabResult,
  PriorTreatment,
} from "./types";

interface Item<T> {
  fact: T;
  strength: number;
  source: string;
  order: number;
}

/** A fact read only from recognised text (OCR) never outvotes one read from a text layer or structured input. */
const recognisedOnly = <T>(item: Item<T>) => (onlyRecognised((item.fact as { evidence?: Evidence[] }).evidence ?? []) ? 1 : 0);
const byStrength = <T>(items: Item<T>[]) =>
  [...items].sort((a, b) => recognisedOnly(a) - recognisedOnly(b) || b.strength - a.strength || a.order - b.order);

const evidenceKey = (e: Evidence) => `${e.documentId}|${e.page}|${e.start}|${e.end}|${e.path ?? ""}|${e.field ?? ""}`;
function uniqueEvidence(list: Evidence[]): Evidence[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = evidenceKey(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const uniq = <T>(list: T[]) => [...new Set(list)];

/**
 * Picks one value of a field across items: the strongest item's non-empty value. When another item states a
 * different value, a warning names both; `same` decides what counts as the same value.
 */
function pick<T, V>(
  items: Item<T>[],
  get: (fact: T) => V | null | undefined,
  label: string,
  warnings: string[],
  opts: { same?: (a: V, b: V) => boolean; show?: (v: V) => string; what?: string } = {},
): { value: V | null; from: Item<T> | null; losers: Set<Item<T>> } {
  const same = opts.same ?? ((a: V, b: V) => JSON.stringify(a) === JSON.stringify(b));
  const show = opts.show ?? ((v: V) => String(v));
  const ordered = byStrength(items).filter((i) => {
    const v = get(i.fact);
    return v !== null && v !== undefined && v !== "";
  });
  const losers = new Set<Item<T>>();
  if (!ordered.length) return { value: null, from: null, losers };
  const winner = ordered[0];
  const value = get(winner.fact) as V;
  const others = ordered.filter((i) => !same(get(i.fact) as V, value));
  if (others.length) {
    for (const o of others) losers.add(o);
    const alternatives = uniq(others.map((o) => `${show(get(o.fact) as V)} (${o.source})`)).join(", ");
    warnings.push(`${label} differs between sources${opts.what ? ` for ${opts.what}` : ""}: kept ${show(value)} from ${winner.source}; also stated: ${alternatives}.`);
  }
  return { value, from: winner, losers };
}

const lower = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** Brand and generic names linked wherever a source writes them together ("everolimus (Afinitor)"). */
class DrugAliases {
  private parent = new Map<string, string>();
  private find(k: string): string {
    let root = k;
    for (let i = 0; i < 100 && this.parent.has(root) && this.parent.get(root) !== root; i++) root = this.parent.get(root) as string;
    return root;
  }
  link(keys: string[]) {
    for (let i = 1; i < keys.length; i++) {
      const a = this.find(keys[0]);
      const b = this.find(keys[i]);
      if (a !== b) this.parent.set(b, a);
    }
  }
  same(a: string, b: string): boolean {
    const ka = drugNameKeys(a);
    const kb = drugNameKeys(b);
    if (ka.some((k) => kb.includes(k))) return true;
    if (!ka.length && !kb.length) return lower(a) === lower(b) && !!lower(a);
    const roots = new Set(ka.map((k) => this.find(k)));
    return kb.some((k) => roots.has(this.find(k)));
  }
}

const digits = (s: string) => s.replace(/\D/g, "");

// ---------------------------------------------------------------------------------------------------------------
// Patient

const PATIENT_FIELDS: Record<string, string> = {
  name: "name", given: "name", family: "name", birthDate: "birthDate", gender: "gender", memberId: "memberId", phone: "phone",
  address: "address", age: "ageYears",
};

function mergePatients(items: Item<IntakePatient>[], warnings: string[]): IntakePatient | null {
  if (!items.length) return null;
  const losersByField = new Map<string, Set<Item<IntakePatient>>>();
  const name = pick(items, (p) => (p.family || p.given.length ? { given: p.given, family: p.family } : null), "The patient's name", warnings, {
    same: (a, b) => lower(a.family) === lower(b.family) && (!a.given.length || !b.given.length || lower(a.given[0]) === lower(b.given[0])),
    show: (v) => [...v.given, v.family].filter(Boolean).join(" "),
  });
  losersByField.set("name", name.losers);
  const birthDate = pick(items, (p) => p.birthDate, "The patient's date of birth", warnings);
  losersByField.set("birthDate", birthDate.losers);
  const gender = pick(items, (p) => (p.gender === "unknown" ? null : p.gender), "The patient's sex", warnings);
  losersByField.set("gender", gender.losers);
  const memberId = pick(items, (p) => p.memberId, "The member id", warnings, { same: (a, b) => a.replace(/\W/g, "").toUpperCase() === b.replace(/\W/g, "").toUpperCase() });
  losersByField.set("memberId", memberId.losers);
  const phone = pick(items, (p) => p.phone, "The patient's phone", warnings, { same: (a, b) => digits(a).slice(-10) === digits(b).slice(-10) });
  losersByField.set("phone", phone.losers);
  const address = pick(items, (p) => p.address, "The patient's address", warnings, {
    same: (a, b) => (!a.postalCode || !b.postalCode || a.postalCode.slice(0, 5) === b.postalCode.slice(0, 5)) && (!a.line[0] || !b.line[0] || lower(a.line[0]) === lower(b.line[0])),
    show: (v) => [...v.line, v.city, v.state, v.postalCode].filter(Boolean).join(", "),
  });
  losersByField.set("address", address.losers);
  // Ages differ between notes written at different times: keep the strongest without a warning.
  const age = byStrength(items).find((i) => typeof i.fact.ageYears === "number")?.fact.ageYears ?? null;

  const evidence = uniqueEvidence(
    items.flatMap((item) =>
      item.fact.evidence.filter((e) => {
        const field = PATIENT_FIELDS[e.field ?? ""] ?? e.field ?? "";
        return !losersByField.get(field)?.has(item);
      }),
    ),
  );
  const patient: IntakePatient = {
    given: name.value?.given ?? [],
    family: name.value?.family ?? null,
    birthDate: birthDate.value,
    gender: gender.value ?? (items.some((i) => i.fact.gender === "unknown") ? "unknown" : null),
    memberId: memberId.value,
    phone: phone.value,
    address: address.value,
    evidence,
  };
  if (age !== null) patient.ageYears = age;
  return patient;
}

// ---------------------------------------------------------------------------------------------------------------
// Practitioners

const practitionerName = (p: IntakePractitioner) => [...p.prefix, ...p.given.filter(Boolean), p.family].filter(Boolean).join(" ");

function samePractitioner(a: IntakePractitioner, b: IntakePractitioner): boolean {
  if (a.npi && b.npi) return a.npi === b.npi;
  const famA = lower(a.family);
  const famB = lower(b.family);
  if (famA && famB) return famA === famB && (!a.given[0] || !b.given[0] || lower(a.given[0])[0] === lower(b.given[0])[0]);
  // An NPI or a specialty alone (from a sentence) belongs to the prescriber when one side has no name.
  return a.role === "prescriber" && b.role === "prescriber";
}

function groupBy<T>(items: Item<T>[], same: (a: T, b: T) => boolean): Item<T>[][] {
  const groups: Item<T>[][] = [];
  // Strongest first, so a weak fact joins the group of the strong fact it matches.
  for (const item of byStrength(items)) {
    const group = groups.find((g) => g.some((other) => same(other.fact, item.fact)));
    if (group) group.push(item);
    else groups.push([item]);
  }
  return groups;
}

function mergePractitioners(items: Item<IntakePractitioner>[], warnings: string[]): IntakePractitioner[] {
  const groups = groupBy(items, samePractitioner);
  return groups.map((group) => {
    const who = practitionerName(byStrength(group).find((i) => i.fact.family)?.fact ?? group[0].fact) || "the prescriber";
    const name = pick(group, (p) => (p.family ? { prefix: p.prefix, given: p.given, family: p.family } : null), "The practitioner's name", warnings, {
      same: (a, b) => lower(a.family) === lower(b.family),
      show: (v) => [...v.prefix, ...v.given, v.family].filter(Boolean).join(" "),
    });
    const npi = pick(group, (p) => p.npi, "The NPI", warnings, { what: who });
    const specialty = pick(group, (p) => p.specialty, "The specialty", warnings, { what: who, same: (a, b) => lower(a) === lower(b) || lower(a).includes(lower(b)) || lower(b).includes(lower(a)) });
    const phone = pick(group, (p) => p.phone, "The phone", warnings, { what: who, same: (a, b) => digits(a).slice(-10) === digits(b).slice(-10) });
    const fax = pick(group, (p) => p.fax, "The fax", warnings, { what: who, same: (a, b) => digits(a).slice(-10) === digits(b).slice(-10) });
    const address = pick(group, (p) => p.address, "The address", warnings, {
      what: who,
      same: (a, b) => !a.postalCode || !b.postalCode || a.postalCode.slice(0, 5) === b.postalCode.slice(0, 5),
      show: (v) => [...v.line, v.city, v.state, v.postalCode].filter(Boolean).join(", "),
    });
    const losers = new Map<string, Set<Item<IntakePractitioner>>>([
      ["name", name.losers], ["given", name.losers], ["family", name.losers], ["npi", npi.losers], ["specialty", specialty.losers],
      ["phone", phone.losers], ["fax", fax.losers], ["address", address.losers],
    ]);
    const merged: IntakePractitioner = {
      npi: npi.value,
      npiValid: npi.value ? isValidNpi(npi.value) : null,
      prefix: name.value?.prefix ?? [],
      given: name.value?.given ?? [],
      family: name.value?.family ?? null,
      specialty: specialty.value,
      phone: phone.value,
      fax: fax.value,
      address: address.value,
      role: group.some((i) => i.fact.role === "prescriber") ? "prescriber" : "other",
      evidence: uniqueEvidence(group.flatMap((i) => i.fact.evidence.filter((e) => !losers.get(e.field ?? "")?.has(i)))),
    };
    return merged;
  }).sort((a, b) => (a.role === b.role ? 0 : a.role === "prescriber" ? -1 : 1)); // the builders take the first prescriber
}

// ---------------------------------------------------------------------------------------------------------------
// Diagnoses

function sameDiagnosis(a: IntakeDiagnosis, b: IntakeDiagnosis): boolean {
  if (a.icd10.some((c) => b.icd10.includes(c))) return true;
  const inferred = a.icd10Source === "inferred" || b.icd10Source === "inferred";
  // An inferred category and a stated code of that category are one diagnosis; two stated codes of one branch
  // (G40.811, G40.812) are two.
  if (inferred && a.icd10.some((x) => b.icd10.some((y) => isIcd10AncestorOrSelf(x, y) || isIcd10AncestorOrSelf(y, x)))) return true;
  const stated = (d: IntakeDiagnosis) => d.icd10Source !== "inferred" && d.icd10.length > 0;
  if (stated(a) && stated(b)) return false;
  // Inferred categories that differ name different conditions.
  if (a.icd10.length && b.icd10.length && !(stated(a) || stated(b))) return false;
  return sameDiagnosisName(a.name, b.name);
}

/** Drops codes that a more specific code of the same list covers (G40.81 when G40.811 is there). */
const mostSpecific = (codes: string[]) => uniq(codes).filter((c) => !codes.some((o) => o !== c && isIcd10AncestorOrSelf(c, o)));

function mergeDiagnoses(items: Item<IntakeDiagnosis>[]): IntakeDiagnosis[] {
  const groups = groupBy(items, sameDiagnosis);
  const rank = (d: IntakeDiagnosis) => (d.icd10Source !== "inferred" && d.icd10.length ? 0 : d.icd10.length ? 1 : 2);
  return groups.map((group) => {
    const ordered = byStrength(group);
    const stated = ordered.filter((i) => i.fact.icd10.length && i.fact.icd10Source !== "inferred");
    const codes = stated.length ? mostSpecific(stated.flatMap((i) => i.fact.icd10)) : mostSpecific(ordered.flatMap((i) => i.fact.icd10));
    const top = ordered[0].fact;
    // The name a person wrote beats a code's title; among written names, the strongest source.
    const named = ordered.find((i) => i.fact.name) ?? null;
    const otherCodings = uniqBy(ordered.flatMap((i) => i.fact.otherCodings), (c) => `${c.system}|${c.code}`);
    const isInferredNote = (n: string) => /inferred from the (?:diagnosis )?name/.test(n);
    const allNotes = uniq(ordered.flatMap((i) => i.fact.notes));
    // One note says how an inferred code was found; none when a code was stated.
    const notes = [...allNotes.filter((n) => !isInferredNote(n)), ...(stated.length ? [] : allNotes.filter(isInferredNote).slice(0, 1))];
    const dx: IntakeDiagnosis = {
      icd10: codes,
      name: named?.fact.name ?? null,
      otherCodings,
      clinicalStatus: top.clinicalStatus,
      verificationStatus: ordered.some((i) => i.strength === ordered[0].strength && i.fact.verificationStatus === "confirmed") ? "confirmed" : top.verificationStatus,
      onsetDate: ordered.find((i) => i.fact.onsetDate)?.fact.onsetDate ?? null,
      notes,
      evidence: uniqueEvidence(ordered.flatMap((i) => i.fact.evidence)),
    };
    if (codes.length) dx.icd10Source = stated.length ? "stated" : "inferred";
    return dx;
  }).sort((a, b) => rank(a) - rank(b));
}

function uniqBy<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Medication requests

const nameKeys = (name: string) => new Set(drugNameKeys(name));

/** One drug: the same NDC product (first nine digits), else brand or generic names that are linked. */
const sameMedication = (aliases: DrugAliases) => (a: IntakeMedicationRequest, b: IntakeMedicationRequest): boolean => {
  if (a.ndc && b.ndc) return a.ndc.slice(0, 9) === b.ndc.slice(0, 9);
  return aliases.same(a.name, b.name);
};

function mergeMedications(items: Item<IntakeMedicationRequest>[], aliases: DrugAliases, warnings: string[]): IntakeMedicationRequest[] {
  const groups = groupBy(items, sameMedication(aliases));
  return groups.map((group) => {
    const ordered = byStrength(group);
    const what = ordered.find((i) => i.fact.name)?.fact.name ?? "the medication";
    const first = <V>(get: (m: IntakeMedicationRequest) => V | null | undefined): V | null => {
      for (const i of ordered) {
        const v = get(i.fact);
        if (v !== null && v !== undefined && v !== "") return v;
      }
      return null;
    };
    const ndc = pick(group, (m) => m.ndc, "The NDC", warnings, { what, show: formatNdc11 });
    const quantity = pick(group, (m) => m.quantity, "The quantity", warnings, { what });
    const daysSupply = pick(group, (m) => m.daysSupply, "The days supply", warnings, { what });
    const losers = new Map<string, Set<Item<IntakeMedicationRequest>>>([["ndc", ndc.losers], ["quantity", quantity.losers], ["daysSupply", daysSupply.losers]]);
    let name = ordered.find((i) => i.fact.name && !/^NDC /.test(i.fact.name))?.fact.name ?? ordered[0].fact.name;
    // Brand and generic: "Everolimus" from the form and "everolimus (Afinitor)" from the note -> "Everolimus (Afinitor)".
    const keys = nameKeys(name);
    for (const i of ordered) {
      const alias = /\(([A-Za-z][A-Za-z -]{2,40})\)/.exec(i.fact.name)?.[1];
      if (alias && !keys.has(alias.toLowerCase().split(/\s+/)[0]) && !name.includes("(")) {
        name = `${name} (${alias})`;
        break;
      }
    }
    const quantityFrom = quantity.from?.fact;
    const merged: IntakeMedicationRequest = {
      name,
      ndc: ndc.value,
      otherCodings: uniqBy(ordered.flatMap((i) => i.fact.otherCodings), (c) => `${c.system}|${c.code}`),
      strength: first((m) => m.strength),
      doseValue: first((m) => m.doseValue),
      doseUnit: first((m) => (m.doseValue ? m.doseUnit : null)),
      route: first((m) => m.route),
      directions: first((m) => m.directions),
      quantity: quantity.value,
      quantityUnit: quantityFrom ? quantityFrom.quantityUnit : first((m) => m.quantityUnit),
      daysSupply: daysSupply.value,
      refills: first((m) => m.refills),
      reasons: uniq(ordered.flatMap((i) => i.fact.reasons)),
      evidence: uniqueEvidence(group.flatMap((i) => i.fact.evidence.filter((e) => !losers.get(e.field ?? "")?.has(i)))),
    };
    const dosageForm = first((m) => m.dosageForm);
    if (dosageForm) merged.dosageForm = dosageForm;
    return merged;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Prior treatments, labs, procedures, answers

const OUTCOME_RANK: Record<PriorTreatment["outcome"], number> = { failed: 3, inadequate_response: 3, intolerant: 3, contraindicated: 3, ongoing: 1, unknown: 0 };

function mergeTreatments(items: Item<PriorTreatment>[], aliases: DrugAliases, requested: IntakeMedicationRequest[]): PriorTreatment[] {
  const same = (a: PriorTreatment, b: PriorTreatment) => aliases.same(a.drug, b.drug);
  const merged = groupBy(items, same).map((group) => {
    // A stated outcome beats "ongoing" or none; then the stronger source.
    const ordered = [...group].sort((a, b) => OUTCOME_RANK[b.fact.outcome] - OUTCOME_RANK[a.fact.outcome] || b.strength - a.strength || a.order - b.order);
    const top = ordered[0].fact;
    const byDates = byStrength(group);
    const start = byDates.find((i) => i.fact.startDate)?.fact ?? null;
    return {
      drug: byStrength(group)[0].fact.drug,
      outcome: top.outcome,
      startDate: start?.startDate ?? null,
      // A drug still taken has no end, though an earlier course of it ended ("induction 4/1-4/29", "maintenance since 7/8").
      endDate: top.outcome === "ongoing" ? null : start ? start.endDate : (byDates.find((i) => i.fact.endDate)?.fact.endDate ?? null),
      durationDays: byDates.find((i) => i.fact.durationDays !== null)?.fact.durationDays ?? null,
      evidence: uniqueEvidence(group.flatMap((i) => i.fact.evidence)),
    };
  });
  // The requested drug is not a drug tried before, unless a source says how a trial of it went (a renewal).
  return merged.filter((t) => !(t.outcome === "unknown" && requested.some((m) => aliases.same(m.name, t.drug))));
}

function mergeLabs(labs: LabResult[]): LabResult[] {
  const seen = new Map<string, LabResult>();
  for (const lab of labs) {
    const key = `${lower(lab.name)}|${lab.value}|${lower(lab.unit)}|${lab.date ?? ""}`;
    const known = seen.get(key);
    if (known) known.evidence = uniqueEvidence([...known.evidence, ...lab.evidence]);
    else seen.set(key, { ...lab, evidence: [...lab.evidence] });
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------------------------------------------------------

export interface MergeOptions {
  /**
   * Drugs a note plans to start: a guess at the request, used only when no source states one (then only the drug
   * named most often), and otherwise only as more evidence for a stated request.
   */
  guesses?: SourcedFacts[];
}

/** One set of intake facts from many sources. Pure; the order of `sources` breaks ties between equal strengths. */
export function mergeFacts(sources: SourcedFacts[], opts: MergeOptions = {}): IntakeFacts {
  const out = emptyFacts();
  const warnings: string[] = [];
  let order = 0;
  const items = <T>(get: (f: IntakeFacts) => T[]): Item<T>[] =>
    sources.flatMap((s) => get(s.facts).map((fact) => ({ fact, strength: s.strength, source: s.source, order: order++ })));

  const aliases = new DrugAliases();
  for (const s of [...sources, ...(opts.guesses ?? [])]) {
    for (const name of [...s.facts.medicationRequests.map((m) => m.name), ...s.facts.priorTreatments.map((t) => t.drug)]) {
      const keys = drugNameKeys(name);
      if (keys.length > 1) aliases.link(keys);
    }
  }

  out.patient = mergePatients(items((f) => (f.patient ? [f.patient] : [])), warnings);
  out.practitioners = mergePractitioners(items((f) => f.practitioners), warnings);
  out.diagnoses = mergeDiagnoses(items((f) => f.diagnoses));

  const stated = items((f) => f.medicationRequests);
  const guessed = (opts.guesses ?? []).flatMap((s) => s.facts.medicationRequests.map((fact) => ({ fact, strength: s.strength, source: s.source, order: order++ })));
  let medications = stated;
  if (stated.length) {
    medications = [...stated, ...guessed.filter((g) => stated.some((s) => sameMedication(aliases)(s.fact, g.fact)))];
  } else if (guessed.length) {
    const groups = groupBy(guessed, sameMedication(aliases)).sort((a, b) => b.length - a.length || a[0].order - b[0].order);
    medications = groups[0];
    warnings.push(`No document states the requested medication; ${groups[0][0].fact.name} is taken from a note that plans to start it (${groups[0][0].source}).`);
  }
  out.medicationRequests = mergeMedications(medications, aliases, warnings);

  out.priorTreatments = mergeTreatments(items((f) => f.priorTreatments), aliases, out.medicationRequests);
  out.labs = mergeLabs(sources.flatMap((s) => s.facts.labs));
  const procedures = new Map<string, IntakeFacts["procedures"][number]>();
  for (const p of sources.flatMap((s) => s.facts.procedures)) {
    const known = procedures.get(p.code);
    if (known) {
      known.evidence = uniqueEvidence([...known.evidence, ...p.evidence]);
      known.display ??= p.display;
    } else procedures.set(p.code, { ...p, evidence: [...p.evidence] });
  }
  out.procedures = [...procedures.values()];
  const answers = new Map<string, IntakeFacts["answers"][number]>();
  for (const a of sources.flatMap((s) => s.facts.answers)) {
    const key = `${lower(a.question)}|${lower(a.answer)}`;
    const known = answers.get(key);
    if (known) known.evidence = uniqueEvidence([...known.evidence, ...a.evidence]);
    else answers.set(key, { ...a, evidence: [...a.evidence] });
  }
  out.answers = [...answers.values()];

  for (const p of out.practitioners) {
    if (p.npi && p.npiValid === false) {
      warnings.push(`The NPI ${p.npi}${p.family ? ` of ${practitionerName(p)}` : ""} is not a valid NPI (10 digits with a Luhn check digit over the 80840 prefix); it is kept as written.`);
    }
  }
  for (const dx of out.diagnoses) {
    for (const code of dx.icd10Source === "inferred" ? [] : dx.icd10) {
      if (icd10Coverage(code) !== "category") continue;
      const category = icd10Title(code.slice(0, 3));
      warnings.push(`ICD-10-CM ${code} is not a subcategory of ${code.slice(0, 3)}${category ? ` (${category.title})` : ""} in the ICD-10-CM FY2026 code set: check it (a typo, or a retired code).`);
    }
    if (dx.icd10Source === "inferred") warnings.push(`ICD-10-CM ${dx.icd10.join(", ")} for "${dx.name}" was inferred from the diagnosis name; no code was stated.`);
  }
  const conflicts = findIdentityConflicts(sources);
  if (conflicts.length) out.identityConflicts = conflicts;
  out.warnings = uniq([...conflicts.map(identityWarning), ...sources.flatMap((s) => s.facts.warnings), ...warnings]);
  return out;
}
