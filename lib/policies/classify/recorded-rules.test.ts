import { describe, expect, it } from "vitest";
import { parsePolicy } from "../parse-policy";
import { policyFromPayload } from "../policy-payload";
import type { CriteriaNode, CriterionNode, ParsedPolicy } from "../types";
import table from "./criterion-rules.json";

// Every criterion a reader produces names the rule that read it: a rule of the table, or one of the few structural
// rules of the section builder and the payload reader.
const STRUCTURAL = new Set(["section.indication", "list.specialists", "payload.given", "payload.continuation-response", "manual.empty"]);
const TABLE = new Set(table.rules.map((r) => r.name));

const leaves = (node: CriteriaNode): CriterionNode[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));
const criteriaOf = (policy: ParsedPolicy) => policy.sections.flatMap((s) => leaves(s.criteria));

describe("criteria record the rule that read them", () => {
  it("in a single-drug policy's sections (a commercial layout written here)", () => {
    const text = [
      "Drug Policy: Examplix (examplumab) Prior Authorization",
      "Coverage Criteria",
      "I. Plaque Psoriasis",
      "   A. Initial Approval",
      "      Examplix may be approved when ALL of the following criteria are met:",
      "         1. Member is 18 years of age or older; AND",
      "         2. Prescribed by or in consultation with a dermatologist; AND",
      "         3. Trial and failure of methotrexate for at least 12 weeks; AND",
      "         4. Will not be used in combination with another TNF blocker.",
      "   B. Continuation of Therapy",
      "      Examplix may be renewed when ALL of the following criteria are met:",
      "         1. Member has shown a positive clinical response to therapy.",
    ].join("\n");
    const criteria = criteriaOf(parsePolicy([{ page: 1, text }]));
    expect(criteria.length).toBeGreaterThanOrEqual(4);
    for (const c of criteria) expect(TABLE.has(c.rule ?? "") || STRUCTURAL.has(c.rule ?? ""), `${c.text}: ${c.rule}`).toBe(true);
    const ruleOf = (words: string) => criteria.find((c) => c.text.includes(words))?.rule;
    expect(ruleOf("18 years")).toBe("age.bounds");
    expect(ruleOf("dermatologist")).toBe("specialty.prescribed-by");
    expect(ruleOf("methotrexate")).toBe("step.tried-failed");
    expect(ruleOf("TNF blocker")).toBe("exclusion.not-in-combination");
    expect(ruleOf("clinical response")).toMatch(/^continuation\.response/);
  });

  it("in a JSON criteria document: the author's checks as payload.given, sentences by the classifier's rule", () => {
    const policy = policyFromPayload(JSON.stringify({
      title: "Examplix - Example Health",
      drug_names: ["Examplix"],
      sections: [{
        id: "pso", title: "Plaque psoriasis", kind: "initial",
        criteria: { all: [
          { id: "age", text: "Adults only", check: { kind: "age", min: 18 } },
          { id: "rx", text: "Prescribed by a dermatologist" },
          "Quantity limit of 2 pens per 28 days",
        ] },
      }],
    }));
    expect(criteriaOf(policy).map((c) => c.rule)).toEqual(["payload.given", "specialty.prescribed-by", "limit.quantity"]);
  });
});
