import { describe, expect, it } from "vitest";
import { CHECK_KINDS, checkProblems, ZCheck } from "./check-schema";

// Valid checks: one or more per kind, as the parser writes them and as an admin would in the editor.
const VALID: [string, unknown][] = [
  ["age lower bound", { kind: "age", min: 18 }],
  ["age both bounds, exclusive max", { kind: "age", min: 2, max: 19, maxExclusive: true }],
  ["diagnosis names and codes", { kind: "diagnosis", names: ["rheumatoid arthritis"], icd10Prefixes: ["M05", "M06.9"] }],
  ["diagnosis codes only", { kind: "diagnosis", names: [], icd10Prefixes: ["e11.65"] }],
  ["specialty", { kind: "prescriber_specialty", specialties: ["rheumatologist"], consultationAllowed: true }],
  ["step therapy by class", { kind: "step_therapy", drugs: [], drugClasses: ["tnf_inhibitor"], count: 1, minDurationDays: 90, outcomes: ["failed", "intolerant"], withinDays: 365 }],
  ["lab threshold relative", { kind: "lab_threshold", analyte: "ALT", comparator: ">", value: 1, relativeTo: "upper_limit_of_normal" }],
  ["lab threshold with unit", { kind: "lab_threshold", analyte: "HbA1c", comparator: ">=", value: 7.5, unit: "%" }],
  ["quantity per days", { kind: "quantity_limit", value: 2, unit: "pens", perDays: 28 }],
  ["dose limit", { kind: "dose_limit", value: 40, unit: "mg" }],
  ["duration limit", { kind: "duration_limit", value: 12, unit: "months" }],
  ["documentation with count", { kind: "documentation", what: "three steroid bursts", terms: ["steroid", "burst"], minCount: 3 }],
  ["combination", { kind: "combination_therapy", drugs: ["methotrexate"] }],
  ["exclusion by class", { kind: "concurrent_therapy_exclusion", drugs: [], drugClasses: ["jak_inhibitor"] }],
  ["continuation", { kind: "continuation", requirement: "response" }],
  ["labeled_dose_limit", { kind: "labeled_dose_limit" }],
  ["manual", { kind: "manual" }],
];

// Invalid checks with the message the API and the editor show (path: message).
const INVALID: [string, unknown, string][] = [
  ["age as a word (the issue's example)", { kind: "age", minYears: "one" }, "unknown field: minYears"],
  ["age min as text", { kind: "age", min: "one" }, "min: expected number"],
  ["age without bounds", { kind: "age" }, "min: give a minimum or a maximum age"],
  ["age min above max", { kind: "age", min: 65, max: 18 }, "max: must not be below the minimum"],
  ["age beyond a lifetime", { kind: "age", max: 400 }, "max: must be at most 130"],
  ["negative age", { kind: "age", min: -1 }, "min: must be at least 0"],
  ["unknown kind", { kind: "weight", min: 1 }, "kind: expected one of age, diagnosis"],
  ["no kind", { min: 1 }, "kind: expected one of age"],
  ["diagnosis empty", { kind: "diagnosis", names: [], icd10Prefixes: [] }, "names: give a diagnosis name or an ICD-10 code"],
  ["diagnosis bad code", { kind: "diagnosis", names: [], icd10Prefixes: ["rheumatoid"] }, "icd10Prefixes.0: expected an ICD-10 code"],
  ["diagnosis names not a list", { kind: "diagnosis", names: "RA", icd10Prefixes: [] }, "names: expected a list of texts"],
  ["specialty empty", { kind: "prescriber_specialty", specialties: [] }, "specialties: give at least one specialty"],
  ["step count zero", { kind: "step_therapy", drugs: ["methotrexate"], drugClasses: [], count: 0, outcomes: ["failed"] }, "count: must be at least 1"],
  ["step count fractional", { kind: "step_therapy", drugs: ["methotrexate"], drugClasses: [], count: 1.5, outcomes: ["failed"] }, "count: expected a whole number"],
  ["step outcome unknown", { kind: "step_therapy", drugs: [], drugClasses: [], count: 1, outcomes: ["worked"] }, "outcomes.0: expected one of tried, failed"],
  ["step without outcomes", { kind: "step_therapy", drugs: [], drugClasses: [], count: 1, outcomes: [] }, "outcomes: give at least one outcome"],
  ["lab comparator word", { kind: "lab_threshold", analyte: "ALT", comparator: "above", value: 3 }, "comparator: expected one of <, <=, >, >=, ="],
  ["lab value missing", { kind: "lab_threshold", analyte: "ALT", comparator: ">" }, "value: required"],
  ["quantity zero", { kind: "quantity_limit", value: 0, unit: "tablets" }, "value: must be more than 0"],
  ["quantity unit empty", { kind: "quantity_limit", value: 30, unit: " " }, "unit: must not be empty"],
  ["quantity per zero days", { kind: "quantity_limit", value: 30, unit: "tablets", perDays: 0 }, "perDays: must be at least 1"],
  ["documentation empty", { kind: "documentation", what: "" }, "what: must not be empty"],
  ["combination without drugs", { kind: "combination_therapy", drugs: [] }, "drugs: give at least one drug"],
  ["exclusion empty", { kind: "concurrent_therapy_exclusion", drugs: [] }, "drugs: give a drug or a drug class"],
  ["continuation unknown", { kind: "continuation", requirement: "improved" }, "requirement: expected one of on_therapy"],
  ["manual with extra field", { kind: "manual", note: "x" }, "unknown field: note"],
];

describe("ZCheck", () => {
  it.each(VALID)("accepts %s", (_name, check) => {
    expect(checkProblems(check)).toEqual([]);
  });

  it.each(INVALID)("refuses %s", (_name, check, message) => {
    const problems = checkProblems(check).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
    expect(problems.join("; ")).toContain(message);
  });

  it("has a valid example of every kind", () => {
    const kinds = new Set(VALID.map(([, check]) => (check as { kind: string }).kind));
    expect([...CHECK_KINDS].filter((k) => !kinds.has(k))).toEqual([]);
  });

  it("normalises codes and trims texts", () => {
    expect(ZCheck.parse({ kind: "diagnosis", names: [" RA "], icd10Prefixes: ["m05"] })).toEqual({ kind: "diagnosis", names: ["RA"], icd10Prefixes: ["M05"] });
  });
});
