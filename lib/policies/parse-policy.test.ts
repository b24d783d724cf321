import { describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { readPdf } from "@/lib/documents/read-pdf";
import { parsePolicy } from "./parse-policy";
import type { Check, CriteriaNode, ParsedPolicy, PolicySection, Quote } from "./types";
import { enforceVerbatimQuotes } from "./enforce-verbatim-quotes";
import { isVerbatim, repairQuote } from "./verbatim-quote";

// A three-page policy in another payer's style: roman indications, lettered phases, numbered criteria with a lettered
// ONE-of list inside, a dosing table, a references list, and a running header and footer on every page.
const PAGES: string[][] = [
  [
    "Drug Policy: Dupixent (dupilumab) Prior Authorization",
    "Effective Date: 03/01/2025",
    "Drugs: Dupixent (dupilumab subcutaneous injection)",
    "HCPCS code: J3590",
    "Background",
    "1. Dupilumab is an interleukin-4 receptor alpha antagonist approved in 2017 for adults.",
    "Coverage Criteria",
    "I. Atopic Dermatitis",
    "   A. Initial Approval",
    "      Dupixent may be approved when ALL of the following criteria are met:",
    "         1. Patient is 6 months of age or older; AND",
    "         2. Diagnosis of moderate-to-severe atopic dermatitis; AND",
    "         3. Prescribed by or in consultation with a dermatologist, allergist or",
    "            immunologist; AND",
    "         4. ONE of the following:",
    "            a. Inadequate response to at least 2 topical corticosteroids for at least",
    "               28 days; OR",
    "            b. Patient has a contraindication to topical calcineurin inhibitors; AND",
    "         5. Body surface area involvement of at least 10%; AND",
    "         6. Will not be used in combination with another biologic for atopic",
    "            dermatitis or a JAK inhibitor.",
    "      Approval duration: 6 months",
  ],
  [
    "   B. Continuation of Therapy",
    "      Dupixent may be approved when the following criterion is met:",
    "         1. Patient has a positive clinical response to therapy (e.g., reduced body surface area).",
    "      Approval duration: 12 months",
    "II. Eosinophilic Asthma",
    "   A. Initial Approval",
    "      Dupixent may be approved when ALL of the following criteria are met:",
    "         1. Patient is 12 years of age or older; AND",
    "         2. Blood eosinophil count of at least 150 cells/uL within the past 6 weeks; AND",
    "         3. Documentation of at least two asthma exacerbations in the past 12 months.",
    "      Approval duration: 12 months",
  ],
  [
    "Quantity Limits",
    "Drug                 Strength              Limit",
    "Dupixent             300 mg/2 mL           2 syringes per 28 days",
    "Dupixent             200 mg/1.14 mL        2 syringes per 28 days",
    "References",
    "1. Dupixent [package insert]. Tarrytown, NY: Regeneron; 2024.",
    "2. Simpson EL, et al. Two phase 3 trials of dupilumab. N Engl J Med. 2016.",
  ],
];

async function policyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  PAGES.forEach((lines, index) => {
    const page = doc.addPage([612, 792]);
    page.drawText("Humana Pharmacy Coverage Policy", { x: 40, y: 760, size: 8, font });
    let y = 720;
    for (const line of lines) {
      const indent = line.length - line.trimStart().length;
      // Table rows: cells far apart, as a real table's columns are.
      const cells = line.trim().split(/\s{3,}/);
      cells.forEach((cell, i) => page.drawText(cell, { x: 40 + indent * 4 + i * 160, y, size: 10, font }));
      y -= 16;
    }
    page.drawText(`Page ${index + 1} of ${PAGES.length}`, { x: 40, y: 30, size: 8, font });
    page.drawText("Humana Pharmacy Coverage Policy DP-0412", { x: 300, y: 30, size: 8, font });
  });
  return doc.save();
}

const leaves = (node: CriteriaNode): Extract<CriteriaNode, { kind: "criterion" }>[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));
const find = (node: CriteriaNode, id: string): CriteriaNode | null => (node.id === id ? node : node.kind === "group" ? node.children.map((c) => find(c, id)).find(Boolean) ?? null : null);
const quotes = (policy: ParsedPolicy): Quote[] => {
  const out: Quote[] = [];
  const walk = (n: CriteriaNode) => {
    if (n.quote) out.push(n.quote);
    if (n.kind === "group") n.children.forEach(walk);
  };
  policy.sections.forEach((s) => walk(s.criteria));
  for (const l of policy.limits ?? []) out.push(l.quote);
  return out;
};

