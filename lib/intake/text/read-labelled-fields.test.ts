import { describe, expect, it } from "vitest";
import { readLabelledFields } from "./read-labelled-fields";
import type { PageLayout } from "@/lib/documents/layout/page-layout";
import { extractLabelledFacts } from "./extract-labelled-facts";

/** A page as the PDF reader stores it: lines of " | "-separated cells, each cell with its [x0, x1]. */
function page(rows: [string, number][][]): { page: number; text: string; layout: PageLayout } {
  return {
    page: 1,
    text: rows.map((cells) => cells.map(([t]) => t).join(" | ")).join("\n"),
    layout: { width: 612, lines: rows.map((cells) => cells.map(([t, x]) => [x, x + t.length * 5] as [number, number])) },
  };
}

const values = (p: ReturnType<typeof page>) => readLabelledFields(p).hits.map((h) => `${h.role}.${h.kind}=${h.value}`);

describe("readLabelledFields: forms with the label above its box", () => {
  const form = page([
    [["PATIENT INFORMATION", 40]],
    [["Patient Name (Last, First)", 40], ["Date of Birth (MM/DD/YYYY)", 250], ["Gender", 430]],
    [["Rivera, Carmen", 42], ["11/02/1975", 252], ["F", 432]],
    [["Member ID", 40], ["Group #", 250]],
    [["XJH4412009", 42], ["RX8812", 252]],
    [["PRESCRIBER INFORMATION", 40]],
    [["Prescriber Name", 40], ["NPI", 250], ["DEA", 430]],
    [["Alan Grant, MD", 42], ["1245319599", 252], ["AG1234563", 432]],
    [["Phone", 40], ["Fax", 250], ["Specialty", 430]],
    [["(617) 555-0100", 42], ["617-555-0101", 252], ["Rheumatology", 432]],
  ]);

  it("takes each value from the row below, under its heading, never the next heading", () => {
    expect(values(form)).toEqual([
      "patient.name=Rivera, Carmen",
      "patient.dob=11/02/1975",
      "patient.sex=F",
      "patient.memberId=XJH4412009",
      "patient.group=RX8812",
      "prescriber.name=Alan Grant, MD",
      "prescriber.npi=1245319599",
      "prescriber.phone=(617) 555-0100",
      "prescriber.fax=617-555-0101",
      "prescriber.specialty=Rheumatology",
    ]);
  });

  it("pairs by cell index when a text page has no positions", () => {
    const text = { page: 1, text: "Prescriber Name | NPI | DEA\nAlan Grant, MD | 1245319599 | AG1234563" };
    expect(values(text as ReturnType<typeof page>)).toEqual(["prescriber.name=Alan Grant, MD", "prescriber.npi=1245319599"]);
  });

  it("builds the facts, with evidence quoting the page", () => {
    const doc = { id: "d", name: "form.pdf", contentType: "application/pdf", pages: [form] };
    const facts = extractLabelledFacts(doc, [{ page: form, fields: readLabelledFields(form) }], { referenceYear: 2025 });
    expect(facts.patient).toMatchObject({ given: ["Carmen"], family: "Rivera", birthDate: "1975-11-02", gender: "female", memberId: "XJH4412009" });
    expect(facts.practitioners[0]).toMatchObject({ given: ["Alan"], family: "Grant", npi: "1245319599", npiValid: true, specialty: "Rheumatology", phone: "617-555-0100", fax: "617-555-0101" });
    for (const e of [...(facts.patient?.evidence ?? []), ...facts.practitioners[0].evidence]) expect(form.text.slice(e.start, e.end)).toBe(e.quote);
  });

  it("keeps a label with a colon and its value on one line as before", () => {
    const inline = page([[["Member Name:", 40], ["Maxie Millionaire", 130], ["Provider Name: Dr. Lennox", 320]], [["NPI#: 1234567", 320]]]);
    expect(values(inline)).toEqual(["patient.name=Maxie Millionaire", "prescriber.name=Dr. Lennox", "prescriber.npi=1234567"]);
  });
});

describe("drugs tried, one per line", () => {
  it("reads each line's own outcome and dates", () => {
    const text = [
      "Previous medications tried (drug, dates, reason for discontinuation):",
      "Methotrexate 15 mg weekly, 01/2022 - 09/2022, inadequate response",
      "Sulfasalazine 1 g twice daily, 10/2022 - 12/2022, discontinued due to GI intolerance",
    ].join("\n");
    const p = { page: 1, text };
    const doc = { id: "d", name: "form.pdf", contentType: "application/pdf", pages: [p] };
    const facts = extractLabelledFacts(doc, [{ page: p, fields: readLabelledFields(p) }]);
    expect(facts.priorTreatments.map((t) => [t.drug, t.outcome, t.startDate, t.endDate])).toEqual([
      ["Methotrexate", "inadequate_response", "2022-01", "2022-09"],
      ["Sulfasalazine", "intolerant", "2022-10", "2022-12"],
    ]);
  });
});

describe.each([
  ["Drug and Strength", "Jardiance 10 mg tablet"],
  ["Medication Name and Strength", "Jardiance 10 mg tablet"],
  ["Drug/Strength", "Jardiance 10 mg tablet"],
])("readLabelledFields: the drug under a combined label '%s'", (label, value) => {
  it("is the medication's drug, not the NDC beside it", () => {
    const form = page([[[`${label}: ${value}`, 40], ["NDC: 00597-0152-30", 320]]]);
    expect(values(form)).toContain(`medication.drug=${value}`);
  });
});
