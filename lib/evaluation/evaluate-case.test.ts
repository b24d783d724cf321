import { beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "@/lib/documents/read-pdf";
import { readPolicyDocument } from "@/lib/policies/read/read-policy-document";
import type { PolicyDocumentReading } from "@/lib/policies/read/types";
import { evaluateCase, type EvaluationCase } from "./evaluate-case";
import { evaluationFixtures } from "./fixtures/single-drug.eval-fixture";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const fixture = evaluationFixtures[0];
let reading: PolicyDocumentReading;
const documents = new Map<string, SourceDocument[]>();

beforeAll(async () => {
  reading = readPolicyDocument((await readPdf(await fixture.policy())).pages);
  for (const c of fixture.cases) {
    const pdfs = await c.documents();
    documents.set(c.name, await Promise.all(pdfs.map(async (bytes, i) => ({ id: `${i + 1}.pdf`, name: `${i + 1}.pdf`, contentType: "application/pdf", pages: (await readPdf(bytes)).pages }))));
  }
}, 60_000);

const testCase = (name: string, over: Partial<EvaluationCase> = {}): EvaluationCase => {
  const c = fixture.cases.find((x) => x.name === name)!;
  return { key: name, group: "fixtures/single_drug", family: "single_drug", expected: c.expected, drug: c.drug, asOf: c.asOf, decidingCriterion: c.decidingCriterion ?? null, label: c.label ?? {}, ...over };
};

// dupixent_a is a case the engines approve (fixtures/single_drug in golden.json holds it): the tests below change its
// label to see how the evaluation counts an approval on another drug or of a deny case.
describe("evaluateCase", () => {
  it("agrees on an approve case approved on its drug's section and its deciding step met", () => {
    const o = evaluateCase({ testCase: testCase("dupixent_a"), reading, documents: documents.get("dupixent_a")! });
    expect(o).toMatchObject({ sectionFound: true, status: "approved", criterionAgrees: true, determinationAgrees: true, falseApproval: false });
    expect(o.decidingSteps).toBe(1);
  });

  it("counts an approval as false when the label's drug is not the section's, and never as agreement", () => {
    const o = evaluateCase({ testCase: testCase("dupixent_a", { drug: "Ozempic (semaglutide)" }), reading, documents: documents.get("dupixent_a")! });
    expect(o).toMatchObject({ sectionFound: false, status: "approved", criterionAgrees: false, determinationAgrees: false, falseApproval: true });
  });

  it("counts an approved deny case as a false approval", () => {
    const o = evaluateCase({ testCase: testCase("dupixent_a", { expected: "denied" }), reading, documents: documents.get("dupixent_a")! });
    expect(o).toMatchObject({ status: "approved", determinationAgrees: false, falseApproval: true });
  });

  it("does not agree on a deny case that is not approved unless its deciding step is not met", () => {
    const o = evaluateCase({ testCase: testCase("dupixent_b"), reading, documents: documents.get("dupixent_b")! });
    expect(o.status).not.toBe("approved");
    expect(o.falseApproval).toBe(false);
    const decidingNotMet = o.stepLines.some((l) => /\[not_met\].*topical corticosteroid/i.test(l));
    expect(o.determinationAgrees).toBe(decidingNotMet);
  });

  it("evaluates nothing when no section is bound to the case's drug (the service answers 422)", () => {
    const other: PolicyDocumentReading = { ...reading, sections: reading.sections.map((s) => ({ ...s, drugs: { names: ["Ozempic (semaglutide)"], ndcs: [], cpts: [] } })) };
    const o = evaluateCase({ testCase: testCase("dupixent_a"), reading: other, documents: documents.get("dupixent_a")! });
    expect(o).toMatchObject({ section: null, status: null, sectionFound: false, determinationAgrees: false, falseApproval: false });
  });

  it("agrees on a drug labelled not in the document only when no section is chosen for it", () => {
    const other: PolicyDocumentReading = { ...reading, sections: reading.sections.map((s) => ({ ...s, drugs: { names: ["Ozempic (semaglutide)"], ndcs: [], cpts: [] } })) };
    const none = evaluateCase({ testCase: testCase("dupixent_a", { expected: "denied", inDocument: false }), reading: other, documents: documents.get("dupixent_a")! });
    expect(none).toMatchObject({ section: null, sectionFound: true, criterionAgrees: true, determinationAgrees: true, falseApproval: false });
    // The document does hold the drug's section: choosing it disagrees, and approving on it is a false approval.
    const found = evaluateCase({ testCase: testCase("dupixent_a", { expected: "denied", inDocument: false }), reading, documents: documents.get("dupixent_a")! });
    expect(found).toMatchObject({ sectionFound: false, status: "approved", determinationAgrees: false, falseApproval: true });
  });

  it("never agrees on a request for information the engine approved (its approval is false)", () => {
    // The agreeing path (the deciding step missing, the engine asking) is held by the fixtures' request-for-information
    // cases in golden.json (formulary xeljanz, criteria table edarbi_one_preferred).
    const o = evaluateCase({ testCase: testCase("dupixent_a", { expected: "request_for_information" }), reading, documents: documents.get("dupixent_a")! });
    expect(o).toMatchObject({ status: "approved", criterionAgrees: false, determinationAgrees: false, falseApproval: true });
  });
});