describe("parsePolicy on a PDF", async () => {
  const { pages } = await readPdf(await policyPdf());
  const policy = parsePolicy(pages);
  const section = (title: RegExp, kind: PolicySection["kind"]) => policy.sections.find((s) => title.test(s.title) && s.kind === kind);

  it("reads the title, payer, date, covered drug and codes", () => {
    expect(policy.title).toMatch(/Dupixent \(dupilumab\) Prior Authorization/);
    expect(policy.payer).toBe("Humana");
    expect(policy.effectiveDate).toBe("2025-03-01");
    expect(policy.drugNames).toEqual(["Dupixent (dupilumab subcutaneous injection)"]);
    expect(policy.suggestedCodes.hcpcs).toEqual(["J3590"]);
  });

  it("finds each indication with its initial and continuation criteria", () => {
    expect(policy.sections.map((s) => `${s.title} / ${s.kind}`)).toEqual([
      "Atopic Dermatitis / initial",
      "Atopic Dermatitis / continuation",
      "Eosinophilic Asthma / initial",
    ]);
    const ad = section(/Atopic/, "initial")!;
    expect(ad.approvalDuration).toBe("6 months");
    expect(ad.diagnosisHints.icd10Prefixes).toContain("L20");
    expect(section(/Atopic/, "continuation")!.approvalDuration).toBe("12 months");
  });

  it("nests ALL and ONE-of lists with stable ids", () => {
    const root = section(/Atopic/, "initial")!.criteria;
    expect(root).toMatchObject({ kind: "group", logic: "all" });
    expect(leaves(root).map((l) => l.id)).toEqual(["I.A.1", "I.A.2", "I.A.3", "I.A.4.a", "I.A.4.b", "I.A.5", "I.A.6"]);
    expect(find(root, "I.A.4")).toMatchObject({ kind: "group", logic: "any", text: "ONE of the following:" });
    // Wrapped lines are one criterion; the connector is not part of its text.
    expect(find(root, "I.A.3")).toMatchObject({ text: "Prescribed by or in consultation with a dermatologist, allergist or immunologist" });
  });

  it("classifies each criterion's check", () => {
    const root = section(/Atopic/, "initial")!.criteria;
    const check = (id: string) => (find(root, id) as { check: Check }).check;
    expect(check("I.A.1")).toMatchObject({ kind: "age", min: 0.5 });
    expect(check("I.A.2")).toMatchObject({ kind: "diagnosis", icd10Prefixes: ["L20"] });
    expect(check("I.A.3")).toMatchObject({ kind: "prescriber_specialty", specialties: ["dermatologist", "allergist", "immunologist"], consultationAllowed: true });
    expect(check("I.A.4.a")).toMatchObject({ kind: "step_therapy", drugClasses: ["topical_corticosteroid"], count: 2, minDurationDays: 28, outcomes: ["failed"] });
    expect(check("I.A.4.b")).toMatchObject({ kind: "step_therapy", drugClasses: ["calcineurin_inhibitor"], outcomes: ["contraindicated"] });
    expect(check("I.A.5")).toMatchObject({ kind: "lab_threshold", comparator: ">=", value: 10, unit: "%" });
    expect(check("I.A.6")).toMatchObject({ kind: "concurrent_therapy_exclusion" });
    const asthma = section(/Asthma/, "initial")!.criteria;
    expect((find(asthma, "II.A.1") as { check: Check }).check).toMatchObject({ kind: "age", min: 12 });
    expect((find(asthma, "II.A.2") as { check: Check }).check).toMatchObject({ kind: "lab_threshold", comparator: ">=", value: 150 });
    expect((find(asthma, "II.A.3") as { check: Check }).check).toMatchObject({ kind: "documentation" });
    // The indication is a criterion of its own (its heading is the quote), then the continuation's requirement.
    expect(leaves(section(/Atopic/, "continuation")!.criteria).map((l) => l.check)).toEqual([
      expect.objectContaining({ kind: "diagnosis", icd10Prefixes: ["L20"] }),
      expect.objectContaining({ kind: "continuation", requirement: "response" }),
    ]);
  });

  it("reads the dosing table as limits that apply to every indication", () => {
    // Both strengths have the same limit: one requirement, one step.
    expect(policy.limits?.map((l) => l.check)).toEqual([expect.objectContaining({ kind: "quantity_limit", value: 2, unit: "syringe", perDays: 28, drug: "Dupixent" })]);
  });

  it("quotes every criterion verbatim from its page and never the header, footer, background or references", () => {
    const all = quotes(policy);
    expect(all.length).toBeGreaterThan(12);
    for (const q of all) expect(isVerbatim(pages, q), `${q.page}: ${q.text}`).toBe(true);
    expect(find(section(/Atopic/, "initial")!.criteria, "I.A.1")!.quote).toEqual({ page: 1, text: "Patient is 6 months of age or older; AND" });
    const text = JSON.stringify(policy.sections);
    expect(text).not.toMatch(/Page \d of 3|DP-0412|Regeneron|interleukin-4 receptor alpha/);
  });
});

