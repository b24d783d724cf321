// The ePA payload (`ePA.epa_payload` of the create request): a JSON shape modelled on the NCPDP SCRIPT ePA
// transactions (PAInitiationRequest / PARequest: patient, prescriber, medication prescribed, diagnoses, question
// set answers). Documented for clients in lib/intake/EPA_PAYLOAD.md.
//
// Parsing is tolerant, as a client's payload is not ours to reject at intake: unknown keys are ignored, camelCase
// keys are read as snake_case (birthDate = birth_date), a few common aliases are accepted (dob, sex, ndc_code,
// qty, sig ...), numbers may come as numeric strings, and a field of the wrong type is dropped with a warning
// naming it, while the rest of the payload is still read.
import { z } from "zod";

const text = z.string().trim().min(1);
const numberLike = z.union([z.number(), z.string().trim().regex(/^\d+(?:\.\d+)?$/, "expected a number").transform(Number)]);
const code = z.union([text, z.number().transform(String)]);

const ZAddress = z.union([
  text.transform((line) => ({ line: [line] as string[] })),
  z.object({
    line: z.union([text.transform((l) => [l]), z.array(text)]).optional(),
    line1: text.optional(),
    line2: text.optional(),
    street: text.optional(),
    city: text.optional(),
    state: text.optional(),
    zip: code.optional(),
    postal_code: code.optional(),
    country: text.optional(),
  }),
]);

export const ZEpaPatient = z.object({
  first_name: text.optional(),
  middle_name: text.optional(),
  last_name: text.optional(),
  /** A full name, when first and last are not given apart. */
  name: text.optional(),
  birth_date: text.optional(),
  gender: text.optional(),
  member_id: code.optional(),
  phone: code.optional(),
  address: ZAddress.optional(),
});

export const ZEpaPrescriber = z.object({
  first_name: text.optional(),
  last_name: text.optional(),
  name: text.optional(),
  prefix: text.optional(),
  npi: code.optional(),
  specialty: text.optional(),
  phone: code.optional(),
  fax: code.optional(),
  address: ZAddress.optional(),
});

export const ZEpaMedication = z.object({
  drug_name: text.optional(),
  ndc: code.optional(),
  rxnorm: code.optional(),
  strength: text.optional(),
  dosage_form: text.optional(),
  quantity: numberLike.optional(),
  quantity_unit: text.optional(),
  days_supply: numberLike.optional(),
  directions: text.optional(),
  route: text.optional(),
  refills: numberLike.optional(),
  dose: numberLike.optional(),
  dose_unit: text.optional(),
});

export const ZEpaDiagnosis = z.object({
  code: code.optional(),
  description: text.optional(),
  /** Code system; ICD-10-CM when left out. */
  system: text.optional(),
  onset_date: text.optional(),
});

export const ZEpaQuestion = z.object({
  question: text.optional(),
  answer: z.union([text, z.number().transform(String), z.boolean().transform((b) => (b ? "Yes" : "No")), z.array(text).transform((a) => a.join(", "))]).optional(),
});

export const ZEpaPriorTreatment = z.object({
  drug_name: text.optional(),
  outcome: text.optional(),
  start_date: text.optional(),
  end_date: text.optional(),
  duration_days: numberLike.optional(),
  reason: text.optional(),
});

export const ZEpaProcedure = z.object({ code: code.optional(), description: text.optional() });

/** The patient's insurance (NCPDP's BenefitsCoordination): member ID, payer, plan and group. */
export const ZEpaCoverage = z.object({
  member_id: code.optional(),
  payer: text.optional(),
  plan: text.optional(),
  group: code.optional(),
});

export const ZEpaPayload = z.object({
  patient: ZEpaPatient.optional(),
  coverage: ZEpaCoverage.optional(),
  prescriber: ZEpaPrescriber.optional(),
  /** One medication object or several (parsed as a list; `medicationIsList` says which was sent). */
  medication: z.array(ZEpaMedication).optional(),
  diagnoses: z.array(ZEpaDiagnosis).optional(),
  questions: z.array(ZEpaQuestion).optional(),
  prior_treatments: z.array(ZEpaPriorTreatment).optional(),
  procedures: z.array(ZEpaProcedure).optional(),
});

