import { beforeAll, describe, expect, it } from "vitest";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import type { Check } from "@/lib/policies/types";
import { isVerbatim } from "@/lib/policies/verbatim-quote";
import { criteriaOf, readingFigures } from "../fixtures/figures";
import { FICTIONAL_GROUP_BOOK, FICTIONAL_PART_D_BOOK, partDBookPages } from "../fixtures/part-d-book";
import { buildPdf } from "../fixtures/pdf-pages";
import { readPolicyDocument } from "../read-policy-document";
import type { DrugPolicySection, PolicyDocumentReading } from "../types";
import { partDCriteriaReader } from "./reader";

let pages: PdfPage[];
let reading: PolicyDocumentReading;

beforeAll(async () => {
  pages = (await readPdf(await buildPdf(partDBookPages(FICTIONAL_PART_D_BOOK)))).pages;
  reading = readPolicyDocument(pages);
});

const section = (label: string) => reading.sections.find((s) => s.label === label) as DrugPolicySection;
const kinds = (s: DrugPolicySection, phase: "initial" | "continuation" = "initial") => {
  const p = s.policy.sections.find((x) => x.kind === phase);
  return p ? criteriaOf(p.criteria).map((c) => c.check.kind) : [];
};
const checkOf = (s: DrugPolicySection, kind: Check["kind"]) => criteriaOf(s.policy.sections[0].criteria).find((c) => c.check.kind === kind);

