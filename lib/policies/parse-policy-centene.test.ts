import { describe, expect, it } from "vitest";
import { parsePolicy } from "./parse-policy";
import type { Check, CriteriaNode, ParsedPolicy } from "./types";
import { isVerbatim } from "./verbatim-quote";

// A Centene / Envolve clinical policy (the layout of hundreds of health-plan drug policies): roman parts (I. Initial
// Approval Criteria, II. Continued Therapy, III. coverage NOT authorized, IV. Appendices, V. Dosage and
// Administration), lettered indications whose logic is a parenthesis ("(must meet all)", "(a or b)", "(i and ii)"),
// " | " cell separators after some markers, an asterisk footnote inside a list, and approval durations.
const PAGES = [
  [
    "Clinical Policy: Asciminib (Scemblix)",
    "Reference Number: XYZ.SPA.100",
    "Effective Date: 03.01.22",
    "Last Review Date: 02.22 | Revision Log",
    "See Important Reminder at the end of this policy for important regulatory and legal information.",
    "Description",
    "Asciminib (Scemblix®) is a kinase inhibitor that binds the myristoyl pocket of ABL1.",
    "FDA Approved Indication(s)",
    "Scemblix is indicated for:",
    "• | Ph+ CML in chronic phase",
    "o | Adults previously treated with two or more tyrosine kinase inhibitors.",
    "Policy/Criteria",
    "Provider must submit documentation (such as office chart notes, lab results or other clinical information)",
    "supporting that member has met all approval criteria.",
    "It is the policy of health plans affiliated with Centene Corporation® that Scemblix is medically",
    "necessary when the following criteria are met:",
    "I. | Initial Approval Criteria",
    "A. Chronic Myeloid Leukemia (must meet all):",
    "1. Diagnosis of Philadelphia chromosome-positive chronic myeloid leukemia (Ph+ CML);",
    "2. Prescribed by or in consultation with an oncologist or hematologist;",
    "3. Age ≥ 18 years;",
    "4. Request is for (a or b):",
    "a. Disease in chronic phase previously treated with at least two tyrosine kinase inhibitors;",
    "b. Disease is positive for the T315I mutation (i and ii):",
    "i. | Mutation confirmed by a laboratory report;",
    "ii. Failure of at least one second-generation tyrosine kinase inhibitor (e.g., Sprycel®,",
    "Bosulif®), unless contraindicated or clinically significant adverse effects are experienced;",
    "*Prior authorization may be required for these agents",
    "5. Dose does not exceed 400 mg per day.",
    "Approval duration: 6 months",
    "B. Other diagnoses/indications",
    "1. Refer to XYZ.PA.01 if diagnosis is NOT specifically listed under section III",
    "(Diagnoses/Indications for which coverage is NOT authorized).",
    "II. Continued Therapy",
    "A. Chronic Myeloid Leukemia (must meet all):",
    "1. Currently receiving medication via a health plan affiliated with Centene Corporation,",
    "or documentation supports that member is currently receiving Scemblix for a covered",
    "indication;",
    "2. Member is responding positively to therapy;",
    "3. If request is for a dose increase, new dose does not exceed 400 mg per day.",
    "Approval duration: 12 months",
    "Page 1 of 2",
  ],
  [
    "CLINICAL POLICY",
    "Asciminib",
    "B. Other diagnoses/indications (must meet 1 or 2):",
    "1. Currently receiving medication via a health plan affiliated with Centene Corporation",
    "and documentation supports positive response to therapy.",
    "Approval duration: Duration of request or 6 months (whichever is less); or",
    "2. Refer to XYZ.PA.01 if diagnosis is NOT specifically listed under section III",
    "(Diagnoses/Indications for which coverage is NOT authorized).",
    "III. Diagnoses/Indications for which coverage is NOT authorized:",
    "A. Non-FDA approved indications, which are not addressed in this policy, unless there is sufficient",
    "documentation of efficacy and safety according to the off-label use policy.",
    "IV. Appendices/General Information",
    "Appendix A: Abbreviation/Acronym Key",
    "CML: chronic myeloid leukemia | TKI: tyrosine kinase inhibitor",
    "Appendix B: Therapeutic Alternatives",
    "Drug Name | Dosing Regimen | Dose Limit/",
    "Maximum Dose",
    "Sprycel® (dasatinib) | 100 mg PO QD | 180 mg/day",
    "V. Dosage and Administration",
    "Indication | Dosing Regimen | Maximum Dose",
    "Ph+ CML in | 80 mg PO once daily or | 400 mg/day",
    "chronic phase | 40 mg PO twice daily",
    " | Week 1: 20 mg/day",
    "T315I | 200 mg PO twice daily | 400 mg/day",
    "VI. Product Availability",
    "Tablets: 20 mg, 40 mg",
    "VII. References",
    "1. Scemblix Prescribing Information. East Hanover, NJ: Novartis; 2021.",
    "Page 2 of 2",
  ],
];

