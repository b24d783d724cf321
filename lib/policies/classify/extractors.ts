// The extractors criterion rules name (criterion-rules.json "extract"): each reads the values of one kind of check
// from a criterion, or returns null when the text does not give them (the next rule is tried).
import type { CheckKind } from "../check-schema";
import type { Check } from "../types";
import type { CriterionInput } from "./criterion-input";
import { ageBounds } from "./extract-age";
import { continuationNoProgression, continuationOnTherapy, continuationResponse } from "./extract-continuation";
import { conditionName, diagnosis, diagnosisHasCondition, inheritedDiagnosis } from "./extract-diagnosis";
import { countedFinding, diseaseStatus, documentedFinding, exampleFinding, findingStatement, inheritedFinding, procedureResponse } from "./extract-finding";
import { labRelativeToNormal, labThreshold, labTrailingComparison } from "./extract-lab";
import { labThresholdByDiagnosis } from "./extract-lab-by-diagnosis";
import { doseLimit, durationLimit, labeledDoseLimit, quantityLimit, writtenQuantityLimit } from "./extract-limit";
import { inheritedSpecialty, prescriberSpecialty } from "./extract-specialty";
import { inheritedStepTherapy, stepTherapy, stepTherapyOfOtherDrug } from "./extract-step-therapy";
import { combinationWith, excludedTherapies, inheritedCombination, inheritedExclusion } from "./extract-therapies";

export type Extractor = (input: CriterionInput) => Check | null;

/** Each extractor with the one kind of check it yields (a rule naming it must declare that kind). */
export const EXTRACTORS: Record<string, { kind: CheckKind; extract: Extractor }> = {
  manual: { kind: "manual", extract: () => ({ kind: "manual" }) },
  ageBounds: { kind: "age", extract: ageBounds },
  prescriberSpecialty: { kind: "prescriber_specialty", extract: prescriberSpecialty },
  inheritedSpecialty: { kind: "prescriber_specialty", extract: inheritedSpecialty },
  stepTherapy: { kind: "step_therapy", extract: stepTherapy },
  stepTherapyOfOtherDrug: { kind: "step_therapy", extract: stepTherapyOfOtherDrug },
  inheritedStepTherapy: { kind: "step_therapy", extract: inheritedStepTherapy },
  continuationNoProgression: { kind: "continuation", extract: continuationNoProgression },
  continuationResponse: { kind: "continuation", extract: continuationResponse },
  continuationOnTherapy: { kind: "continuation", extract: continuationOnTherapy },
  excludedTherapies: { kind: "concurrent_therapy_exclusion", extract: excludedTherapies },
  inheritedExclusion: { kind: "concurrent_therapy_exclusion", extract: inheritedExclusion },
  combinationWith: { kind: "combination_therapy", extract: combinationWith },
  inheritedCombination: { kind: "combination_therapy", extract: inheritedCombination },
  quantityLimit: { kind: "quantity_limit", extract: quantityLimit },
  writtenQuantityLimit: { kind: "quantity_limit", extract: writtenQuantityLimit },
  doseLimit: { kind: "dose_limit", extract: doseLimit },
  labeledDoseLimit: { kind: "labeled_dose_limit", extract: labeledDoseLimit },
  durationLimit: { kind: "duration_limit", extract: durationLimit },
  labRelativeToNormal: { kind: "lab_threshold", extract: labRelativeToNormal },
  labThresholdByDiagnosis: { kind: "lab_threshold", extract: labThresholdByDiagnosis },
  labThreshold: { kind: "lab_threshold", extract: labThreshold },
  labTrailingComparison: { kind: "lab_threshold", extract: labTrailingComparison },
  diagnosis: { kind: "diagnosis", extract: diagnosis },
  diagnosisHasCondition: { kind: "diagnosis", extract: diagnosisHasCondition },
  conditionName: { kind: "diagnosis", extract: conditionName },
  inheritedDiagnosis: { kind: "diagnosis", extract: inheritedDiagnosis },
  countedFinding: { kind: "documentation", extract: countedFinding },
  exampleFinding: { kind: "documentation", extract: exampleFinding },
  documentedFinding: { kind: "documentation", extract: documentedFinding },
  procedureResponse: { kind: "documentation", extract: procedureResponse },
  findingStatement: { kind: "documentation", extract: findingStatement },
  diseaseStatus: { kind: "documentation", extract: diseaseStatus },
  inheritedFinding: { kind: "documentation", extract: inheritedFinding },
};