describe("Part D criteria book (fictional, CMS template layout)", () => {
  it("is detected as a Part D book and read as one section per drug block", () => {
    expect(partDCriteriaReader.detect(pages)).toBeGreaterThanOrEqual(0.6);
    expect(reading.family).toBe("part_d_criteria");
    expect(reading.sections.map((s) => s.label)).toEqual(["ADALIMUMAB", "XOLAIR", "OZEMPIC"]);
    expect(reading.effectiveDate).toBe("2026-11-01");
  });

  it("binds each block to the drugs its products name, brand and generic as written", () => {
    expect(section("ADALIMUMAB").drugs.names).toEqual(expect.arrayContaining(["HUMIRA", "adalimumab-adaz", "ADALIMUMAB"]));
    expect(section("XOLAIR").drugs.names).toEqual(["XOLAIR", "omalizumab"]);
    expect(section("OZEMPIC").drugs.names).toEqual(["OZEMPIC"]);
    expect(section("XOLAIR").policy.drugNames).toEqual(section("XOLAIR").drugs.names);
  });

  it("keeps two blocks on one page apart and follows a block over the page break", () => {
    expect(section("ADALIMUMAB").pages).toEqual([1]);
    expect(section("XOLAIR").pages).toEqual([1]);
    expect(section("OZEMPIC").pages).toEqual([1, 2]);
    const last = criteriaOf(section("OZEMPIC").policy.sections[0].criteria).at(-1);
    expect(last).toMatchObject({ quote: { page: 2 }, check: { kind: "concurrent_therapy_exclusion" } });
  });

  it("reads each field by its heading: exclusion, diagnosis, step, age, prescriber, duration; N/A gives nothing", () => {
    const adalimumab = section("ADALIMUMAB");
    expect(kinds(adalimumab)).toEqual(["concurrent_therapy_exclusion", "diagnosis", "step_therapy", "age", "prescriber_specialty"]);
    expect(checkOf(adalimumab, "age")?.check).toEqual({ kind: "age", min: 18 });
    expect(checkOf(adalimumab, "step_therapy")?.check).toMatchObject({ drugs: ["methotrexate"], minDurationDays: 90 });
    expect(checkOf(adalimumab, "prescriber_specialty")?.check).toMatchObject({ specialties: ["rheumatologist"], consultationAllowed: true });
    expect(adalimumab.policy.sections[0].approvalDuration).toBe("12 months");
    expect(criteriaOf(adalimumab.policy.sections[0].criteria).some((c) => c.rule?.startsWith("part-d.other-criteria"))).toBe(false);
    expect(criteriaOf(adalimumab.policy.sections[0].criteria).some((c) => c.rule?.startsWith("part-d.covered-uses"))).toBe(false);
  });

  it("reads a heading that names the field alone ('6 years or older', 'Allergist, immunologist or pulmonologist')", () => {
    const xolair = section("XOLAIR");
    expect(checkOf(xolair, "age")?.check).toEqual({ kind: "age", min: 6 });
    expect(checkOf(xolair, "prescriber_specialty")?.check).toMatchObject({ specialties: ["allergist", "immunologist", "pulmonologist"] });
    expect(checkOf(xolair, "lab_threshold")?.check).toMatchObject({ comparator: ">=", value: 30 });
  });

  it("splits initial and renewal criteria and durations when the block states them", () => {
    const xolair = section("XOLAIR");
    expect(xolair.policy.sections.map((s) => [s.kind, s.approvalDuration])).toEqual([["initial", "6 months"], ["continuation", "12 months"]]);
    expect(kinds(xolair, "initial")).toEqual(["diagnosis", "lab_threshold", "age", "prescriber_specialty"]);
    expect(kinds(xolair, "continuation")).toEqual(["continuation", "age", "prescriber_specialty"]);
    expect(section("ADALIMUMAB").policy.sections.map((s) => s.kind)).toEqual(["initial"]);
  });

  it("keeps ONE-of lists and text it cannot classify (a manual step with its quote, never dropped)", () => {
    const ozempic = section("OZEMPIC").policy.sections[0].criteria;
    const rmi = ozempic.kind === "group" ? ozempic.children.find((c) => c.kind === "group" && c.children.some((x) => x.kind === "group")) : undefined;
    const any = rmi?.kind === "group" ? rmi.children.find((c) => c.kind === "group") : undefined;
    expect(any).toMatchObject({ logic: "any" });
    expect(checkOf(section("OZEMPIC"), "lab_threshold")?.check).toMatchObject({ comparator: ">=", value: 7, unit: "%" });
    expect(any?.kind === "group" && any.children.map((c) => (c.kind === "criterion" ? c.check.kind : c.kind))).toEqual(["step_therapy", "step_therapy"]);
    const exclusion = criteriaOf(ozempic).find((c) => c.rule === "part-d.exclusion-criteria/field.exclusion-finding");
    expect(exclusion?.text).toMatch(/^Exclusion \(must not apply\): Prescribed for weight loss alone/);
    expect(exclusion?.quote.text).toMatch(/^Prescribed for weight loss alone/);
  });

  it("quotes every criterion verbatim from its page and names its field and the rule that read it", () => {
    for (const s of reading.sections) {
      for (const c of s.policy.sections.flatMap((p) => criteriaOf(p.criteria))) {
        expect(isVerbatim(pages, c.quote), `${s.label} ${c.id}: ${c.quote.text}`).toBe(true);
        expect(c.rule).toMatch(/^part-d\.[a-z-]+\/[a-z]+(?:\.[a-z0-9-]+)+$/);
      }
    }
    // The classifier's rule where it read the words as they stand; the heading's reading where only the heading says what they are.
    const rulesOf = (label: string) => criteriaOf(section(label).policy.sections[0].criteria).map((c) => c.rule);
    expect(rulesOf("ADALIMUMAB")).toEqual([
      "part-d.exclusion-criteria/field.exclusion-drugs",
      "part-d.required-medical-information/diagnosis.named",
      "part-d.required-medical-information/step.tried-failed",
      "part-d.age-restrictions/age.bounds",
      "part-d.prescriber-restrictions/specialty.prescribed-by",
    ]);
    expect(rulesOf("XOLAIR")).toEqual([
      "part-d.required-medical-information/diagnosis.named",
      "part-d.required-medical-information/lab.threshold",
      "part-d.age-restrictions/field.age-heading",
      "part-d.prescriber-restrictions/field.prescriber-heading",
    ]);
    const figures = readingFigures(reading, pages);
    expect(figures.verbatimQuotes).toBe(figures.quotes);
    expect(figures.manual / figures.criteria).toBeLessThan(0.3);
  });
});

