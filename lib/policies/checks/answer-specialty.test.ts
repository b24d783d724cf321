import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emptyFacts } from "@/lib/intake/facts";
import type { IntakeFacts } from "@/lib/intake/types";
import type { CaseContext } from "../case-context";
import { answerSpecialty } from "./answer-specialty";

// answer-specialty.cases.tsv: what the row shows | prescriber's specialty | the documents' text | specialties wanted
// ("or" between them; a consultation allowed) | outcome. A consultation counts only when it took place: not a
// referral, not a plan, not a form's own check box question (an attestation at best; marked No it says none).
// " ‖ " separates documents; two that disagree (a consultation and none, a specialty and the form's box marked No)
// go to a person with both quoted (manual), never met.
const ROWS = fs
  .readFileSync(path.join(import.meta.dirname, "answer-specialty.cases.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [shows, specialty, text, wanted, outcome] = l.split("\t");
    return { shows, specialty: specialty === "-" ? null : specialty, text, wanted: wanted.split(" or "), outcome };
  });

function contextOf(specialty: string | null, text: string): CaseContext {
  const facts: IntakeFacts = emptyFacts();
  facts.practitioners.push({ npi: null, npiValid: null, prefix: [], given: ["A"], family: "Prescriber", specialty, phone: null, fax: null, address: null, role: "prescriber", evidence: [] });
  const documents = text.split(" ‖ ").map((t, i) => ({ id: `doc${i + 1}`, name: `doc${i + 1}.pdf`, contentType: "application/pdf", pages: [{ page: 1, text: t }] }));
  return { facts, documents, claims: [], testClaim: null, asOf: "2025-10-09", requested: null, coveredDrugs: [] };
}

describe.each(ROWS)("$shows: $text", ({ specialty, text, wanted, outcome }) => {
  it(outcome, () => {
    expect(answerSpecialty({ kind: "prescriber_specialty", specialties: wanted, consultationAllowed: true }, contextOf(specialty, text)).outcome).toBe(outcome);
  });
});

it("shows both documents' words when they disagree", () => {
  const answer = answerSpecialty(
    { kind: "prescriber_specialty", specialties: ["endocrinologist", "oncologist"], consultationAllowed: true },
    contextOf(null, "1. Prescriber is endocrinologist/oncologist or has consulted one | [ ] Yes [X] No ‖ Seen by endocrinology on 03/04/2025; recommendations followed."),
  );
  expect(answer.outcome).toBe("manual");
  expect(answer.answer).toMatch(/disagree.*Seen by endocrinology.*\[X\] No/s);
  expect(answer.evidence.map((e) => e.documentId).sort()).toEqual(["doc1", "doc2"]);
});
