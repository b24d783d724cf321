import { describe, expect, it } from "vitest";
import { diagnosis } from "./extract-diagnosis";

// How a diagnosis criterion lists its conditions -> the names read (a table: one row per way of writing).
describe.each([
  ["Diagnosis of hypertension, heart failure or diabetic kidney disease", ["hypertension", "heart failure", "diabetic kidney disease"], "I10"],
  ["Diagnosis of asthma, COPD or chronic bronchitis", ["asthma", "COPD", "chronic bronchitis"], "J45"],
  ["Diagnosis of hormone receptor positive, HER2-negative advanced or metastatic breast cancer", ["hormone receptor positive, HER2-negative advanced", "metastatic breast cancer"], null],
  ["Diagnosis of moderately to severely active rheumatoid arthritis", ["moderately to severely active rheumatoid arthritis"], "M06"],
  ["Diagnosis of plaque psoriasis, moderate to severe", ["plaque psoriasis, moderate to severe"], null],
] as [string, string[], string | null][])("diagnosis(%j)", (text, names, prefix) => {
  it("reads each listed condition as a name", () => {
    const check = diagnosis({ text } as Parameters<typeof diagnosis>[0]);
    expect(check.kind === "diagnosis" && check.names).toEqual(names);
    if (prefix) expect(check.kind === "diagnosis" && check.icd10Prefixes).toContain(prefix);
  });
});