export type TEpaPayload = z.infer<typeof ZEpaPayload>;

/** Alternative key names, after camelCase -> snake_case. */
const ALIASES: Record<string, string> = {
  dob: "birth_date",
  date_of_birth: "birth_date",
  birthdate: "birth_date",
  sex: "gender",
  member_number: "member_id",
  memberid: "member_id",
  insurance_id: "member_id",
  subscriber_id: "member_id",
  insurance: "coverage",
  benefits_coordination: "coverage",
  payer_name: "payer",
  payor: "payer",
  payor_name: "payer",
  health_plan: "payer",
  plan_name: "plan",
  group_number: "group",
  group_id: "group",
  given_name: "first_name",
  family_name: "last_name",
  surname: "last_name",
  ndc_code: "ndc",
  drug: "drug_name",
  medication_name: "drug_name",
  qty: "quantity",
  day_supply: "days_supply",
  days: "days_supply",
  sig: "directions",
  instructions: "directions",
  icd10: "code",
  icd_10: "code",
  icd10_code: "code",
  diagnosis_code: "code",
  zip_code: "zip",
  postalcode: "postal_code",
  physician: "prescriber",
  provider: "prescriber",
  medications: "medication",
  diagnosis: "diagnoses",
  question_answers: "questions",
  prior_therapies: "prior_treatments",
};

const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[\s-]+/g, "_").toLowerCase();

function normaliseKeys(value: unknown, depth = 0): unknown {
  if (depth > 8) return undefined;
  if (Array.isArray(value)) return value.slice(0, 500).map((v) => normaliseKeys(v, depth + 1));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = ALIASES[snake(key)] ?? snake(key);
    if (!(name in out)) out[name] = normaliseKeys(v, depth + 1);
  }
  return out;
}

function removeAt(root: unknown, path: readonly PropertyKey[]) {
  let node = root as Record<PropertyKey, unknown> | unknown[];
  for (let i = 0; i < path.length - 1; i++) {
    const next = (node as Record<PropertyKey, unknown>)[path[i] as string];
    if (typeof next !== "object" || next === null) return;
    node = next as Record<PropertyKey, unknown>;
  }
  const last = path[path.length - 1];
  if (Array.isArray(node) && typeof last === "number") node[last] = {};
  else delete (node as Record<PropertyKey, unknown>)[last as string];
}

/** The payload's readable parts and a warning for each part that could not be read. Never throws. */
export function parseEpaPayload(payload: unknown): { data: TEpaPayload; warnings: string[]; medicationIsList: boolean } {
  const warnings: string[] = [];
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return { data: {}, warnings: ["epa_payload is not a JSON object; it was ignored."], medicationIsList: false };
  }
  const value = normaliseKeys(payload) as Record<string, unknown>;
  // A lone object where a list belongs is read as a list of one (a union would drop the whole field on one bad key).
  const medicationIsList = Array.isArray(value.medication);
  for (const key of ["diagnoses", "medication", "questions", "prior_treatments", "procedures"]) {
    if (value[key] !== undefined && value[key] !== null && !Array.isArray(value[key])) value[key] = [value[key]];
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const result = ZEpaPayload.safeParse(value);
    if (result.success) return { data: result.data, warnings, medicationIsList };
    for (const issue of result.error.issues) {
      const path = issue.path.length ? issue.path.join(".") : "(root)";
      warnings.push(`epa_payload.${path}: ${issue.message}; the field was ignored.`);
      if (!issue.path.length) return { data: {}, warnings, medicationIsList };
      removeAt(value, issue.path);
    }
  }
  return { data: {}, warnings: [...warnings, "epa_payload could not be read."], medicationIsList };
}
