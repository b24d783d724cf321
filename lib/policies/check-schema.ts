import { z } from "zod";
import type { Check } from "./types";

// The one schema of a criterion's check: the API validates every criteria edit with it, the portal's editor shows its
// messages inline, and the engine's Check type (types.ts) is checked against it below so the two cannot drift.

const expected = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "required" : `expected ${what}`);

const text = (max = 300) => z.string({ error: expected("text") }).trim().min(1, "must not be empty").max(max, `at most ${max} characters`);
const list = (max = 100) => z.array(text(), { error: expected("a list of texts") }).max(max, `at most ${max} entries`);
const count = (max: number) => z.number({ error: expected("number") }).int("expected a whole number").min(1, "must be at least 1").max(max, `must be at most ${max}`);
const days = count(3650);
const flag = z.boolean({ error: expected("true or false") });
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `expected one of ${values.join(", ")}` });

const ICD10_PREFIX = /^[A-TV-Z][0-9][0-9A-Z]?(\.?[0-9A-Z]{0,4})?$/;

const age = z
  .strictObject({
    kind: z.literal("age"),
    min: z.number({ error: expected("number") }).min(0, "must be at least 0").max(130, "must be at most 130").optional(),
    max: z.number({ error: expected("number") }).min(0, "must be at least 0").max(130, "must be at most 130").optional(),
    minExclusive: flag.optional(),
    maxExclusive: flag.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.min === undefined && c.max === undefined) ctx.addIssue({ code: "custom", path: ["min"], message: "give a minimum or a maximum age" });
    if (c.min !== undefined && c.max !== undefined && c.min > c.max) ctx.addIssue({ code: "custom", path: ["max"], message: "must not be below the minimum" });
  });

const diagnosis = z
  .strictObject({
    kind: z.literal("diagnosis"),
    names: list(),
    icd10Prefixes: z.array(z.string({ error: expected("text") }).trim().toUpperCase().regex(ICD10_PREFIX, "expected an ICD-10 code or prefix (e.g. M05 or E11.65)")).max(200, "at most 200 entries"),
  })
  .refine((c) => c.names.length + c.icd10Prefixes.length > 0, { path: ["names"], message: "give a diagnosis name or an ICD-10 code" });

const specialty = z.strictObject({
  kind: z.literal("prescriber_specialty"),
  specialties: list().min(1, "give at least one specialty"),
  consultationAllowed: flag.optional(),
});

const stepTherapy = z.strictObject({
  kind: z.literal("step_therapy"),
  drugs: list(),
  drugClasses: list(),
  examples: list().optional(),
  count: count(20),
  minDurationDays: days.optional(),
  outcomes: z.array(oneOf(["tried", "failed", "intolerant", "contraindicated"] as const)).min(1, "give at least one outcome"),
  excludeRequested: flag.optional(),
  withinDays: days.optional(),
  minSupplyDays: days.optional(),
  eachClass: flag.optional(),
});

const lab = z.strictObject({
  kind: z.literal("lab_threshold"),
  analyte: text(),
  comparator: oneOf(["<", "<=", ">", ">=", "="] as const),
  value: z.number({ error: expected("number") }).finite("expected a finite number"),
  unit: text(40).optional(),
  relativeTo: oneOf(["upper_limit_of_normal", "lower_limit_of_normal"] as const).optional(),
});

const limitShape = {
  value: z.number({ error: expected("number") }).positive("must be more than 0").max(1_000_000, "must be at most 1000000"),
  unit: text(40),
  perDays: days.optional(),
  drug: text().optional(),
};
const quantity = z.strictObject({ kind: z.literal("quantity_limit"), ...limitShape });
const dose = z.strictObject({ kind: z.literal("dose_limit"), ...limitShape });
const duration = z.strictObject({ kind: z.literal("duration_limit"), ...limitShape });

const documentation = z.strictObject({
  kind: z.literal("documentation"),
  what: text(2000),
  terms: list(20).optional(),
  minCount: count(1000).optional(),
});

const combination = z.strictObject({ kind: z.literal("combination_therapy"), drugs: list().min(1, "give at least one drug") });
const exclusion = z
  .strictObject({ kind: z.literal("concurrent_therapy_exclusion"), drugs: list(), drugClasses: list().optional() })
  .refine((c) => c.drugs.length + (c.drugClasses?.length ?? 0) > 0, { path: ["drugs"], message: "give a drug or a drug class" });
const continuation = z.strictObject({
  kind: z.literal("continuation"),
  requirement: oneOf(["on_therapy", "response", "no_progression"] as const),
  drug: text().optional(),
});
const manual = z.strictObject({ kind: z.literal("manual") });

export const CHECK_KINDS = [
  "age", "diagnosis", "prescriber_specialty", "step_therapy", "lab_threshold", "quantity_limit", "dose_limit", "duration_limit",
  "documentation", "combination_therapy", "concurrent_therapy_exclusion", "continuation", "manual",
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const ZCheck = z.discriminatedUnion(
  "kind",
  [age, diagnosis, specialty, stepTherapy, lab, quantity, dose, duration, documentation, combination, exclusion, continuation, manual],
  { error: `expected one of ${CHECK_KINDS.join(", ")}` },
);
export type TCheck = z.infer<typeof ZCheck>;

// The engine's Check and the schema's output must be the same type: each assignable to the other (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checkTypesAgree: Same<TCheck, Check> = true;
void checkTypesAgree;
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
