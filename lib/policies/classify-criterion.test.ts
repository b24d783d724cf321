import { describe, expect, it } from "vitest";
import { analyzeIntro, classifyCriterion, findingTerms } from "./classify-criterion";

describe("classifyCriterion across payers' wording", () => {
  it("reads ages, inclusive and exclusive", () => {
    expect(classifyCriterion("Patient is ≥ 1 year of age; AND")).toEqual({ kind: "age", min: 1 });
    expect(classifyCriterion("Individual is 18 years of age or older")).toEqual({ kind: "age", min: 18 });
    expect(classifyCriterion("Patient is less than 19 years of age")).toEqual({ kind: "age", max: 19, maxExclusive: true });
    expect(classifyCriterion("Member is between 6 and 17 years of age")).toMatchObject({ kind: "age", min: 6, max: 17 });
  });

  it("reads step therapy: classes, counts, durations, outcomes and 'other'", () => {
    expect(classifyCriterion("Patient has tried or is concomitantly receiving at least two other antiseizure medications; OR", { coveredDrugs: ["Epidiolex"] })).toMatchObject({
      kind: "step_therapy", drugClasses: ["antiseizure"], count: 2, outcomes: ["tried"], excludeRequested: true,
    });
    expect(classifyCriterion("Inadequate response to at least 2 topical corticosteroids for at least 28 days")).toMatchObject({
      kind: "step_therapy", drugClasses: ["topical_corticosteroid"], count: 2, minDurationDays: 28, outcomes: ["failed"],
    });
    expect(classifyCriterion("Used as second-line therapy")).toMatchObject({ kind: "step_therapy", drugs: [], drugClasses: [], count: 1 });
    expect(classifyCriterion("Trial and failure of two preferred proton pump inhibitors for at least 30 days each")).toMatchObject({ kind: "step_therapy", count: 2, minDurationDays: 30 });
    expect(classifyCriterion("Disease is refractory to at least 3 prior lines of therapy")).toMatchObject({ kind: "step_therapy", count: 3 });
    // A list item under "inadequate treatment response to either of the following:" names a class.
    expect(classifyCriterion("A topical calcineurin inhibitor", { inherited: "step_therapy" })).toMatchObject({ kind: "step_therapy", drugs: [], drugClasses: ["calcineurin_inhibitor"] });
  });

  it("reads specialty, combination, exclusion and continuation", () => {
    expect(classifyCriterion("The medication is prescribed by or in consultation with a neurologist.")).toEqual({ kind: "prescriber_specialty", specialties: ["neurologist"], consultationAllowed: true });
    expect(classifyCriterion("Prescribed by a rheumatologist")).toMatchObject({ kind: "prescriber_specialty", specialties: ["rheumatologist"], consultationAllowed: false });
    expect(classifyCriterion("Used in combination with Nexavar (sorafenib)")).toEqual({ kind: "combination_therapy", drugs: ["Nexavar"] });
    expect(classifyCriterion("The patient will NOT be using the requested agent in combination with another immunomodulatory agent")).toMatchObject({ kind: "concurrent_therapy_exclusion", drugClasses: ["biologic"] });
    expect(classifyCriterion("Patient does not show evidence of progressive disease while on Afinitor therapy", { coveredDrugs: ["Afinitor"] })).toEqual({ kind: "continuation", requirement: "no_progression", drug: "Afinitor" });
    expect(classifyCriterion("Patient is Currently Receiving Epidiolex", { coveredDrugs: ["Epidiolex"] })).toMatchObject({ kind: "continuation", requirement: "on_therapy" });
  });

  it("reads current use of another drug or class as a trial, current use of the requested drug as continuation", () => {
    const adalimumab = { coveredDrugs: ["Humira", "adalimumab"] };
    expect(classifyCriterion("Patient has tried or is currently taking systemic corticosteroids, or corticosteroids are contraindicated; OR", adalimumab)).toMatchObject({
      kind: "step_therapy", drugClasses: ["corticosteroid"], outcomes: ["tried", "contraindicated"],
    });
    // "i.e." names the whole class; "e.g." gives examples of an open one.
    expect(classifyCriterion("Intolerant or refractory to at least one second-generation tyrosine kinase inhibitor (TKI; i.e., Sprycel®, Tasigna®, Bosulif®)")).toEqual({
      kind: "step_therapy", drugs: ["Sprycel", "Tasigna", "Bosulif"], drugClasses: [], count: 1, outcomes: ["failed", "intolerant"],
    });
    expect(classifyCriterion("Refractory to a tyrosine kinase inhibitor (e.g., Sprycel)")).toMatchObject({ drugClasses: ["tyrosine_kinase_inhibitor"] });
    expect(classifyCriterion("The member is currently receiving methotrexate", adalimumab)).toMatchObject({ kind: "step_therapy", drugs: ["methotrexate"] });
    expect(classifyCriterion("The member is currently receiving Humira", adalimumab)).toMatchObject({ kind: "continuation", requirement: "on_therapy" });
    expect(classifyCriterion("Patient is currently receiving the requested medication", adalimumab)).toMatchObject({ kind: "continuation", requirement: "on_therapy" });
    expect(classifyCriterion("The member is not currently taking another biologic", adalimumab)).toMatchObject({ kind: "concurrent_therapy_exclusion", drugClasses: ["biologic"] });
    expect(classifyCriterion("Member is responding positively to therapy;", { phase: "continuation" })).toMatchObject({ kind: "continuation", requirement: "response" });
  });

  it("reads diagnoses, labs, limits and findings; what it cannot read is manual", () => {
    expect(classifyCriterion("Diagnosis of advanced renal cell cancer/kidney cancer")).toMatchObject({ kind: "diagnosis", names: ["advanced renal cell cancer", "kidney cancer"], icd10Prefixes: ["C64", "C65"] });
    expect(classifyCriterion("Neuroendocrine tumors of lung origin", { inherited: "diagnosis" })).toMatchObject({ kind: "diagnosis", icd10Prefixes: expect.arrayContaining(["C7A"]) });
    expect(classifyCriterion("LDL-C ≥ 100 mg/dL")).toMatchObject({ kind: "lab_threshold", analyte: "ldl-c", comparator: ">=", value: 100 });
    expect(classifyCriterion("Baseline LDL-C of at least 100 mg/dL")).toMatchObject({ kind: "lab_threshold", comparator: ">=", value: 100, unit: "mg/dl" });
    expect(classifyCriterion("Hemoglobin A1c of 7% or greater within the last 90 days")).toMatchObject({ kind: "lab_threshold", analyte: "hemoglobin a1c", comparator: ">=", value: 7, unit: "%" });
    expect(classifyCriterion("Fasting glucose of 126 mg/dL or higher")).toMatchObject({ kind: "lab_threshold", comparator: ">=", value: 126, unit: "mg/dl" });
    expect(classifyCriterion("Quantity limit of 2 pens per 28 days")).toEqual({ kind: "quantity_limit", value: 2, unit: "pen", perDays: 28 });
    expect(classifyCriterion("Disease is metastatic")).toEqual({ kind: "documentation", what: "Disease is metastatic", terms: ["metastatic"] });
    expect(classifyCriterion("Relapsed/Refractory", { inherited: "documentation", subject: "Disease is" })).toEqual({ kind: "documentation", what: "Disease is relapsed/refractory", terms: ["relapsed", "refractory"] });
    expect(classifyCriterion("The drug has been recognized for treatment of the cancer indication by the NCCN Compendium with a Category of Evidence of 1, 2A, or 2B")).toEqual({ kind: "manual" });
  });

  it("reads a lab value against the laboratory's limit of normal", () => {
    expect(classifyCriterion("C-reactive protein elevated beyond the upper limit of normal for the reporting laboratory")).toEqual({
      kind: "lab_threshold", analyte: "C-reactive protein", comparator: ">", value: 1, relativeTo: "upper_limit_of_normal",
    });
    expect(classifyCriterion("ALT ≤ 3 x ULN")).toMatchObject({ analyte: "ALT", comparator: "<=", value: 3, relativeTo: "upper_limit_of_normal" });
    expect(classifyCriterion("Serum IgG below the lower limit of normal")).toMatchObject({ analyte: "IgG", comparator: "<", relativeTo: "lower_limit_of_normal" });
  });

  it("reads counts, example lists and scores that documents can show; judgement stays manual", () => {
    expect(classifyCriterion("Three or more flares requiring oral corticosteroids in the past year")).toMatchObject({ kind: "documentation", terms: ["flares"], minCount: 3 });
    expect(classifyCriterion("Member has at least 10 draining tunnels")).toMatchObject({ kind: "documentation", terms: ["draining tunnels"], minCount: 10 });
    expect(classifyCriterion("Signs of airway obstruction (e.g., wheezing, stridor, or chest tightness)")).toMatchObject({ kind: "documentation", terms: ["wheezing", "stridor", "chest tightness"] });
    // In continuation criteria the listed symptoms are improvements, not findings.
    expect(classifyCriterion("Symptoms (e.g., wheezing, stridor)", { phase: "continuation" })).toEqual({ kind: "manual" });
    expect(classifyCriterion("Symptom burden (e.g., Urticaria Control Test [UCT] score consistently less than 12)")).toMatchObject({ kind: "lab_threshold", analyte: "UCT score", comparator: "<", value: 12 });
    expect(classifyCriterion("Biopsy shows a peak value of ≥ 20 mast cells per high power field (HPF)")).toMatchObject({ kind: "lab_threshold", analyte: "mast cells", value: 20, unit: "/hpf" });
    expect(classifyCriterion("Blood eosinophils ≥ 300 cells/μL")).toMatchObject({ kind: "lab_threshold", unit: "cells/µl" });
    expect(classifyCriterion("Other causes of the eosinophilia have been ruled out")).toEqual({ kind: "manual" });
  });

  it("keeps the words to search for a finding", () => {
    expect(findingTerms("Disease is human epidermal growth factor receptor 2 (HER2)-negative")).toContain("her2 negative");
    expect(findingTerms("Stage IV disease")).toEqual(["stage iv"]);
  });
});

