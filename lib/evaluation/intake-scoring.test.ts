import { describe, expect, it } from "vitest";
import { f1, labelsOfCase, matches, score, type Field } from "./intake-scoring";

describe("matches", () => {
  it.each<[Field, string, string, boolean, boolean]>([
    ["diagnoses", "G40.811", "G40.811", true, true],
    ["diagnoses", "~G40.81", "G40.811", false, true],
    ["diagnoses", "~G40.81", "G40.811", true, false],
    ["diagnoses", "G40.81", "G40.811", false, false],
    ["drug", "name:Januvia 100 mg", "name:Januvia (sitagliptin) 100 mg tablet", false, true],
    ["drug", "ndc:00006027731", "ndc:00006027731", false, true],
    ["drug", "name:Januvia", "ndc:00006027731", false, false],
    ["drug", "ndc:00006027731 name:Januvia 100 mg", "name:Januvia", false, true],
    ["drug", "ndc:00006027731 name:Januvia", "ndc:00006027731", false, true],
    ["drug", "ndc:00006027731 name:Januvia", "ndc:00006011231", false, false],
    ["drug", "ndc:00006027731 name:Januvia", "name:Jardiance", false, false],
    ["drug", "ndc:00006027731", "name:Januvia", false, false],
    ["specialty", "Pediatric Neurology", "Neurology", false, true],
    ["specialty", "Cardiologist", "Cardiovascular Disease", false, true],
    ["specialty", "Neurologist", "Cardiovascular Disease", false, false],
    ["quantity", "30", "30.0", false, true],
    ["dob", "1968-03-14", "1968-03-41", false, false],
  ])("%s %s vs %s (strict %s) -> %s", (field, pred, exp, strict, expected) => expect(matches(field, pred, exp, strict)).toBe(expected));
});

describe("score and f1", () => {
  it("counts a second name of a matched drug as no error, and what is left as misses and extras", () => {
    const s = score(["name:Januvia", "name:sitagliptin", "name:metformin"], ["name:Januvia (sitagliptin)"], "drug", false);
    expect(s).toMatchObject({ tp: 1, fp: 1, fn: 0, extras: ["name:metformin"] });
    expect(f1({ tp: 1, fp: 1, fn: 0 }).f).toBeCloseTo(2 / 3);
    expect(f1({ tp: 0, fp: 0, fn: 0 }).f).toBe(1);
  });
});

describe("labelsOfCase", () => {
  it("takes the fields a label gives and leaves the others unscored", () => {
    expect(labelsOfCase({ patient_dob: "1968-03-14", dx_icd10: ["E11.65"], drug: "Januvia", quantity: 30, prescriber_npi: "1428573061" })).toEqual({
      dob: ["1968-03-14"],
      diagnoses: ["E11.65"],
      drug: ["name:Januvia"],
      quantity: ["30"],
      npi: ["1428573061"],
    });
  });
});
