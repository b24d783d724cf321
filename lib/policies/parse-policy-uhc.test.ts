import { describe, expect, it } from "vitest";
import type { IntakeFacts } from "@/lib/intake/types";
import { parsePolicy } from "./parse-policy";
import { selectIndication } from "./select-indication";
import type { CriteriaNode } from "./types";

// A UnitedHealthcare pharmacy policy: lettered indications, numbered phases ("1. Initial Authorization",
// "2. Reauthorization"), "(1)"/"(a)" criteria joined by "-AND-" lines, the prescriber's specialties as a list of
// their own, footnotes (lettered, "^" and "*") after the last indication, then a table of another topic.
const LINES = [
  "UnitedHealthcare Pharmacy",
  "Clinical Pharmacy Programs",
  "Program | Prior Authorization/Medical Necessity",
  "Medications | Examplumab (Exampli®)",
  "1. Background:",
  "Examplumab is an antibody approved for several type 2 inflammatory diseases.",
  "2. Coverage Criteriaa:",
  "A. Atopic Dermatitis",
  "1. Initial Authorization",
  "a. Exampli will be approved based on all of the following criteria:",
  "(1) Diagnosis of moderate-to-severe atopic dermatitis",
  "-AND-",
  "(2) History of failure, contraindication, or intolerance to a topical calcineurin inhibitor*",
  "-AND-",
  "(3) Prescribed by or in consultation with one of the following:",
  "(a) Dermatologist",
  "(b) Allergist",
  "(c) Immunologist",
  "Authorization will be issued for 12 months.",
  "2. Reauthorization",
  "a. Exampli will be approved based on all of the following criteria:",
  "(1) Documentation of positive clinical response to Exampli therapy",
  "-AND-",
  "(2) Prescribed by one of the following:",
  "(a) Dermatologist",
  "(b) Allergist",
  "Authorization will be issued for 12 months.",
  "B. Eosinophilic Esophagitis",
  "1. Initial Authorization",
  "a. Exampli will be approved based on all of the following criteria:",
  "(1) Diagnosis of eosinophilic esophagitis confirmed by biopsy",
  "-AND-",
  "(2) Prescribed by or in consultation with a gastroenterologist",
  "Authorization will be issued for 6 months.",
  "2. Reauthorization",
  "a. Exampli will be approved based on all of the following criteria:",
  "(1) Documentation of positive clinical response to Exampli therapy",
  "-AND-",
  "(2) Prescribed by one of the following:",
  "(a) Gastroenterologist",
  "(b) Allergist",
  "Authorization will be issued for 12 months.",
  "a State mandates may apply. Other policies and utilization management programs may apply.",
  "^Tried/failed alternatives are supported by FDA labeling.",
  "* Topical calcineurin inhibitors require prior authorization.",
  "Table 1: Relative potencies of topical corticosteroids",
  "Class | Drug | Strength",
  "Very high | Clobetasol propionate | 0.05",
];

const leaves = (node: CriteriaNode): Extract<CriteriaNode, { kind: "criterion" }>[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));

function factsWith(diagnosis: { name: string; icd10: string[] }): IntakeFacts {
  return {
    patient: null, practitioners: [], medicationRequests: [], priorTreatments: [{ drug: "Exampli", outcome: "ongoing", startDate: null, endDate: null, durationDays: null, evidence: [] }], labs: [], procedures: [], answers: [], warnings: [],
    diagnoses: [{ ...diagnosis, otherCodings: [], clinicalStatus: "active", verificationStatus: "confirmed", onsetDate: null, notes: [], evidence: [] }],
  };
}

describe("parsePolicy on a UnitedHealthcare layout", () => {
  const policy = parsePolicy([{ page: 1, text: LINES.join("\n") }]);

  it("reads 'Prescribed by (or in consultation with) one of the following' as one specialty criterion naming them all", () => {
    const initial = policy.sections.find((s) => s.title === "Atopic Dermatitis" && s.kind === "initial")!;
    expect(leaves(initial.criteria).map((l) => l.check.kind)).toEqual(["diagnosis", "step_therapy", "prescriber_specialty"]);
    expect(leaves(initial.criteria)[2]).toMatchObject({
      id: "A.1.a.3",
      text: "Prescribed by or in consultation with one of the following: Dermatologist, Allergist, Immunologist",
      quote: { page: 1, text: "Prescribed by or in consultation with one of the following:" },
      check: { kind: "prescriber_specialty", specialties: ["dermatologist", "allergist", "immunologist"], consultationAllowed: true },
    });
    const renewal = policy.sections.find((s) => s.title === "Atopic Dermatitis" && s.kind === "continuation")!;
    expect(leaves(renewal.criteria).at(-1)!.check).toEqual({ kind: "prescriber_specialty", specialties: ["dermatologist", "allergist"], consultationAllowed: false });
  });

  it("leaves the footnotes and the table after the last indication out of its criteria", () => {
    const last = policy.sections.find((s) => s.title === "Eosinophilic Esophagitis" && s.kind === "continuation")!;
    expect(leaves(last.criteria).map((l) => l.check.kind)).toEqual(["diagnosis", "continuation", "prescriber_specialty"]);
    expect(JSON.stringify(policy.sections)).not.toMatch(/prior authorization\.|Clobetasol|State mandates/);
  });

  it("gives an indication's renewal the disease of its heading, so a renewal case is matched by its diagnosis", () => {
    const eoe = policy.sections.filter((s) => s.title === "Eosinophilic Esophagitis");
    expect(eoe.map((s) => s.diagnosisHints.icd10Prefixes)).toEqual([["K20.0"], ["K20.0"]]);
    const selection = selectIndication(policy, factsWith({ name: "Eosinophilic esophagitis", icd10: ["K20.0"] }));
    expect(selection.phase).toBe("continuation");
    expect(selection.chosen).toMatchObject({ title: "Eosinophilic Esophagitis", kind: "continuation" });
    expect(selection.candidates.every((c) => c.score > 0)).toBe(true);
  });
});
