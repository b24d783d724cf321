import { z } from "zod";
import type { Same } from "@/lib/stored-record";
import type { Check, TrialOutcome } from "./types";

// The one schema of a criterion's check: the API validates every criteria edit with it, the portal's editor shows its
// messages inline, and the engine's Check type (types.ts) is checked against it below so the two cannot drift.

const expected = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "required" : `expected ${what}`);

const TRIAL_OUTCOMES = ["tried", "failed", "intolerant", "contraindicated"] as const;

const ICD10_PREFIX = /^[A-TV-Z][0-9][0-9A-Z]?(\.?[0-9A-Z]{0,4})?$/;

/** The field types of a check: checked as an edit (limits and messages) or as stored (the shape alone). */
interface CheckFields {
  text: (max?: number) => z.ZodType<string>;
  list: (max?: number, min?: { count: number; message: string }) => z.ZodType<string[]>;
  count: (max: number) => z.ZodType<number>;
  years: z.ZodType<number>;
  number: z.ZodType<number>;
  limit: z.ZodType<number>;
  flag: z.ZodType<boolean>;
  icd10Prefixes: z.ZodType<string[]>;
  outcomes: z.ZodType<TrialOutcome[]>;
  oneOf: <T extends readonly [string, ...string[]]>(values: T) => z.ZodEnum<{ [K in T[number]]: K }>;
  /** Refinements (at least a bound, a name or a drug) hold for edits; a stored check is read as it was written. */
  refine: boolean;
}

const EDIT: CheckFields = {
  text: (max = 300) => z.string({ error: expected("text") }).trim().min(1, "must not be empty").max(max, `at most ${max} characters`),
  list: (max = 100, min) => {
    const list = z.array(EDIT.text(), { error: expected("a list of texts") }).max(max, `at most ${max} entries`);
    return min ? list.min(min.count, min.message) : list;
  },
  count: (max) => z.number({ error: expected("number") }).int("expected a whole number").min(1, "must be at least 1").max(max, `must be at most ${max}`),
  years: z.number({ error: expected("number") }).min(0, "must be at least 0").max(130, "must be at most 130"),
  number: z.number({ error: expected("number") }).finite("expected a finite number"),
  limit: z.number({ error: expected("number") }).positive("must be more than 0").max(1_000_000, "must be at most 1000000"),
  flag: z.boolean({ error: expected("true or false") }),
  icd10Prefixes: z.array(z.string({ error: expected("text") }).trim().toUpperCase().regex(ICD10_PREFIX, "expected an ICD-10 code or prefix (e.g. M05 or E11.65)")).max(200, "at most 200 entries"),
  outcomes: z.array(z.enum(TRIAL_OUTCOMES, { error: `expected one of ${TRIAL_OUTCOMES.join(", ")}` })).min(1, "give at least one outcome"),
  oneOf: (values) => z.enum(values, { error: `expected one of ${values.join(", ")}` }),
  refine: true,
};

// A check as the engines stored it: its shape, without the limits an edit must keep (a reader may quote a longer
// sentence than an admin may type). Closed, as an edit's: a key it does not know may change what the check means, so
// a stored policy holding one is reported as unreadable, never read with the key ignored.
const STORED: CheckFields = {
  text: () => z.string(),
  list: () => z.array(z.string()),
  count: () => z.number(),
  years: z.number(),
  number: z.number(),
  limit: z.number(),
  flag: z.boolean(),
  icd10Prefixes: z.array(z.string()),
  outcomes: z.array(z.enum(TRIAL_OUTCOMES)),
  oneOf: (values) => z.enum(values),
  refine: false,
};

