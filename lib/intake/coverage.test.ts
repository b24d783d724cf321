// Coverage read from forms (label words as data), the ePA payload and FHIR Coverage, and merged across sources.
import { describe, expect, it } from "vitest";
import { extractIntake } from "./extract-intake";
import { extractEpaFacts } from "./epa/extract-epa-facts";
import { extractFhirFacts } from "./fhir/extract-fhir-facts";
import { extractLabelledFacts } from "./text/extract-labelled-facts";
import { readLabelledFields } from "./text/read-labelled-fields";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const doc = (text: string): SourceDocument => ({ id: "form-1", name: "form.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] });
const coverageOf = (text: string) => {
  const d = doc(text);
  return extractLabelledFacts(d, d.pages.map((page) => ({ page, fields: readLabelledFields(page) }))).coverage ?? null;
};
const form = (...lines: string[]) => ["Patient Information", "Patient Name: Jane Roe", "DOB: 02/03/1980", ...lines].join("\n");

describe.each([
  ["Member ID: W123456789", { memberId: "W123456789" }],
  ["Member #: 0088-1234", { memberId: "0088-1234" }],
  ["Subscriber ID: SUB44120", { memberId: "SUB44120" }],
  ["Insurance ID: ZX90012", { memberId: "ZX90012" }],
  ["Medicaid ID: 123456789A", { memberId: "123456789A" }],
  ["ID #: 55501234", { memberId: "55501234" }],
  ["Member ID: W55 | Group #: GRP-0042", { memberId: "W55", group: "GRP-0042" }],
  ["Insurance: Blue Prairie Health | Member ID: BP100200", { payer: "Blue Prairie Health", memberId: "BP100200" }],
  ["Payer: Lakeside Medicaid | ID #: 7781", { payer: "Lakeside Medicaid", memberId: "7781" }],
  ["Health plan: Northwind Care | Plan: Gold PPO", { payer: "Northwind Care", plan: "Gold PPO" }],
  ["Member ID: QQ77120 | Plan: Silver HMO", { memberId: "QQ77120", plan: "Silver HMO" }],
  ["Plan name: Medicare Advantage Basic", { plan: "Medicare Advantage Basic" }],
])("coverage label %s", (line, expected) => {
  it("is read with its evidence", () => {
    const coverage = coverageOf(form(line));
    expect(coverage).toMatchObject(expected);
    for (const field of Object.keys(expected)) {
      const ev = coverage!.evidence.find((e) => e.field === field);
      expect(ev?.quote).toContain(expected[field as keyof typeof expected]);
    }
  });
});

describe("coverage: what is not coverage", () => {
  it.each([
    ["a note's Plan heading alone", "Assessment: seizures\nPlan: start cannabidiol 5 mg/kg/day"],
    ["a payer field answered N/A", "Insurance: N/A"],
    ["a group without an identifier", "Group: pediatric"],
  ])("%s gives no coverage", (_, text) => {
    expect(coverageOf(text)).toBeNull();
  });
});

describe("coverage from the ePA payload and FHIR", () => {
  it("reads the coverage object (and its aliases) and the patient's member ID", () => {
    const f = extractEpaFacts({ patient: { last_name: "Roe", member_id: "M-1" }, insurance: { payerName: "Acme Health", planName: "Bronze", groupNumber: "G77" } });
    expect(f.coverage).toMatchObject({ memberId: "M-1", payer: "Acme Health", plan: "Bronze", group: "G77" });
    expect(f.coverage!.evidence.map((e) => e.path)).toEqual(["patient.member_id", "coverage.payer", "coverage.plan", "coverage.group"]);
  });

  it("reads a Coverage resource: subscriberId, payor display or Organization name, plan and group classes", () => {
    const bundle = {
      resourceType: "Bundle",
      type: "collection",
      entry: [
        { fullUrl: "urn:uuid:p1", resource: { resourceType: "Patient", id: "p1", name: [{ family: "Roe", given: ["Jane"] }] } },
        { fullUrl: "urn:uuid:o1", resource: { resourceType: "Organization", id: "o1", name: "Prairie Mutual" } },
        {
          resource: {
            resourceType: "Coverage",
            status: "active",
            subscriberId: "PM-5521",
            beneficiary: { reference: "urn:uuid:p1" },
            payor: [{ reference: "urn:uuid:o1" }],
            class: [
              { type: { coding: [{ code: "group" }] }, value: "G-12" },
              { type: { coding: [{ code: "plan" }] }, value: "P9", name: "Prairie Choice" },
            ],
          },
        },
      ],
    };
    const f = extractFhirFacts({ id: "b1" }, bundle);
    expect(f.coverage).toMatchObject({ memberId: "PM-5521", payer: "Prairie Mutual", plan: "Prairie Choice", group: "G-12" });
    expect(f.patient?.memberId).toBe("PM-5521");
  });

  it("merges: the ePA payload's payer wins over a form's, the member ID is the patient's", () => {
    const facts = extractIntake([doc(form("Member ID: W123456789 | Insurance: Form Health", "Group #: 4400"))], {
      epaPayload: { patient: { last_name: "Roe", member_id: "W123456789" }, coverage: { payer: "Payload Health" } },
    });
    expect(facts.coverage).toMatchObject({ memberId: "W123456789", payer: "Payload Health", group: "4400", plan: null });
    expect(facts.patient?.memberId).toBe("W123456789");
    expect(new Set(facts.coverage!.evidence.filter((e) => e.field === "memberId").map((e) => e.documentId))).toEqual(new Set(["form-1", "epa_payload"]));
  });
});