describe("Part D criteria book, 'Prior Authorization Group' layout", () => {
  let groupPages: PdfPage[];
  let group: PolicyDocumentReading;
  beforeAll(async () => {
    groupPages = (await readPdf(await buildPdf(partDBookPages(FICTIONAL_GROUP_BOOK)))).pages;
    group = readPolicyDocument(groupPages);
  });

  it("opens a block at each group, bound to its Drug Names", () => {
    expect(group.family).toBe("part_d_criteria");
    expect(group.sections.map((s) => [s.label, s.drugs.names])).toEqual([
      // the heading names a drug of the vocabulary (abiraterone), so the block is bound to it too
      ["ABIRATERONE", ["ABIRATERONE ACETATE", "ZYTIGA", "ABIRATERONE"]],
      ["ACTIMMUNE", ["ACTIMMUNE"]],
      ["ACITRETIN", ["ACITRETIN"]],
    ]);
  });

  it("reads '-' as nothing stated, the indication scope as no criterion, off-label uses as hints", () => {
    const abiraterone = group.sections[0].policy.sections[0];
    expect(criteriaOf(abiraterone.criteria).map((c) => c.check.kind)).toEqual(["diagnosis", "prescriber_specialty"]);
    expect(abiraterone.approvalDuration).toBe("Plan Year");
    expect(abiraterone.diagnosisHints.names).toEqual(expect.arrayContaining(["prostate cancer", "Node-positive non-metastatic prostate cancer"]));
    const acitretin = group.sections[2].policy.sections[0];
    expect(criteriaOf(acitretin.criteria).map((c) => [c.check.kind, c.text, c.rule])).toEqual([
      ["manual", "Exclusion (must not apply): Pregnancy", "part-d.exclusion-criteria/field.exclusion-finding"],
      ["diagnosis", "Diagnosis of severe psoriasis", "part-d.required-medical-information/diagnosis.named"],
      ["prescriber_specialty", "Dermatologist", "part-d.prescriber-restrictions/field.prescriber-heading"],
    ]);
    for (const s of group.sections) for (const c of criteriaOf(s.policy.sections[0].criteria)) expect(isVerbatim(groupPages, c.quote)).toBe(true);
  });
});

describe("Part D edge cases", () => {
  it("a block that states only its scope is one manual step (is the use an FDA-approved indication?), never no criteria", async () => {
    const pages = (await readPdf(await buildPdf(partDBookPages(FICTIONAL_GROUP_BOOK)))).pages;
    const actimmune = readPolicyDocument(pages).sections.find((s) => s.label === "ACTIMMUNE");
    const criteria = criteriaOf(actimmune?.policy.sections[0].criteria ?? { kind: "group", id: "x", logic: "all", text: null, quote: null, children: [] });
    expect(criteria.map((c) => [c.check.kind, c.quote.text, c.rule])).toEqual([["manual", "All FDA-approved Indications", "part-d.indications/field.scope-statement"]]);
    expect(actimmune?.policy.sections[0].approvalDuration).toBe("Plan Year");
  });

  it("drug names centred over the text column still open their blocks and stay out of the block above", async () => {
    const pages = (await readPdf(await buildPdf(partDBookPages({ ...FICTIONAL_PART_D_BOOK, centredTitles: true })))).pages;
    const centred = readPolicyDocument(pages);
    expect(centred.sections.map((s) => s.label)).toEqual(["ADALIMUMAB", "XOLAIR", "OZEMPIC"]);
    const adalimumab = centred.sections[0].policy.sections[0].criteria;
    expect(criteriaOf(adalimumab).some((c) => /XOLAIR/.test(c.text))).toBe(false);
  });
});
