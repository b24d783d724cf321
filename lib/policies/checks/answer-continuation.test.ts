import { describe, expect, it } from "vitest";
import type { IntakeFacts } from "@/lib/intake/types";
import type { CaseContext, CheckOf } from "../case-context";
import { answerContinuation } from "./answer-continuation";

const facts: IntakeFacts = { patient: null, practitioners: [], diagnoses: [], medicationRequests: [], priorTreatments: [], labs: [], procedures: [], answers: [], warnings: [] };
const note = (text: string): CaseContext => ({
  facts, documents: [{ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] }], claims: [], testClaim: null, asOf: "2025-11-04", requested: null, coveredDrugs: ["everolimus"],
});
const check = (requirement: CheckOf<"continuation">["requirement"]): CheckOf<"continuation"> => ({ kind: "continuation", requirement, drug: "everolimus" });

// requirement | note | outcome. Whether the note asserts use or response is the context engine's reading of it.
const ROWS: [CheckOf<"continuation">["requirement"], string, string][] = [
  ["on_therapy", "She is currently taking everolimus 10 mg daily.", "met"],
  ["on_therapy", "Has been on everolimus since 03/2024, tolerating it well.", "met"],
  ["on_therapy", "Plan to start everolimus; currently taking letrozole.", "missing"],
  ["on_therapy", "She has never taken everolimus; currently on letrozole.", "missing"],
  ["response", "Seizure frequency reduced in the last 3 months on everolimus.", "met"],
  ["response", "No improvement in seizure frequency on everolimus.", "not_met"],
  ["response", "Tumour failed to respond to everolimus.", "not_met"],
  ["response", "Improved seizure control on everolimus, but no response in the skin lesions.", "not_met"],
];

describe.each(ROWS)("%s: %s", (requirement, text, outcome) => {
  it(`is ${outcome}`, () => expect(answerContinuation(check(requirement), note(text)).outcome).toBe(outcome));
});
