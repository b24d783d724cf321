// The three real formularies of the corpus (policy-families/): each labelled drug has its own section with the
// criterion its label names, quotes verbatim; 203's limits column has no usable text map, so its rows are bound by
// name and flagged unreadable, never guessed. Figures (sections, drugs bound, criteria, verbatim quotes, ms) are printed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { isInClass } from "@/lib/lexicon/drug-classes";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import { allQuotes } from "../../enforce-verbatim-quotes";
import type { Check, CriterionNode } from "../../types";
import { isVerbatim } from "../../verbatim-quote";
import { readPolicyDocument } from "../read-policy-document";
import type { DrugPolicySection, PolicyDocumentReading } from "../types";
import { formularyReader } from "./reader";

const DIR = path.resolve(import.meta.dirname, "../../../../../shared/corpus/policy-families");
const exists = existsSync(path.join(DIR, "labels.json"));

const read = new Map<string, { pages: PdfPage[]; reading: PolicyDocumentReading; ms: number }>();
const figures = new Map<string, Record<string, number>>();
const GOLDEN = JSON.parse(readFileSync(path.join(import.meta.dirname, "corpus-figures.json"), "utf8")) as Record<string, Record<string, number>>;

const criteriaOf = (s: DrugPolicySection): CriterionNode[] => {
  const root = s.policy.sections[0]?.criteria;
  return root && root.kind === "group" ? (root.children.filter((c) => c.kind === "criterion") as CriterionNode[]) : [];
};
const sectionsFor = (reading: PolicyDocumentReading, generic: string, written: RegExp) =>
  reading.sections.filter((s) => s.drugs.names.some((n) => n.toLowerCase() === generic) && written.test(s.label));
const checksOf = (s: DrugPolicySection, kind: Check["kind"]) => criteriaOf(s).filter((c) => c.check.kind === kind);