function checkSchema(f: CheckFields) {
  const days = f.count(3650);
  const age = z.strictObject({
    kind: z.literal("age"),
    min: f.years.optional(),
    max: f.years.optional(),
    minExclusive: f.flag.optional(),
    maxExclusive: f.flag.optional(),
  });
  const diagnosis = z.strictObject({ kind: z.literal("diagnosis"), names: f.list(), icd10Prefixes: f.icd10Prefixes });
  const specialty = z.strictObject({ kind: z.literal("prescriber_specialty"), specialties: f.list(100, { count: 1, message: "give at least one specialty" }), consultationAllowed: f.flag.optional() });
  const stepTherapy = z.strictObject({
    kind: z.literal("step_therapy"),
    drugs: f.list(),
    drugClasses: f.list(),
    examples: f.list().optional(),
    count: f.count(20),
    minDurationDays: days.optional(),
    outcomes: f.outcomes,
    excludeRequested: f.flag.optional(),
    withinDays: days.optional(),
    minSupplyDays: days.optional(),
    eachClass: f.flag.optional(),
  });
  const lab = z.strictObject({
    kind: z.literal("lab_threshold"),
    analyte: f.text(),
    comparator: f.oneOf(["<", "<=", ">", ">=", "="] as const),
    value: f.number,
    unit: f.text(40).optional(),
    relativeTo: f.oneOf(["upper_limit_of_normal", "lower_limit_of_normal"] as const).optional(),
    withinDays: days.optional(),
    byDiagnosis: z.array(z.strictObject({ value: f.number, names: f.list(20), icd10Prefixes: f.icd10Prefixes })).min(2, "give at least two diagnoses").max(6, "at most 6 diagnoses").optional(),
  });
  const limitShape = { value: f.limit, unit: f.text(40), perDays: days.optional(), drug: f.text().optional() };
  const quantity = z.strictObject({ kind: z.literal("quantity_limit"), ...limitShape });
  const dose = z.strictObject({ kind: z.literal("dose_limit"), ...limitShape });
  const duration = z.strictObject({ kind: z.literal("duration_limit"), ...limitShape, lifetime: f.flag.optional(), drugs: f.list(20).optional() });
  const documentation = z.strictObject({ kind: z.literal("documentation"), what: f.text(2000), terms: f.list(20).optional(), minCount: f.count(1000).optional() });
  const combination = z.strictObject({ kind: z.literal("combination_therapy"), drugs: f.list(100, { count: 1, message: "give at least one drug" }) });
  const exclusion = z.strictObject({ kind: z.literal("concurrent_therapy_exclusion"), drugs: f.list(), drugClasses: f.list().optional() });
  const continuation = z.strictObject({ kind: z.literal("continuation"), requirement: f.oneOf(["on_therapy", "response", "no_progression"] as const), drug: f.text().optional() });
  const labeledDose = z.strictObject({ kind: z.literal("labeled_dose_limit") });
  const manual = z.strictObject({ kind: z.literal("manual") });
  if (!f.refine) {
    return z.discriminatedUnion("kind", [age, diagnosis, specialty, stepTherapy, lab, quantity, dose, duration, documentation, combination, exclusion, continuation, labeledDose, manual]);
  }
  return z.discriminatedUnion(
    "kind",
    [
      age.superRefine((c, ctx) => {
        if (c.min === undefined && c.max === undefined) ctx.addIssue({ code: "custom", path: ["min"], message: "give a minimum or a maximum age" });
        if (c.min !== undefined && c.max !== undefined && c.min > c.max) ctx.addIssue({ code: "custom", path: ["max"], message: "must not be below the minimum" });
      }),
      diagnosis.refine((c) => c.names.length + c.icd10Prefixes.length > 0, { path: ["names"], message: "give a diagnosis name or an ICD-10 code" }),
      specialty, stepTherapy, lab, quantity, dose, duration, documentation, combination,
      exclusion.refine((c) => c.drugs.length + (c.drugClasses?.length ?? 0) > 0, { path: ["drugs"], message: "give a drug or a drug class" }),
      continuation, labeledDose, manual,
    ],
    { error: `expected one of ${CHECK_KINDS.join(", ")}` },
  );
}

export const CHECK_KINDS = [
  "age", "diagnosis", "prescriber_specialty", "step_therapy", "lab_threshold", "quantity_limit", "dose_limit", "labeled_dose_limit", "duration_limit",
  "documentation", "combination_therapy", "concurrent_therapy_exclusion", "continuation", "manual",
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** A check as an admin edits it (the API's criteria edits, the portal's editor): limits, refinements, messages. */
export const ZCheck = checkSchema(EDIT);
/** A check as a stored parsed policy holds it (lib/policies/parsed-policy-schema.ts): the same shape, no edit limits. */
export const ZStoredCheck = checkSchema(STORED);
export type TCheck = z.infer<typeof ZCheck>;

// The engine's Check and the schema's output must be the same type: each assignable to the other (tsc fails otherwise).
const checkTypesAgree: Same<TCheck, Check> = true;
void checkTypesAgree;
const storedTypesAgree: Same<z.infer<typeof ZStoredCheck>, Check> = true;
void storedTypesAgree;
const kindsAgree: Same<CheckKind, Check["kind"]> = true;
void kindsAgree;

/** "min: expected number; max: must not be below the minimum" — the field named for each problem (portal and API). */
export function checkProblems(value: unknown): { path: string; message: string }[] {
  const result = ZCheck.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.code === "unrecognized_keys" ? `unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}` : issue.message,
  }));
}
