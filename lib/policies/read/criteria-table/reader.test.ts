import { beforeAll, describe, expect, it } from "vitest";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import { isVerbatim } from "@/lib/policies/verbatim-quote";
import { criteriaOf, readingFigures } from "../fixtures/figures";
import { criteriaTablePages, FICTIONAL_BANDED_PDL, FICTIONAL_CLASS_DRUG_TABLE, FICTIONAL_CRITERIA_TABLE, FICTIONAL_PDL_TABLE } from "../fixtures/criteria-table";
import { buildPdf } from "../fixtures/pdf-pages";
import { readPolicyDocument } from "../read-policy-document";
import type { DrugPolicySection, PolicyDocumentReading } from "../types";
import { criteriaTableReader } from "./reader";

let pages: PdfPage[];
let reading: PolicyDocumentReading;

beforeAll(async () => {
  pages = (await readPdf(await buildPdf(criteriaTablePages(FICTIONAL_CRITERIA_TABLE)))).pages;
  reading = readPolicyDocument(pages);
});

const row = (drug: string) => reading.sections.find((s) => s.drugs.names.includes(drug)) as DrugPolicySection;
const kinds = (s: DrugPolicySection) => criteriaOf(s.policy.sections[0].criteria).map((c) => c.check.kind);

describe("multi-drug criteria table (fictional, state Medicaid layout, landscape)", () => {
  it("is detected as a criteria table and read as one section per row", () => {
    expect(pages[0].layout?.width).toBe(792);
    expect(criteriaTableReader.detect(pages)).toBeGreaterThanOrEqual(0.6);
    expect(reading.family).toBe("criteria_table");
    expect(reading.sections).toHaveLength(5);
    expect(reading.effectiveDate).toBe("2027-01-01");
  });

  it("binds each row to the brand and generic names of its drug cell, a class row to each drug it lists", () => {
    expect(reading.sections.map((s) => s.drugs.names)).toEqual([
      ["Dupixent", "dupilumab"],
      ["Nucala", "mepolizumab"],
      ["Relpax", "eletriptan", "Frova", "frovatriptan"],
      ["Linzess", "linaclotide"],
      ["Korlym", "mifepristone"],
    ]);
    expect(row("Relpax").label).toBe("Triptans, non-preferred: Relpax (eletriptan), Frova (frovatriptan)");
  });

  it("reads bulleted criteria with AND into checks, the duration column and the quantity limit column", () => {
    const dupixent = row("Dupixent");
    expect(kinds(dupixent)).toEqual(["diagnosis", "age", "step_therapy", "prescriber_specialty"]);
    expect(dupixent.policy.sections[0].approvalDuration).toBe("6 months");
    expect(dupixent.policy.limits?.map((l) => l.check)).toEqual([{ kind: "quantity_limit", value: 2, unit: "syringe", perDays: 28 }]);
    expect(dupixent.requirementCodes).toEqual(["PA", "QL"]);
    expect(kinds(row("Nucala"))).toEqual(["diagnosis", "lab_threshold", "age"]);
    expect(kinds(row("Relpax"))).toEqual(["step_therapy", "concurrent_therapy_exclusion"]);
    expect(criteriaOf(row("Relpax").policy.sections[0].criteria)[0].check).toMatchObject({ drugClasses: ["triptan"], count: 2 });
  });

  it("follows a row over the page break (its continuation has an empty drug cell under the repeated header)", () => {
    const linzess = row("Linzess");
    expect(linzess.pages).toEqual([1, 2]);
    const criteria = linzess.policy.sections[0].criteria;
    expect(kinds(linzess)).toEqual(["diagnosis", "age", "step_therapy", "step_therapy", "manual"]);
    const any = criteria.kind === "group" ? criteria.children.find((c) => c.kind === "group") : undefined;
    expect(any).toMatchObject({ logic: "any", quote: { page: 2 } });
    expect(row("Korlym").pages).toEqual([2]);
  });

  it("keeps a cell it cannot classify as a manual step with its quote", () => {
    const korlym = criteriaOf(row("Korlym").policy.sections[0].criteria);
    expect(korlym).toHaveLength(1);
    expect(korlym[0]).toMatchObject({ check: { kind: "manual" }, rule: "criteria-table.criteria/manual.unread" });
    expect(korlym[0].quote.text).toMatch(/^Requests are reviewed case by case/);
  });

  it("quotes every criterion verbatim from its page and names its column and the rule that read it", () => {
    for (const s of reading.sections) {
      for (const c of [...s.policy.sections.flatMap((p) => criteriaOf(p.criteria)), ...(s.policy.limits ?? [])]) {
        expect(isVerbatim(pages, c.quote), `${s.label} ${c.id}: ${c.quote.text}`).toBe(true);
        expect(c.rule).toMatch(/^criteria-table\.[a-z-]+\/[a-z]+(?:\.[a-z0-9-]+)+$/);
      }
    }
    // Two steps of one kind read by different rules say so: the classifier's, and the column's "preferred" reading.
    const rules = (s: DrugPolicySection) => [...criteriaOf(s.policy.sections[0].criteria), ...(s.policy.limits ?? [])].map((c) => c.rule);
    expect(rules(row("Dupixent"))).toEqual([
      "criteria-table.criteria/diagnosis.named",
      "criteria-table.criteria/age.bounds",
      "criteria-table.criteria/step.tried-failed",
      "criteria-table.criteria/specialty.prescribed-by",
      "criteria-table.quantity/limit.quantity",
    ]);
    expect(rules(row("Relpax"))).toEqual(["criteria-table.criteria/step.tried-failed", "criteria-table.criteria/exclusion.not-in-combination", "criteria-table.quantity/limit.quantity"]);
    const figures = readingFigures(reading, pages);
    expect(figures.verbatimQuotes).toBe(figures.quotes);
    expect(figures.manual / figures.criteria).toBeLessThan(0.2);
  });
});

