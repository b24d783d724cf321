// The labels payer PA forms and clinical documents use for each field, as synonyms. Forms differ by payer; the
// words do not differ much. A label names a field kind and, when the words say so, whose field it is (patient,
// prescriber ...); generic labels ("Phone", "City", "Name") take their owner from the form's column or section.
import { escapeRegExp } from "@/lib/escape-reg-exp";

export type Role = "patient" | "prescriber" | "medication" | "diagnosis" | "trial" | "procedure";

export type FieldKind =
  | "name" | "firstName" | "lastName" | "dob" | "sex" | "memberId" | "payer" | "plan" | "group" | "phone" | "fax" | "street" | "city" | "state" | "zip"
  | "cityStateZip" | "npi" | "specialty" | "nameAndSpecialty"
  | "drug" | "strength" | "dosageForm" | "ndc" | "quantity" | "dailyQuantity" | "daysSupply" | "directions" | "route" | "refills"
  | "diagnosis" | "icd10"
  | "trialDates" | "trialDuration" | "trialOutcome"
  | "procedureCode";

export interface LabelDef {
  kind: FieldKind;
  /** Whose field; null when the label alone does not say (taken from the form's column or section). */
  role: Role | null;
  phrase: string;
  /** May stand without a colon when a value of its own shape follows ("NPI 1234567893", "DOB 01/02/1990"). */
  bare?: boolean;
}

const defs = (kind: FieldKind, role: Role | null, phrases: string[], bare = false): LabelDef[] =>
  phrases.map((phrase) => ({ kind, role, phrase, bare }));