const pages = PAGES.map((lines, i) => ({ page: i + 1, text: lines.join("\n") }));
const leaves = (node: CriteriaNode): Extract<CriteriaNode, { kind: "criterion" }>[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));
const find = (node: CriteriaNode, id: string): CriteriaNode | null => (node.id === id ? node : node.kind === "group" ? node.children.map((c) => find(c, id)).find(Boolean) ?? null : null);
const checkOf = (node: CriteriaNode, id: string) => (find(node, id) as { check: Check }).check;

describe("parsePolicy on a Centene / Envolve clinical policy", () => {
  const policy: ParsedPolicy = parsePolicy(pages);
  const initial = policy.sections.find((s) => s.kind === "initial")!;
  const continuation = policy.sections.find((s) => s.kind === "continuation")!;

  it("reads each indication's initial and continued therapy, leaving out other diagnoses, exclusions and appendices", () => {
    expect(policy.payer).toBe("Centene");
    expect(policy.sections.map((s) => `${s.title} / ${s.kind} / ${s.approvalDuration}`)).toEqual([
      "Chronic Myeloid Leukemia / initial / 6 months",
      "Chronic Myeloid Leukemia / continuation / 12 months",
    ]);
    expect(initial.diagnosisHints.icd10Prefixes).toContain("C92.1");
    expect(JSON.stringify(policy.sections)).not.toMatch(/Refer to XYZ|Non-FDA approved|Abbreviation|Prior authorization may be required/);
  });

  it("takes the logic from the parentheses: (must meet all), (a or b), and a statement before (i and ii)", () => {
    const root = initial.criteria;
    expect(root).toMatchObject({ kind: "group", logic: "all" });
    expect(leaves(root).map((l) => l.id)).toEqual(["I.A.1", "I.A.2", "I.A.3", "I.A.4.a", "I.A.4.b.0", "I.A.4.b.i", "I.A.4.b.ii", "I.A.5"]);
    expect(find(root, "I.A.4")).toMatchObject({ kind: "group", logic: "any" });
    expect(find(root, "I.A.4.b")).toMatchObject({ kind: "group", logic: "all" });
    expect(find(root, "I.A.4.b.0")).toMatchObject({ text: "Disease is positive for the T315I mutation", check: { kind: "documentation" } });
    // The marker's cell separator is not part of the criterion; the footnote under ii is not either.
    expect(find(root, "I.A.4.b.i")).toMatchObject({ text: "Mutation confirmed by a laboratory report" });
    expect((find(root, "I.A.4.b.ii") as { text: string }).text).toMatch(/adverse effects are experienced$/);
  });

  it("classifies the criteria and reads the dose limit once", () => {
    const root = initial.criteria;
    expect(checkOf(root, "I.A.1")).toMatchObject({ kind: "diagnosis", icd10Prefixes: expect.arrayContaining(["C92.1"]) });
    expect(checkOf(root, "I.A.2")).toMatchObject({ kind: "prescriber_specialty", specialties: ["oncologist", "hematologist"], consultationAllowed: true });
    expect(checkOf(root, "I.A.3")).toMatchObject({ kind: "age", min: 18 });
    expect(checkOf(root, "I.A.4.a")).toMatchObject({ kind: "step_therapy", drugClasses: ["tyrosine_kinase_inhibitor"], count: 2 });
    expect(checkOf(root, "I.A.5")).toMatchObject({ kind: "dose_limit", value: 400, unit: "mg", perDays: 1 });
    expect(leaves(continuation.criteria).map((l) => l.check.kind)).toEqual(["diagnosis", "continuation", "continuation", "dose_limit"]);
    expect(leaves(continuation.criteria)[2].check).toMatchObject({ requirement: "response" });
    // The dosing table's maximum column only: not the regimen's doses, the alternatives' limits or the vial sizes.
    expect(policy.limits?.map((l) => l.check)).toEqual([expect.objectContaining({ kind: "dose_limit", value: 400, unit: "mg", perDays: 1 })]);
  });

  it("names the drug from a generic-first title, brand (generic), so the policy is selected by either name", () => {
    expect(policy.title).toBe("Clinical Policy: Asciminib (Scemblix)");
    expect(policy.drugNames).toEqual(["Scemblix (asciminib)"]);
  });

  it("quotes every criterion verbatim", () => {
    const all = [...policy.sections.flatMap((s) => leaves(s.criteria)), ...(policy.limits ?? [])];
    for (const c of all) expect(isVerbatim(pages, c.quote), c.quote.text).toBe(true);
    expect(policy.warnings).toEqual([]);
  });
});