describe("preferred drug list with a criteria column (fictional, one row per class)", () => {
  let pdl: PolicyDocumentReading;
  let pdlPages: PdfPage[];
  beforeAll(async () => {
    pdlPages = (await readPdf(await buildPdf(criteriaTablePages(FICTIONAL_PDL_TABLE)))).pages;
    pdl = readPolicyDocument(pdlPages);
  });

  it("reads one section per class, bound to its non-preferred drugs (one a line), labelled by the class", () => {
    expect(pdl.family).toBe("criteria_table");
    expect(pdl.sections.map((s) => s.drugs.names)).toEqual([
      ["Relpax", "eletriptan", "Zomig", "zolmitriptan"],
      ["Nexium", "esomeprazole", "Dexilant", "dexlansoprazole"],
      ["Vyvanse", "lisdexamfetamine"],
    ]);
    expect(pdl.sections[0].label).toBe("Antimigraine Agents, Triptans: Relpax (eletriptan), Zomig (zolmitriptan)");
    expect(pdl.sections.some((s) => s.drugs.names.includes("sumatriptan"))).toBe(false);
  });

  it("reads 'two preferred triptans' as trials of the row's preferred drugs, not of any triptan", () => {
    const step = criteriaOf(pdl.sections[0].policy.sections[0].criteria).find((c) => c.check.kind === "step_therapy");
    expect(step?.check).toMatchObject({ drugs: ["sumatriptan", "rizatriptan"], drugClasses: [], count: 2 });
    expect(step?.rule).toBe("criteria-table.criteria/field.step-preferred");
    const ppi = criteriaOf(pdl.sections[1].policy.sections[0].criteria)[0];
    expect(ppi.check).toMatchObject({ drugs: ["omeprazole", "pantoprazole"], count: 2, minDurationDays: 30 });
    for (const s of pdl.sections) for (const c of criteriaOf(s.policy.sections[0].criteria)) expect(isVerbatim(pdlPages, c.quote)).toBe(true);
  });
});

describe("criteria table with a class column beside the drug column (fictional, bullets apart from their text)", () => {
  let table: PolicyDocumentReading;
  beforeAll(async () => {
    table = readPolicyDocument((await readPdf(await buildPdf(criteriaTablePages(FICTIONAL_CLASS_DRUG_TABLE)))).pages);
  });
  const of = (drug: string) => table.sections.find((s) => s.drugs.names.includes(drug)) as DrugPolicySection;

  it("reads one section per drug row, a wrapped class name and the long-acting form's own row apart", () => {
    expect(table.family).toBe("criteria_table");
    expect(table.sections.map((s) => s.label)).toEqual([
      "Cortisol Receptor Blocker: Korlym (mifepristone)",
      "Endocrine-Metabolic Analog: Sandostatin (octreotide)",
      "Endocrine-Metabolic Analog: Octreotide, Long-Acting Formulation (Sandostatin LAR)",
      "Glucocorticoid: Emflaza (deflazacort)",
    ]);
    expect(of("Sandostatin").drugs.names).toEqual(["Sandostatin", "octreotide"]);
  });

  it("reads the bullets as criteria, the periods as durations (the header's note where a row states none), renewals apart", () => {
    expect(criteriaOf(of("Korlym").policy.sections[0].criteria).map((c) => c.check.kind)).toEqual(["prescriber_specialty", "documentation"]);
    expect(of("Korlym").policy.sections[0].approvalDuration).toBe("Initial authorizations will be for 60 days");
    expect(of("Emflaza").policy.sections[0].approvalDuration).toBe("Authorization is for 365 days unless otherwise stated");
    const sandostatin = of("Sandostatin").policy.sections;
    expect(sandostatin.map((s) => [s.kind, s.approvalDuration])).toEqual([
      ["initial", "Initial authorizations will be up to 90 days"],
      ["continuation", "Authorization is for 365 days unless otherwise stated"],
    ]);
    expect(criteriaOf(sandostatin[1].criteria).map((c) => c.check.kind)).toEqual(["continuation"]);
  });
});

describe("preferred drug list with class bands (fictional, no class column)", () => {
  let banded: PolicyDocumentReading;
  beforeAll(async () => {
    banded = readPolicyDocument((await readPdf(await buildPdf(criteriaTablePages(FICTIONAL_BANDED_PDL)))).pages);
  });

  it("reads one section per band, labelled by it and bound to the non-preferred agents under it", () => {
    expect(banded.family).toBe("criteria_table");
    expect(banded.sections.map((s) => [s.policy.title, s.drugs.names])).toEqual([
      ["PROTON PUMP INHIBITORS (PPIs)", ["NEXIUM", "rabeprazole"]],
      ["SEDATIVE HYPNOTICS", ["BELSOMRA", "ramelteon"]],
    ]);
  });

  it("reads the trial and its exception as ANY, the approval period, and the quantity column", () => {
    const ppi = banded.sections[0].policy;
    expect(ppi.sections[0].approvalDuration).toBe("Approval duration 12 months.");
    const tree = ppi.sections[0].criteria;
    const any = tree.kind === "group" ? tree.children.find((c) => c.kind === "group" && c.logic === "any") : undefined;
    expect(any?.kind === "group" && any.children.map((c) => (c.kind === "criterion" ? c.rule : c.kind))).toEqual([
      "criteria-table.criteria/field.step-preferred",
      "criteria-table.criteria/field.trial-exception",
    ]);
    expect(ppi.limits?.map((l) => l.check.kind)).toEqual(["quantity_limit"]);
    expect(banded.sections[1].policy.sections[0].approvalDuration).toBe("Approval duration 6 months.");
  });
});