describe("analyzeIntro", () => {
  it("reads the logic of a list's intro and what its items are", () => {
    expect(analyzeIntro("Patient meets ONE of the following (a or b):")).toMatchObject({ logic: "any", explicit: true, pureIntro: true });
    expect(analyzeIntro("Approve for 1 year if the patient meets the following (i, ii, and iii):")).toMatchObject({ logic: "all", explicit: true });
    expect(analyzeIntro("at least two of the following:")).toMatchObject({ logic: "any", minCount: 2 });
    expect(analyzeIntro("Diagnosis of one of the following:")).toMatchObject({ logic: "any", childKind: "diagnosis", pureIntro: false });
    expect(analyzeIntro("Used in combination with one of the following:")).toMatchObject({ logic: "any", childKind: "combination_therapy" });
    expect(analyzeIntro("Disease has progressed after single agent therapy with all of the following:")).toMatchObject({ logic: "all", childKind: "step_therapy" });
    expect(analyzeIntro("Disease is one of the following:")).toMatchObject({ childKind: "documentation", subject: "Disease is" });
    // Centene / Envolve: the logic in a parenthesis; a statement before it is a criterion of its own.
    expect(analyzeIntro("Chronic Myeloid Leukemia (must meet all):")).toMatchObject({ logic: "all", explicit: true });
    expect(analyzeIntro("Other diagnoses/indications (must meet 1 or 2):")).toMatchObject({ logic: "any", explicit: true });
    expect(analyzeIntro("Psoriasis (must meet one):")).toMatchObject({ logic: "any", explicit: true });
    expect(analyzeIntro("Failure of (a, b, or c):")).toMatchObject({ logic: "any", childKind: "step_therapy" });
    expect(analyzeIntro("Disease is positive for the T315I mutation (i and ii):")).toMatchObject({ logic: "all", leadCriterion: "Disease is positive for the T315I mutation", noted: true });
    expect(analyzeIntro("Prescribed by or in consultation with one of the following:")).toMatchObject({ logic: "any", childKind: "prescriber_specialty" });
    expect(analyzeIntro("Patient is not receiving Examplix in combination with any of the following:")).toMatchObject({ logic: "all", childKind: "concurrent_therapy_exclusion" });
    // Cigna: a criterion joined by a capitalised AND to the statement the list defines.
    expect(analyzeIntro("Patient has axial spondyloarthritis AND has objective signs of inflammation, defined as at least ONE of the following [(1) or (2)]:")).toMatchObject({
      logic: "any", leadCriterion: "Patient has axial spondyloarthritis",
    });
  });
});