describe.skipIf(!exists)("policy-families corpus (formularies)", () => {
  beforeAll(async () => {
    for (const n of ["201", "202", "203"]) {
      const pdf = await readPdf(readFileSync(path.join(DIR, "policies", `${n}.pdf`)));
      const t0 = performance.now();
      const reading = readPolicyDocument(pdf.pages);
      const ms = Math.round(performance.now() - t0);
      read.set(n, { pages: pdf.pages, reading, ms });
      const criteria = reading.sections.flatMap(criteriaOf);
      const quotes = reading.sections.flatMap((s) => allQuotes(s.policy));
      const verbatim = quotes.filter((q) => isVerbatim(pdf.pages, q)).length;
      const bound = reading.sections.filter((s) => s.drugs.names.length).length;
      const kinds = Object.entries(criteria.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c.check.kind]: (acc[c.check.kind] ?? 0) + 1 }), {})).map(([k, v]) => `${k} ${v}`).join(", ");
      figures.set(n, { sections: reading.sections.length, boundToDrugs: bound, criteria: criteria.length, readCriteria: criteria.filter((c) => c.check.kind !== "manual").length, quotesVerbatimShare: quotes.length ? verbatim / quotes.length : 0 });
      console.log(`${n}.pdf: ${pdf.pages.length} pages, family ${reading.family}, ${reading.sections.length} sections, ${bound} bound to drugs, ${criteria.length} criteria (${kinds}), quotes verbatim ${verbatim}/${quotes.length}, read in ${ms} ms`);
    }
  }, 120_000);

  it("reads each as a formulary with every quote verbatim", () => {
    for (const [n, { pages, reading }] of read) {
      expect(reading.family, n).toBe("formulary");
      const quotes = reading.sections.flatMap((s) => allQuotes(s.policy));
      expect(quotes.length, n).toBeGreaterThan(0);
      expect(quotes.filter((q) => !isVerbatim(pages, q)), n).toEqual([]);
      for (const s of reading.sections) for (const c of criteriaOf(s)) expect(c.rule, `${n} ${s.label}`).toBeTruthy();
    }
  });

  it.each(["201", "202", "203"])("%s.pdf keeps its recorded figures (corpus-figures.json)", (n) => {
    const actual = figures.get(n)!;
    for (const [name, floor] of Object.entries(GOLDEN[n])) expect(actual[name], `${n} ${name}`).toBeGreaterThanOrEqual(floor);
  });

  it("reads 288 pages fast", () => {
    expect(read.get("202")!.ms).toBeLessThan(8000);
  });

  it("201 sitagliptin (JANUVIA): ST 'Prior use of Metformin within the last 90 days.' and QL a daily dose of 1", () => {
    const [januvia, ...others] = sectionsFor(read.get("201")!.reading, "sitagliptin", /JANUVIA/);
    expect(others).toEqual([]);
    expect(januvia.drugs.names).toEqual(expect.arrayContaining(["sitagliptin", "JANUVIA"]));
    expect(januvia.requirementCodes).toEqual(["QL", "ST"]);
    const [st] = checksOf(januvia, "step_therapy");
    expect(st.quote).toEqual({ page: 9, text: "Prior use of Metformin within the last 90 days." });
    expect(st.check).toMatchObject({ kind: "step_therapy", drugs: ["Metformin"], withinDays: 90 });
    const [ql] = checksOf(januvia, "quantity_limit");
    expect(ql.check).toEqual({ kind: "quantity_limit", value: 1, unit: "units", perDays: 1 });
    expect(ql.quote.page).toBe(7);
    expect(ql.quote.text).toContain("Limited to a Daily Dose of 1");
    expect(checksOf(januvia, "manual")).toEqual([]);
  });

  it("201 montelukast (SINGULAIR): AL 'Covered for Patients Up to Age 18'", () => {
    const [singulair, ...others] = sectionsFor(read.get("201")!.reading, "montelukast", /SINGULAIR/);
    expect(others).toEqual([]);
    expect(singulair.requirementCodes).toEqual(["AL"]);
    const ages = checksOf(singulair, "age");
    expect(ages.map((c) => c.check)).toEqual([{ kind: "age", max: 18 }]);
    expect(ages[0].quote.text).toContain("Covered for Patients Up to Age 18");
    expect(ages[0].notes?.[0].quote.text).toBe("AL | Age Limitation");
  });

  it("201 a class-wide list entry ('All Generic ACE Inhibitors') applies to the rows under that heading", () => {
    const [lisinopril] = sectionsFor(read.get("201")!.reading, "lisinopril", /ZESTRIL/);
    expect(criteriaOf(lisinopril).map((c) => [c.check, c.quote.text])).toEqual([
      [{ kind: "quantity_limit", value: 30, unit: "tabs", perDays: 30 }, expect.stringMatching(/^All Generic ACE Inhibitors \| Limited to 30 tabs per 30 Days/)],
    ]);
  });

  it("202 rosuvastatin (CRESTOR 20 mg): inline ST, a 30-day supply of a generic antihyperlipidemic within 90 days", () => {
    const [crestor, ...others] = sectionsFor(read.get("202")!.reading, "rosuvastatin", /CRESTOR \(rosuvastatin calcium 20 mg/);
    expect(others).toEqual([]);
    expect(crestor.drugs.names).toEqual(expect.arrayContaining(["CRESTOR", "rosuvastatin"]));
    expect(crestor.pages).toEqual([60]);
    const [st, ...more] = checksOf(crestor, "step_therapy");
    expect(more).toEqual([]);
    expect(st.quote.text).toMatch(/^ST - Claims for formulary Brand .*a paid claim for a 30-day supply of a formulary Generic Antihyperlipidemic such as Simvastatin within the past 90 days\.$/);
    expect(st.check).toMatchObject({ kind: "step_therapy", drugs: [], drugClasses: ["antihyperlipidemic"], examples: ["Simvastatin"], withinDays: 90, minSupplyDays: 30, count: 1 });
    expect(isInClass("simvastatin", "antihyperlipidemic")).toBe(true);
    expect(st.rule).toBe("st.step-within-last-n-days");
  });

  it("202 sumatriptan 50 mg: 'QL - 9 for 30 days supply'", () => {
    const [suma, ...others] = sectionsFor(read.get("202")!.reading, "sumatriptan", /^sumatriptan 50 mg oral tablet$/);
    expect(others).toEqual([]);
    expect(criteriaOf(suma).map((c) => [c.check, c.quote])).toEqual([[{ kind: "quantity_limit", value: 9, unit: "units", perDays: 30 }, { page: 107, text: "QL - 9 for 30 days supply" }]]);
  });

  it("202 two requirements stacked in one cell (QL, then a bulleted ST line) are two criteria; an ST counting consecutive fills is left to a person", () => {
    const [chantix] = sectionsFor(read.get("202")!.reading, "varenicline", /^CHANTIX \(varenicline 1 mg oral tablet\)$/);
    expect(chantix.requirementCodes).toEqual(["QL", "ST"]);
    expect(criteriaOf(chantix).map((c) => c.check)).toEqual([{ kind: "quantity_limit", value: 180, unit: "units", perDays: 90 }, { kind: "manual" }]);
  });

  it("202 step therapy by class: CELEBREX needs two distinct NSAIDs in 180 days; EXFORGE HCT a Tier 1 ACEI or ARB in 120 days", () => {
    const reading = read.get("202")!.reading;
    const [celebrex] = sectionsFor(reading, "celecoxib", /^CELEBREX \(celecoxib 200 mg oral capsule\)$/);
    expect(checksOf(celebrex, "step_therapy").map((c) => c.check)).toEqual([expect.objectContaining({ drugs: [], drugClasses: ["nsaid"], count: 2, withinDays: 180, minSupplyDays: 30 })]);
    const [exforge] = reading.sections.filter((s) => /^EXFORGE HCT 10\/160\/25 /.test(s.label));
    expect(checksOf(exforge, "step_therapy").map((c) => c.check)).toEqual([expect.objectContaining({ drugs: [], drugClasses: ["ace_inhibitor", "arb"], count: 1, withinDays: 120 })]);
    // What stays with a person: fills counted as consecutive, or a drug named with its route.
    const manualSteps = reading.sections.flatMap(criteriaOf).filter((c) => c.check.kind === "manual" && /^Step therapy/.test(c.text));
    for (const c of manualSteps) expect(c.text).toMatch(/consecutive fills|Protonix IV/);
  });

  it("202 'PA - B vs. D' is a manual criterion quoting the code and the footer legend", () => {
    const rows = read.get("202")!.reading.sections.filter((s) => criteriaOf(s).some((c) => c.quote.text === "PA - B vs. D"));
    expect(rows.length).toBeGreaterThan(100);
    for (const s of rows.slice(0, 20)) {
      const [c] = criteriaOf(s);
      expect(c.check).toEqual({ kind: "manual" });
      expect(c.notes?.[0].quote.text).toBe("PA: Prior Authorization is required");
    }
  });

  it("203 ondansetron 8 mg and zolpidem 10 mg: bound by name, limits flagged unreadable (text layer is symbols)", () => {
    const reading = read.get("203")!.reading;
    for (const [generic, label] of [["ondansetron", /^ondansetron hcl tab 8 mg$/], ["zolpidem", /^zolpidem tartrate tab 10 mg$/]] as const) {
      const [section, ...others] = sectionsFor(reading, generic, label);
      expect(others).toEqual([]);
      expect(criteriaOf(section).map((c) => [c.check.kind, c.rule])).toEqual([["manual", "formulary.unreadable-requirements"]]);
    }
    expect(reading.warnings.join(" ")).toMatch(/could not be read from the text layer/);
  });

  it.each(["002.pdf", "005.pdf"])("a single-drug policy of the corpus (%s) is no formulary", async (file) => {
    const pages = (await readPdf(readFileSync(path.join(DIR, "../policy-cases/policies", file)))).pages;
    expect(formularyReader.detect(pages)).toBeLessThan(0.5);
  });

  it("the repeated footer legend is no criterion of any drug", () => {
    for (const [n, { reading }] of read) {
      for (const s of reading.sections) for (const c of criteriaOf(s)) expect(c.quote.text, `${n} ${s.label}`).not.toMatch(/Step Therapy is required|Quantity Limits apply/);
    }
  });
});