const WRITTEN_LABELS: LabelDef[] = [
  // Patient
  ...defs("name", "patient", [
    "member name", "patient name", "patient's name", "name of patient", "patient full name", "member full name", "enrollee name",
    "beneficiary name", "subscriber name", "recipient name", "cardholder name", "insured name", "patient", "member", "enrollee",
  ]),
  ...defs("firstName", "patient", ["patient first name", "member first name", "enrollee first name", "first name of patient"]),
  ...defs("lastName", "patient", ["patient last name", "member last name", "enrollee last name", "last name of patient"]),
  ...defs("dob", "patient", [
    "date of birth", "patient date of birth", "member date of birth", "birth date", "birthdate", "patient dob", "member dob", "d.o.b.",
    "dob",
  ], true),
  ...defs("sex", "patient", ["sex", "gender", "patient sex", "patient gender", "member sex", "member gender", "sex at birth"]),
  ...defs("memberId", "patient", [
    "member id", "member id number", "member number", "member #", "insurance id", "insurance id number", "subscriber id",
    "subscriber number", "policy number", "policy #", "policy id", "cardholder id", "beneficiary id", "medicaid id", "medicare id",
    "health plan id", "plan id", "plan member id", "patient id", "id number", "id #", "insurance member id", "rx member id", "recipient id",
  ]),
  // Coverage (the patient's insurance). A bare "Plan" is also a note's heading ("Plan: start ..."): the reader keeps it
  // only beside other coverage fields.
  ...defs("payer", "patient", [
    "payer", "payer name", "payor", "payor name", "insurance", "insurance name", "insurance company", "insurance carrier",
    "insurer", "health plan", "health plan name", "primary insurance", "insurance provider", "carrier", "prescription plan",
    "pbm", "insurance/payer", "payer/health plan",
  ]),
  ...defs("plan", "patient", ["plan", "plan name", "plan type", "insurance plan", "benefit plan"]),
  ...defs("group", "patient", ["group #", "group number", "group no", "group id", "group", "rx group", "rxgrp"]),
  ...defs("phone", "patient", ["patient phone", "member phone", "home phone", "patient telephone", "member telephone", "cell phone", "mobile phone", "patient phone number"]),
  ...defs("street", "patient", ["patient address", "member address", "home address", "patient street address", "member street address"]),
  // Prescriber
  ...defs("name", "prescriber", [
    "provider name", "prescriber name", "prescriber's name", "name of prescriber", "prescribing provider", "prescribing physician",
    "prescribing practitioner", "physician name", "doctor name", "requesting provider", "requesting physician", "ordering provider",
    "ordering physician", "practitioner name", "prescriber", "physician", "prescribing provider name", "treating physician",
  ]),
  ...defs("firstName", "prescriber", ["prescriber first name", "provider first name", "physician first name"]),
  ...defs("lastName", "prescriber", ["prescriber last name", "provider last name", "physician last name"]),
  ...defs("npi", "prescriber", [
    "npi", "npi #", "npi number", "npi no", "prescriber npi", "provider npi", "physician npi", "individual npi", "prescriber npi number",
    "provider npi number", "national provider identifier",
  ], true),
  ...defs("specialty", "prescriber", [
    "specialty", "speciality", "prescriber specialty", "provider specialty", "physician specialty", "specialty type", "medical specialty",
    "physician's specialty", "prescriber's specialty", "provider's specialty", "practice specialty", "specialty (if applicable)",
    "area of specialty", "specialty of prescriber",
  ]),
  // One box for both ("Prescriber Name and Specialty: Helga Lindqvist, MD, Cardiology"): split by name-and-specialty.ts.
  ...defs("nameAndSpecialty", "prescriber", [
    "prescriber name and specialty", "prescriber name/specialty", "prescriber name & specialty", "physician name and specialty",
    "physician name/specialty", "physician name & specialty", "provider name and specialty", "provider name/specialty",
    "provider name & specialty", "prescribing physician and specialty", "prescribing provider and specialty", "name and specialty",
    "name/specialty", "name & specialty", "prescriber and specialty", "physician and specialty", "provider and specialty",
  ]),
  ...defs("phone", "prescriber", [
    "office phone", "prescriber phone", "provider phone", "physician phone", "clinic phone", "office telephone", "office phone number",
    "prescriber phone number", "provider phone number", "office contact number",
  ]),
  ...defs("fax", "prescriber", [
    "office fax", "prescriber fax", "provider fax", "physician fax", "clinic fax", "office fax number", "prescriber fax number",
    "provider fax number", "secure fax",
  ]),
  ...defs("street", "prescriber", [
    "office address", "office street address", "prescriber address", "provider address", "physician address", "clinic address",
    "practice address", "office street",
  ]),
  // Generic: owner from the column or section
  ...defs("name", null, ["name", "full name", "name/credentials", "name and credentials"]),
  ...defs("firstName", null, ["first name", "first"]),
  ...defs("lastName", null, ["last name", "last", "surname", "family name"]),
  ...defs("phone", null, ["phone", "phone number", "telephone", "telephone number", "tel", "phone #", "contact number"]),
  ...defs("fax", null, ["fax", "fax number", "fax #"]),
  ...defs("street", null, ["address", "street address", "street", "address line 1", "mailing address"]),
  ...defs("city", null, ["city"]),
  ...defs("state", null, ["state", "st"]),
  ...defs("zip", null, ["zip", "zip code", "zipcode", "postal code"]),
  ...defs("cityStateZip", null, ["city/state/zip", "city, state, zip", "city, state zip", "city state zip"]),
  // Medication
  ...defs("drug", "medication", [
    "medication name", "drug name", "medication requested", "requested medication", "name of medication", "drug requested",
    "requested drug", "medication/drug name", "drug/medication name", "medication", "drug", "prescribed medication", "product name",
    "medication being requested", "drug product", "name of drug", "medication and strength", "drug name and strength",
    "drug and strength", "medication name and strength", "drug/strength", "medication/strength", "medication & strength",
    "drug & strength", "non-preferred drug name", "drug name, strength, dosage form", "non-preferred drug name, strength, dosage form",
    "non-preferred drug requested", "drug name / strength",
  ]),
  ...defs("strength", "medication", [
    "strength", "drug strength", "dose strength", "medication strength", "strength/dosage", "strength and route of administration",
    "strength and route", "strength/route", "strength and form", "strength and dosage form",
  ]),
  ...defs("dosageForm", "medication", ["dosage form", "dose form", "formulation", "form"]),
  ...defs("ndc", "medication", ["ndc", "ndc #", "ndc number", "ndc no", "ndc code", "national drug code", "ndc/upc"], true),
  ...defs("quantity", "medication", [
    "quantity", "qty", "quantity requested", "qty requested", "quantity per fill", "quantity to dispense", "dispense quantity",
    "quantity per 30 days", "quantity/days supply", "amount to dispense",
  ]),
  ...defs("dailyQuantity", "medication", ["quantity requested per day", "quantity per day", "qty per day", "units per day", "daily dose"]),
  ...defs("daysSupply", "medication", [
    "days supply", "day supply", "days' supply", "day's supply", "days of supply", "supply days", "ds", "# of days", "number of days",
    "no. of days", "days supply requested", "duration of supply", "supply (days)",
  ]),
  ...defs("directions", "medication", [
    "directions", "directions for use", "sig", "dosing instructions", "dosage instructions", "instructions for use", "dose and frequency",
    "dose/frequency", "dosage and frequency", "dosing", "frequency", "dosing schedule", "dose", "dosage", "administration instructions",
  ]),
  ...defs("route", "medication", ["route", "route of administration"]),
  ...defs("refills", "medication", ["refills", "number of refills", "# of refills", "refill", "refills requested"]),
  // Diagnosis
  ...defs("diagnosis", "diagnosis", [
    "diagnosis", "diagnoses", "primary diagnosis", "diagnosis name", "diagnosis description", "dx", "primary dx",
    "diagnosis/indication", "medical condition", "condition being treated", "diagnosis (description)", "secondary diagnosis",
  ]),
  ...defs("icd10", "diagnosis", [
    "icd-10 code", "icd-10 codes", "icd-10", "icd10", "icd 10 code", "icd code", "icd codes", "icd-10-cm", "icd-10-cm code", "diagnosis code",
    "diagnosis codes", "dx code", "dx codes", "icd-10 diagnosis code", "icd-10 diagnosis codes", "diagnosis icd-10", "icd",
  ], true),
  // Trials of other drugs (their medication label is the drug label, read as a trial inside a trial section)
  ...defs("trialDates", "trial", ["date of trial", "dates of trial", "trial dates", "date(s) of trial", "dates of therapy", "dates of use", "trial date", "date tried", "dates tried", "start date"]),
  ...defs("trialDuration", "trial", ["duration of trial", "length of trial", "trial duration", "duration of therapy", "duration"]),
  ...defs("trialOutcome", "trial", ["reason for discontinuation", "reason discontinued", "outcome", "response", "result of trial", "reason for failure", "trial outcome"]),
  // Procedures
  ...defs("procedureCode", "procedure", ["cpt code", "cpt codes", "cpt", "hcpcs", "hcpcs code", "cpt/hcpcs", "cpt/hcpcs code", "procedure code", "j-code", "j code", "service code"], true),
];

