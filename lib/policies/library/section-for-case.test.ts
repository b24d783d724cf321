import { describe, expect, it } from "vitest";
import { NoApplicablePolicy } from "@/lib/errors/domain-errors";
import type { PolicyDocumentReading } from "../read/types";
import type { CriterionNode, ParsedPolicy } from "../types";
import { planSectionPolicies } from "./plan-section-policies";
import { sectionForCase } from "./section-for-case";
import { withUnreadCriteriaStep } from "./unread-criteria-step";

// A tiny fake multi-section reading, as a criteria table reader gives: two drugs, each with its own criteria.
const criterion = (id: string, text: string, page: number): CriterionNode => ({ kind: "criterion", id, text, quote: { page, text }, check: { kind: "manual" }, rule: "test-rule" });
const policy = (title: string, drugNames: string[], page: number, criteria: CriterionNode[]): ParsedPolicy => ({
  title, payer: "Example Plan", effectiveDate: "2025-01-01", drugNames, suggestedCodes: { ndc: [], cpt: [], hcpcs: [] },
  sections: [{ id: `${title}-1`, title, kind: "general", diagnosisHints: { names: [], icd10Prefixes: [] }, approvalDuration: null, criteria: { kind: "group", id: "g", logic: "all", text: null, quote: null, children: criteria } }],
});
const READING: PolicyDocumentReading = {
  family: "criteria_table", title: "Specialty drug criteria", payer: "Example Plan", effectiveDate: "2025-01-01", warnings: [],
  sections: [
    { label: "HUMIRA (adalimumab)", drugs: { names: ["HUMIRA", "adalimumab"], ndcs: ["00074-4339-02"], cpts: [] }, pages: [1], requirementCodes: ["PA"], policy: policy("HUMIRA (adalimumab)", ["HUMIRA", "adalimumab"], 1, [criterion("a1", "Diagnosis of rheumatoid arthritis", 1)]) },
    { label: "ENBREL (etanercept)", drugs: { names: ["ENBREL", "etanercept"], ndcs: [], cpts: [] }, pages: [2, 3], requirementCodes: ["PA", "QL"], policy: policy("ENBREL (etanercept)", ["ENBREL", "etanercept"], 2, [criterion("e1", "Trial of methotrexate", 2)]) },
  ],
};
const PAGES = [{ page: 1, text: "HUMIRA (adalimumab) Diagnosis of rheumatoid arthritis" }, { page: 2, text: "ENBREL (etanercept) Trial of methotrexate" }, { page: 3, text: "continued" }];

describe("sectionForCase", () => {
  it.each([
    [["Humira 40 mg pen"], "HUMIRA (adalimumab)"],
    [["etanercept 50 mg/mL"], "ENBREL (etanercept)"],
  ])("%j -> %s, never the other drug's", (drugNames, label) => {
    const chosen = sectionForCase(READING, { ndcs: [], drugNames }, "table.pdf");
    expect(chosen.label).toBe(label);
    expect(chosen.parsed.drugNames).toEqual(READING.sections.find((s) => s.label === label)!.drugs.names);
  });

  it("a drug the document has no section for is NoApplicablePolicy naming the drug and the document", () => {
    let error: unknown;
    try {
      sectionForCase(READING, { ndcs: [], drugNames: ["Dupixent 300 mg"] }, "table.pdf");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NoApplicablePolicy);
    expect((error as NoApplicablePolicy).message).toContain('"Dupixent 300 mg"');
    expect((error as NoApplicablePolicy).message).toContain("Specialty drug criteria");
    expect((error as NoApplicablePolicy).message).toContain("table.pdf");
  });

  it("a document with no section at all is NoApplicablePolicy too", () => {
    expect(() => sectionForCase({ ...READING, sections: [] }, { ndcs: [], drugNames: ["Humira"] }, "empty.pdf")).toThrow(/No drug's criteria could be read.*empty\.pdf.*"Humira"/);
  });

  it("a single section that names no drug is evaluated as before (unbound), a single bound section of another drug is not", () => {
    const unbound = { ...READING, sections: [{ ...READING.sections[0], drugs: { names: [], ndcs: [], cpts: [] } }] };
    expect(sectionForCase(unbound, { ndcs: [], drugNames: ["Dupixent"] }, "x").matchedBy).toBe("unbound");
    expect(() => sectionForCase({ ...READING, sections: [READING.sections[0]] }, { ndcs: [], drugNames: ["Dupixent"] }, "x")).toThrow(NoApplicablePolicy);
  });
});

describe("planSectionPolicies", () => {
  it("one policy per section, bound to the section's drugs and codes, with its own pages", () => {
    const plan = planSectionPolicies(READING, PAGES, {}, "the document table.pdf");
    expect(plan.map((p) => [p.title, p.drugNames, p.ndcCodes, p.sectionPages, p.pages.map((x) => x.page), p.requirementCodes])).toEqual([
      ["Specialty drug criteria: HUMIRA (adalimumab)", ["HUMIRA", "adalimumab"], ["00074433902"], [1], [1], ["PA"]],
      ["Specialty drug criteria: ENBREL (etanercept)", ["ENBREL", "etanercept"], [], [2, 3], [2, 3], ["PA", "QL"]],
    ]);
    expect(plan[1].parsed.sections[0].criteria).toMatchObject({ children: [{ id: "e1" }] });
  });

  it("refuses metadata that would bind every section to the same drugs", () => {
    expect(() => planSectionPolicies(READING, PAGES, { drug_names: ["Humira"] }, "the document")).toThrow(/2 drug sections/);
  });

  it("a reading without sections stores nothing (422)", () => {
    expect(() => planSectionPolicies({ ...READING, sections: [] }, PAGES, {}, "the document x.pdf")).toThrow(/No drug section could be read from the document x\.pdf/);
  });

  it("a single-drug policy keeps the admin's metadata and leaves mentioned codes as suggestions", () => {
    const single = { ...READING, family: "single_drug" as const, sections: [READING.sections[0]] };
    const [only] = planSectionPolicies(single, PAGES, { title: "My title" }, "d");
    expect([only.title, only.ndcCodes, only.pages.length]).toEqual(["My title", [], 3]);
  });
});

describe("withUnreadCriteriaStep", () => {
  it("an evaluation without steps becomes one manual step naming the drug and the document, never met", () => {
    const empty = { section: null, steps: [], summary: { overall: "met" as const, failedSteps: [], missingSteps: [], manualSteps: [] } };
    const result = withUnreadCriteriaStep(empty, READING.sections[1].policy, "Enbrel");
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({ outcome: "manual", passed: false });
    expect(result.steps[0].answer).toBe('No criteria could be read for Enbrel in "ENBREL (etanercept)"');
    expect(result.summary.overall).toBe("missing");
    expect(result.summary.manualSteps).toEqual([1]);
  });
});
