import { describe, expect, it } from "vitest";
import { policyFromPayload } from "./policy-payload";
import type { CriteriaNode } from "./types";

const leaves = (node: CriteriaNode): Extract<CriteriaNode, { kind: "criterion" }>[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));

const document = {
  title: "Epidiolex (cannabidiol) - Example Health",
  payer: "Example Health",
  effective_date: "2024-02-07",
  drug_names: ["Epidiolex (cannabidiol oral solution)"],
  sections: [
    {
      id: "lgs-initial",
      title: "Lennox-Gastaut Syndrome",
      kind: "initial",
      approval_duration: "1 year",
      criteria: {
        all: [
          { id: "age", text: "Patient is 1 year of age or older", check: { kind: "age", min: 1 } },
          "Patient has tried or is concomitantly receiving at least two other antiseizure medications",
          { text: "ONE of the following", any: ["The medication is prescribed by a neurologist", "Prescribed in consultation with an epileptologist"] },
        ],
      },
    },
    { title: "Lennox-Gastaut Syndrome", kind: "continuation", criteria: "Patient is responding to therapy as determined by the prescriber" },
  ],
};

describe("policyFromPayload", () => {
  it("reads a JSON criteria document: sections, ids, given and classified checks", () => {
    const policy = policyFromPayload(JSON.stringify(document));
    expect(policy).toMatchObject({ title: document.title, payer: "Example Health", effectiveDate: "2024-02-07", drugNames: document.drug_names });
    const [initial, continuation] = policy.sections;
    expect(initial).toMatchObject({ id: "lgs-initial", kind: "initial", approvalDuration: "1 year", diagnosisHints: { names: ["Lennox-Gastaut Syndrome"], icd10Prefixes: ["G40.81"] } });
    expect(leaves(initial.criteria).map((l) => [l.id, l.check.kind])).toEqual([
      ["age", "age"],
      ["lgs-initial.2", "step_therapy"],
      ["lgs-initial.3.1", "prescriber_specialty"],
      ["lgs-initial.3.2", "prescriber_specialty"],
    ]);
    expect(initial.criteria.kind === "group" && initial.criteria.children[2]).toMatchObject({ kind: "group", logic: "any", text: "ONE of the following" });
    expect(leaves(initial.criteria)[1].check).toMatchObject({ drugClasses: ["antiseizure"], count: 2 });
    // A hand-written criterion quotes itself.
    expect(leaves(initial.criteria)[0].quote).toEqual({ page: 1, text: "Patient is 1 year of age or older" });
    expect(continuation).toMatchObject({ id: "section-2", kind: "continuation" });
    expect(leaves(continuation.criteria)[0].check).toMatchObject({ kind: "continuation", requirement: "response" });
  });

  it("reads a list's items as its intro says: under 'Diagnosis of one of the following' each item is a diagnosis", () => {
    const lipids = {
      title: "PCSK9 inhibitors",
      drug_names: ["Repatha (evolocumab)"],
      sections: [{ title: "PCSK9 inhibitors", kind: "initial", diagnosis: { names: [], icd10_prefixes: [] }, criteria: { all: [{ text: "Diagnosis of one of the following:", any: ["clinical atherosclerotic cardiovascular disease (ASCVD), meaning a history of myocardial infarction or ischemic stroke", "heterozygous familial hypercholesterolemia (HeFH)"] }] } }],
    };
    const [ascvd, hefh] = leaves(policyFromPayload(JSON.stringify(lipids)).sections[0].criteria);
    expect(ascvd.check).toMatchObject({ kind: "diagnosis", icd10Prefixes: expect.arrayContaining(["I25", "I63"]) });
    expect(hefh.check).toMatchObject({ kind: "diagnosis", icd10Prefixes: ["E78.011"] });
  });

  it("explains an invalid document to a person", () => {
    const broken = { ...document, sections: [{ title: "X", criteria: { all: [{ text: "t", check: { kind: "age" } }] } }] };
    expect(() => policyFromPayload(JSON.stringify(broken))).toThrow(/criteria document is not valid: sections\.0\.criteria/);
    expect(() => policyFromPayload(JSON.stringify({ title: "No sections" }))).toThrow(/sections/);
    expect(() => policyFromPayload('{"title": "x", ')).toThrow(/not valid JSON/);
    expect(() => policyFromPayload("[1, 2]")).toThrow(/not an array/);
    expect(() => policyFromPayload("   ")).toThrow(/empty/);
    // Escapes inside the payload's own JSON: a lone surrogate or a NUL would reach the database's jsonb.
    expect(() => policyFromPayload('{"title": "Ana \\ud800", "sections": []}')).toThrow("title: must be well-formed Unicode text (a lone high surrogate U+D800 at character 5).");
    expect(() => policyFromPayload('{"title": "x\\u0000", "sections": []}')).toThrow("title: must not contain NUL characters.");
  });

  it("reads plain text as a one-page policy with verbatim quotes", () => {
    const text = [
      "Examplumab Prior Authorization",
      "Criteria for Initial Approval",
      "Examplumab may be approved when ALL of the following criteria are met:",
      "1. Patient is 18 years of age or older; AND",
      "2. Diagnosis of rheumatoid arthritis; AND",
      "3. Patient has had an inadequate response to methotrexate for at least 3 months.",
    ].join("\n");
    const policy = policyFromPayload(text);
    expect(policy.sections).toHaveLength(1);
    const found = leaves(policy.sections[0].criteria);
    expect(found.map((l) => l.check.kind)).toEqual(["age", "diagnosis", "step_therapy"]);
    for (const l of found) expect(text.replace(/\s+/g, " ")).toContain(l.quote.text);
    expect(found[2].check).toMatchObject({ drugs: ["methotrexate"], minDurationDays: 90, outcomes: ["failed"] });
  });
});