// A label's words may be abbreviated ("Qty per fill" for "Quantity per fill"): each phrase with the word is known
// with its abbreviation too.
const ABBREVIATIONS: [word: string, short: string][] = [["quantity", "qty"]];
const abbreviated = (def: LabelDef) =>
  ABBREVIATIONS.map(([word, short]) => ({ ...def, phrase: def.phrase.replace(new RegExp(`\\b${word}\\b`, "g"), short) })).filter((d) => d.phrase !== def.phrase);
const writtenKeys = new Set(WRITTEN_LABELS.map((d) => `${d.kind}:${d.phrase}`));
export const LABELS: LabelDef[] = [...WRITTEN_LABELS, ...WRITTEN_LABELS.flatMap(abbreviated).filter((d) => !writtenKeys.has(`${d.kind}:${d.phrase}`))];

/** The key a label is known by: letters, digits and "#" ("ICD-10 Code(s)" -> "icd10code"; "Member #" is not "Member"). */
export const labelKey = (text: string) => text.toLowerCase().replace(/\(s\)/g, "").replace(/[^a-z0-9#]/g, "");

const BY_KEY = new Map<string, LabelDef[]>();
for (const def of LABELS) {
  const key = labelKey(def.phrase);
  BY_KEY.set(key, [...(BY_KEY.get(key) ?? []), def]);
}
// A "#" label written without its "#" ("ID" for "ID #") keeps its meaning unless another label is those very words.
const PLAIN_KEYS = new Set(LABELS.filter((d) => !d.phrase.includes("#")).map((d) => labelKey(d.phrase)));
for (const def of LABELS.filter((d) => d.phrase.includes("#"))) {
  const key = labelKey(def.phrase).replace(/#/g, "");
  if (!PLAIN_KEYS.has(key)) BY_KEY.set(key, [...(BY_KEY.get(key) ?? []), def]);
}

const CONNECTOR_END = /(?:^|\s)(?:and|or|of|for|per|&|\/)\s*$/i;

/**
 * True when a text is the start of a longer label cut off by the next label or the cell's end ("Strength and" of
 * "Strength and Route of Administration"): it ends in a connecting word and some label's words begin with it. Such
 * a text is never a field's value.
 */
export function isLabelStart(text: string): boolean {
  if (!CONNECTOR_END.test(text)) return false;
  const key = labelKey(text);
  if (key.length < 4) return false;
  for (const k of BY_KEY.keys()) if (k.length > key.length && k.startsWith(key)) return true;
  return false;
}

/** The definitions a matched label text stands for (a phrase can serve several owners, e.g. none here yet). */
export function labelDefs(text: string): LabelDef[] {
  return BY_KEY.get(labelKey(text)) ?? [];
}


function phrasePattern(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((word) =>
      word
        .split(/([#'/.\-,()])/)
        .filter(Boolean)
        .map((piece) => (piece === "'" ? "['’]?" : /^[#/.\-,()]$/.test(piece) ? `[${escapeRegExp(piece)}]?` : escapeRegExp(piece)))
        .join("[\\s]*"),
    )
    .join("[\\s\\-_/.]*");
}

/**
 * One regex for every label, longest phrases first (JavaScript alternation takes the first that matches).
 * Group 1 is the label's text; what follows (the terminator) is checked by the reader.
 */
export const LABEL_PATTERN = new RegExp(
  `(?<![A-Za-z0-9])(${[...new Set(LABELS.map((d) => d.phrase))]
    .sort((a, b) => b.length - a.length)
    .map(phrasePattern)
    .join("|")})(?:\\s*\\(s\\))?(?![A-Za-z0-9])`,
  "gi",
);
