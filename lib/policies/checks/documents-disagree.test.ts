import { describe, expect, it } from "vitest";
import { emptyFacts } from "@/lib/intake/facts";
import type { CaseContext } from "../case-context";
import { answerLab } from "./answer-lab";

// Two documents giving different values for what the criterion needs: never met, a person decides with both quoted.
// [what the row shows, the documents' texts, outcome, what the answer shows]
const CRITERION = "Must provide documentation that patient's baseline CNS-LS score > 13";
const rows: [string, string[], string, RegExp][] = [
  ["the form and the note give two baseline scores of one date", ["CNS-LS | 08/29/2025 | 21", "CNS-LS | 08/29/2025 | 9"], "manual", /disagree on the baseline CNS-LS of 2025-08-29: 21 \(CNS-LS \| 08\/29\/2025 \| 21\); 9 \(CNS-LS \| 08\/29\/2025 \| 9\)/],
  ["the same score in both documents", ["CNS-LS | 08/29/2025 | 21", "CNS-LS | 08/29/2025 | 21"], "met", /baseline CNS-LS 21 on 2025-08-29/],
  ["a later score is no second baseline", ["CNS-LS | 08/29/2025 | 21", "CNS-LS | 10/01/2025 | 9"], "met", /baseline CNS-LS 21 on 2025-08-29/],
  ["two baseline scores, both under the threshold, still disagree", ["CNS-LS | 08/29/2025 | 11", "CNS-LS | 08/29/2025 | 12"], "manual", /disagree/],
];

function contextOf(texts: string[]): CaseContext {
  const documents = texts.map((text, i) => ({ id: `doc${i + 1}`, name: `doc${i + 1}.pdf`, contentType: "application/pdf", pages: [{ page: 1, text }] }));
  return { facts: emptyFacts(), documents, claims: [], testClaim: null, asOf: "2025-10-09", requested: null, coveredDrugs: [] };
}

describe.each(rows)("documents that disagree: %s", (_shows, texts, outcome, shown) => {
  it(outcome, () => {
    const answer = answerLab({ kind: "lab_threshold", analyte: "CNS-LS score", comparator: ">", value: 13 }, contextOf(texts), CRITERION);
    expect(answer.outcome).toBe(outcome);
    expect(answer.answer).toMatch(shown);
  });
});