describe("parsePolicy on plain text", () => {
  it("repairs or drops what is not verbatim, and classifies what it cannot check as manual", () => {
    const text = [
      "Coverage Criteria",
      "Examplumab is approved when the following criteria are met:",
      "1. The patient has a diagnosis of plaque psoriasis; AND",
      "2. The prescriber attests that the patient's condition is clinically appropriate for treatment.",
    ].join("\n");
    const policy = parsePolicy([{ page: 1, text }]);
    const root = policy.sections[0].criteria;
    expect(leaves(root).map((l) => l.check.kind)).toEqual(["diagnosis", "manual"]);
    for (const q of quotes(policy)) expect(isVerbatim([{ page: 1, text }], q)).toBe(true);
  });
});

describe("verbatim quotes are enforced", () => {
  const pages = [{ page: 1, text: "1. Patient is ≥ 1 year of age; AND\n2. Prescribed by or in | consultation with a neurologist." }, { page: 2, text: "Authorization will be issued for 12 months." }];
  const criterion = (id: string, quote: Quote) => ({ kind: "criterion" as const, id, text: quote.text, quote, check: { kind: "manual" as const } });

  it("keeps verbatim quotes, repairs near ones to the page's own words, drops the rest with a warning", () => {
    const policy: ParsedPolicy = {
      title: "t", payer: null, effectiveDate: null, drugNames: [], suggestedCodes: { ndc: [], cpt: [], hcpcs: [] }, warnings: [],
      sections: [{
        id: "s", title: "s", kind: "general", diagnosisHints: { names: [], icd10Prefixes: [] }, approvalDuration: null,
        criteria: {
          kind: "group", id: "s", logic: "all", text: null, quote: { page: 1, text: "not on the page at all" },
          children: [
            criterion("a", { page: 1, text: "Patient is ≥ 1   year of age;" }),
            // Column separators of the reader are the page's own characters: the repaired quote keeps them.
            criterion("b", { page: 1, text: "Prescribed by or in consultation with a neurologist." }),
            // Stated on the wrong page: found on its own page.
            criterion("c", { page: 1, text: "Authorization will be issued for 12 months." }),
            // A word changed: the longest verbatim run of its words.
            criterion("d", { page: 1, text: "Patient is ≥ 1 year of age; OR something else" }),
            criterion("e", { page: 2, text: "Completely invented sentence here" }),
          ],
        },
      }],
    };
    const out = enforceVerbatimQuotes(policy, pages);
    const root = out.sections[0].criteria as Extract<CriteriaNode, { kind: "group" }>;
    expect(root.quote).toBeNull();
    expect(root.children.map((c) => [c.id, c.quote])).toEqual([
      ["a", { page: 1, text: "Patient is ≥ 1 year of age;" }],
      ["b", { page: 1, text: "Prescribed by or in | consultation with a neurologist." }],
      ["c", { page: 2, text: "Authorization will be issued for 12 months." }],
      ["d", { page: 1, text: "Patient is ≥ 1 year of age;" }],
    ]);
    expect(out.warnings).toEqual(["Criterion e dropped: its quote is not on page 2."]);
    for (const c of root.children) expect(isVerbatim(pages, c.quote!)).toBe(true);
    expect(repairQuote(pages, { page: 1, text: "nothing like it" })).toBeNull();
  });
});

