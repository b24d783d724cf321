// Continuation of the requested drug: on therapy, responding to it, not progressing on it.
import type { Check } from "../types";
import { drugsIn, type CriterionInput } from "./criterion-input";

type Continuation = Check & { kind: "continuation" };

/** The requested drug the criterion names (the policy's own, else the first drug of the text). */
function withDrug({ text, lower, ctx }: CriterionInput, check: Continuation): Continuation {
  const drug = (ctx.coveredDrugs ?? []).find((d) => lower.includes(d.toLowerCase().split(/[\s(]/)[0])) ?? drugsIn(text)[0];
  return drug ? { ...check, drug } : check;
}

export const continuationNoProgression = (input: CriterionInput): Check => withDrug(input, { kind: "continuation", requirement: "no_progression" });
export const continuationResponse = (input: CriterionInput): Check => withDrug(input, { kind: "continuation", requirement: "response" });
export const continuationOnTherapy = (input: CriterionInput): Check => withDrug(input, { kind: "continuation", requirement: "on_therapy" });
