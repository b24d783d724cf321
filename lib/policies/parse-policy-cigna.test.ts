import { describe, expect, it } from "vitest";
import { parsePolicy } from "./parse-policy";
import type { CriteriaNode } from "./types";

// A Cigna national formulary policy: numbered indications with "A) Initial Therapy" / "B) Patient is Currently
// Receiving" paragraphs, roman and lettered items with their logic in parentheses, "(1)Patient ..." items whose
// marker the reader ran into the text, and a product list the reader misplaced after the last alternative.
const LINES = [
  "Cigna National Formulary Coverage Policy",
  "Prior Authorization Policy: Inflammatory Conditions – Examplimab Products",
  "FDA-Approved Indications",
  "1. Ulcerative Colitis. Approve for the duration noted if the patient meets ONE of the following (A or B):",
  "A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following (i, ii, and iii):",
  "i. Patient is ≥ 5 years of age; AND",
  "ii. Patient meets ONE of the following (a or b):",
  "a) Patient has tried or is currently taking systemic corticosteroids, or corticosteroids are",
  "contraindicated in this patient; OR",
  "b) Patient meets BOTH of the following [(1) and (2)]:",
  "(1)Patient has pouchitis; AND",
  "(2)Patient has tried an antibiotic, probiotic, or corticosteroid enema; AND",
  "iii. The medication is prescribed by or in consultation with a gastroenterologist.",
  "B) Patient is Currently Receiving an Examplimab Product. Approve for 1 year if the patient meets BOTH of the",
  "following (i and ii):",
  "i. Patient has been established on therapy for at least 6 months; AND",
  "ii. Patient meets at least ONE of the following (a or b):",
  "a) When assessed by at least one objective measure, patient experienced a beneficial clinical response; OR",
  "b) Compared with baseline, patient experienced an improvement in at least one symptom",
  "c) Examplimab-aaaa subcutaneous injection (Maker One)",
  "d) Examplimab-bbbb subcutaneous injection (Maker Two)",
  "e) Exampli® (examplimab subcutaneous injection – Maker Three)",
];

const leaves = (node: CriteriaNode): Extract<CriteriaNode, { kind: "criterion" }>[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));
const find = (node: CriteriaNode, id: string): CriteriaNode | null => (node.id === id ? node : node.kind === "group" ? node.children.map((c) => find(c, id)).find(Boolean) ?? null : null);

describe("parsePolicy on a Cigna layout", () => {
  const policy = parsePolicy([{ page: 1, text: LINES.join("\n") }]);
  const initial = policy.sections.find((s) => s.kind === "initial")!;
  const continuation = policy.sections.find((s) => s.kind === "continuation")!;

  it("reads '(1)Patient ...' as items of the BOTH list, and current use of corticosteroids as a trial", () => {
    expect(find(initial.criteria, "1.A.ii.b")).toMatchObject({ kind: "group", logic: "all" });
    expect(leaves(find(initial.criteria, "1.A.ii.b")!).map((l) => [l.id, l.check.kind])).toEqual([
      ["1.A.ii.b.1", "diagnosis"],
      ["1.A.ii.b.2", "step_therapy"],
    ]);
    expect(find(initial.criteria, "1.A.ii.a")).toMatchObject({ check: { kind: "step_therapy", drugClasses: ["corticosteroid"], outcomes: ["tried", "contraindicated"] } });
  });

  it("keeps the indication's own diagnosis when a diagnosis is only one alternative", () => {
    expect(leaves(initial.criteria)[0]).toMatchObject({ id: "1.A.dx", check: { kind: "diagnosis", icd10Prefixes: ["K51"] } });
  });

  it("leaves out items past the '(a or b)' the intro names", () => {
    expect(find(continuation.criteria, "1.B.ii")).toMatchObject({ kind: "group", logic: "any" });
    expect((find(continuation.criteria, "1.B.ii") as Extract<CriteriaNode, { kind: "group" }>).children.map((c) => c.id)).toEqual(["1.B.ii.a", "1.B.ii.b"]);
    expect(JSON.stringify(policy.sections)).not.toMatch(/Maker/);
    expect(policy.warnings).toEqual([expect.stringMatching(/left out/)]);
  });
});