describe("parsePolicy on other payers' layouts", () => {
  const parse = (lines: string[]) => parsePolicy([{ page: 1, text: lines.join("\n") }]);
  const shape = (policy: ParsedPolicy) => policy.sections.map((s) => ({ title: s.title, kind: s.kind, leaves: leaves(s.criteria).map((l) => l.check.kind) }));

  it("roman criteria under 'Initial requests' / 'Continuation requests', exclusions left out, a quantity table", () => {
    const policy = parse([
      "Clinical Criteria: CC-0123",
      "Epidiolex (cannabidiol)",
      "Effective Date: 07/01/2024",
      "Clinical criteria",
      "Initial requests",
      "Epidiolex (cannabidiol) may be approved if the following criteria are met:",
      "I. Individual is 1 year of age or older; AND",
      "II. Individual has a diagnosis of one of the following:",
      "A. Lennox-Gastaut syndrome; OR",
      "B. Dravet syndrome;",
      "AND",
      "III. Individual has had a trial and inadequate response or intolerance to at least two antiepileptic drugs.",
      "Continuation requests",
      "Epidiolex (cannabidiol) may be continued if the following criteria are met:",
      "I. Individual has experienced a reduction in seizure frequency from baseline.",
      "Requests for Epidiolex (cannabidiol) may not be approved for the following:",
      "I. Use in combination with another cannabidiol product.",
      "Quantity Limits",
      "Drug | Limit",
      "Epidiolex (cannabidiol) 100 mg/mL oral solution | 5 bottles per 30 days",
    ]);
    expect(policy).toMatchObject({ title: "Epidiolex (cannabidiol)", effectiveDate: "2024-07-01", drugNames: ["Epidiolex (cannabidiol)"] });
    expect(shape(policy)).toEqual([
      { title: "Epidiolex (cannabidiol)", kind: "initial", leaves: ["age", "diagnosis", "diagnosis", "step_therapy"] },
      { title: "Epidiolex (cannabidiol)", kind: "continuation", leaves: ["continuation"] },
    ]);
    expect(policy.sections[0].diagnosisHints.icd10Prefixes).toEqual(expect.arrayContaining(["G40.81"]));
    expect(policy.limits?.map((l) => l.check)).toEqual([expect.objectContaining({ kind: "quantity_limit", value: 5, perDays: 30 })]);
  });

  it("indications as paragraphs under 'Criteria for Initial Approval', the age of the approval sentence a criterion", () => {
    const policy = parse([
      "Aetna Specialty Pharmacy Clinical Policy Bulletin",
      "Subject: Epidiolex",
      "Criteria for Initial Approval",
      "A. Lennox-Gastaut syndrome (LGS)",
      "Authorization of 12 months may be granted for treatment of seizures associated with LGS in members 1 year of age and older when all of the following criteria are met:",
      "1. The member has tried and had an inadequate response to at least two other antiseizure medications.",
      "B. Dravet syndrome (DS)",
      "Authorization of 12 months may be granted for treatment of seizures associated with Dravet syndrome in members 1 year of age and older.",
      "Continuation of Therapy",
      "Authorization of 12 months may be granted for all members who are experiencing benefit from therapy as evidenced by a reduction in seizure frequency.",
    ]);
    expect(policy.payer).toBe("Aetna");
    expect(shape(policy)).toEqual([
      { title: "Lennox-Gastaut syndrome (LGS)", kind: "initial", leaves: ["diagnosis", "age", "step_therapy"] },
      { title: "Dravet syndrome (DS)", kind: "initial", leaves: ["diagnosis", "age"] },
      { title: "Epidiolex", kind: "continuation", leaves: ["continuation"] },
    ]);
    expect(policy.sections.map((s) => s.approvalDuration)).toEqual(["12 months", "12 months", "12 months"]);
  });

  it("'X AND ALL of the following' keeps X as a criterion; renewal and length of approval", () => {
    const policy = parse([
      "Blue Cross and Blue Shield of Texas",
      "Target Agent(s): Dupixent (dupilumab)",
      "Initial Evaluation",
      "Target Agent(s) will be approved when ALL of the following are met:",
      "1. ONE of the following:",
      "A. The patient has a diagnosis of moderate-to-severe atopic dermatitis AND ALL of the following:",
      "1. The patient is 6 months of age or over AND",
      "2. The patient has tried and failed a medium potency or higher topical corticosteroid for at least 4 weeks",
      "OR",
      "B. The patient has a diagnosis of eosinophilic asthma AND BOTH of the following:",
      "1. The patient has a baseline blood eosinophil count of at least 150 cells/uL AND",
      "2. The patient is 12 years of age or over",
      "AND",
      "2. The patient will NOT be using the target agent in combination with another immunomodulatory agent (e.g., Xolair, Nucala)",
      "Length of Approval: 12 months",
      "Renewal Evaluation",
      "Target Agent(s) will be approved when BOTH of the following are met:",
      "1. The patient has been previously approved for the target agent through the plan's Prior Authorization process AND",
      "2. The patient has had clinical benefit with the target agent",
      "Length of Approval: 12 months",
    ]);
    expect(policy.payer).toBe("Blue Cross and Blue Shield of Texas");
    expect(shape(policy)).toEqual([
      { title: "Dupixent (dupilumab)", kind: "initial", leaves: ["diagnosis", "age", "step_therapy", "diagnosis", "lab_threshold", "age", "concurrent_therapy_exclusion"] },
      { title: "Dupixent (dupilumab)", kind: "continuation", leaves: ["continuation", "continuation"] },
    ]);
    const any = (policy.sections[0].criteria as Extract<CriteriaNode, { kind: "group" }>).children[0];
    expect(any).toMatchObject({ kind: "group", logic: "any", id: "initial.1" });
    expect(policy.sections[0].approvalDuration).toBe("12 months");
    expect(leaves(policy.sections[0].criteria)[2].check).toMatchObject({ drugClasses: ["topical_corticosteroid"], minDurationDays: 28, outcomes: ["tried", "failed"] });
  });
});
