import { describe, expect, it } from "vitest";
import { describeCheck } from "./describe-check";

describe("describeCheck: a check in a reviewer's words", () => {
  it("says each kind plainly, without the engine's field names", () => {
    expect(describeCheck({ kind: "diagnosis", names: ["B-cell precursor ALL"], icd10Prefixes: ["C91.0"] })).toBe("B-cell precursor ALL · ICD-10 C91.0");
    expect(describeCheck({ kind: "age", min: 2 })).toBe("at least 2 years");
    expect(describeCheck({ kind: "age", min: 6, max: 18, maxExclusive: true })).toBe("at least 6 and younger than 18 years");
    expect(describeCheck({ kind: "prescriber_specialty", specialties: ["oncologist", "hematologist"], consultationAllowed: true })).toBe("prescribed by or with a consultation of oncologist or hematologist");
    expect(describeCheck({ kind: "step_therapy", drugs: ["Sprycel", "Tasigna"], drugClasses: [], count: 1, outcomes: ["failed", "intolerant"] })).toBe("1 of Sprycel or Tasigna · outcome: failed or not tolerated");
    expect(describeCheck({ kind: "step_therapy", drugs: [], drugClasses: ["topical_corticosteroid"], count: 1, outcomes: ["tried"], minDurationDays: 28, examples: ["Elocon"] })).toBe(
      "1 of topical corticosteroid · outcome: tried · at least 28 days · e.g. Elocon",
    );
    expect(describeCheck({ kind: "lab_threshold", analyte: "CRP", comparator: ">", value: 1, relativeTo: "upper_limit_of_normal" })).toBe("CRP above 1 × the upper limit of normal");
    expect(describeCheck({ kind: "lab_threshold", analyte: "eosinophils", comparator: ">=", value: 150, unit: "cells/uL" })).toBe("eosinophils at least 150 cells/uL");
    expect(describeCheck({ kind: "dose_limit", value: 28, unit: "mcg", perDays: 1 })).toBe("at most 28 mcg a day");
    expect(describeCheck({ kind: "quantity_limit", value: 2, unit: "pens", perDays: 28 })).toBe("at most 2 pens per 28 days");
    expect(describeCheck({ kind: "quantity_limit", value: 4, unit: "tablets" })).toBe("at most 4 tablets per fill");
    expect(describeCheck({ kind: "concurrent_therapy_exclusion", drugs: ["Adbry"], drugClasses: ["jak_inhibitor"] })).toBe("not together with Adbry or JAK inhibitor");
    expect(describeCheck({ kind: "continuation", requirement: "response" })).toBe("responding to therapy");
    expect(describeCheck({ kind: "manual" })).toBe("a clinician judges it");
  });

  it("lists the fields of a kind it does not know", () => {
    expect(describeCheck({ kind: "future_kind", threshold: 3, names: ["a", "b"], empty: [] })).toBe("threshold: 3 · names: a, b");
  });
});
