import { describe, expect, it } from "vitest";
import { extractIntake } from "./extract-intake";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { correctRecognisedDrugName } from "./recognised-facts";

/** A request form faxed as an image (its one page recognised) and a clinic note with a text layer. */
const faxedForm = (drugLine: string, dob = "04/02/1961"): SourceDocument => ({
  id: "form",
  name: "form.pdf",
  contentType: "application/pdf",
  pages: [{ page: 1, source: "ocr", text: `PRIOR AUTHORIZATION REQUEST\nPatient name: Ada Lindqvist\nDate of birth: ${dob}\n${drugLine}\nQuantity: 30\nDays supply: 30` }],
});
const typedNote: SourceDocument = {
  id: "note",
  name: "note.pdf",
  contentType: "application/pdf",
  pages: [{ page: 1, text: "Clinic note\nPatient: Ada Lindqvist   DOB: 04/02/1961\nPlan: start everolimus (Afinitor) 10 mg daily for the renal angiomyolipoma." }],
};

describe("facts read from recognised text", () => {
  it("takes a misread drug name as the one known drug that near, marked as recognised, and lets the note's name lead", () => {
    const facts = extractIntake([faxedForm("Drug requested: gyerolimus 10 mg tablet"), typedNote], { referenceYear: 2025 });
    expect(facts.medicationRequests).toHaveLength(1);
    expect(facts.medicationRequests[0].name.toLowerCase()).toContain("everolimus");
    expect(facts.medicationRequests[0].quantity).toBe(30);
    const formEvidence = facts.medicationRequests[0].evidence.filter((e) => e.documentId === "form");
    expect(formEvidence.length).toBeGreaterThan(0);
    expect(formEvidence.every((e) => e.recognised === true)).toBe(true);
    expect(facts.medicationRequests[0].evidence.filter((e) => e.documentId === "note").every((e) => !e.recognised)).toBe(true);
    expect(facts.warnings.join("\n")).toMatch(/read the drug "gyerolimus[^"]*", which is no known drug; taken as everolimus/);
  });

  it("never lets a recognised value outvote the same field read from a text layer", () => {
    // The fax's 4 read as a 1: the note's date of birth is kept, and the conflict is still shown.
    const facts = extractIntake([faxedForm("Drug requested: everolimus 10 mg tablet", "01/02/1961"), typedNote], { referenceYear: 2025 });
    expect(facts.patient?.birthDate).toBe("1961-04-02");
    expect(facts.warnings.join("\n")).toMatch(/date of birth differs/);
  });

  it("the same form with a text layer still outranks the note (strength decides between read texts)", () => {
    const typedForm = { ...faxedForm("Drug requested: everolimus 10 mg tablet", "01/02/1961"), pages: [{ ...faxedForm("").pages[0], source: "text" as const, text: faxedForm("Drug requested: everolimus 10 mg tablet", "01/02/1961").pages[0].text }] };
    const facts = extractIntake([typedForm, typedNote], { referenceYear: 2025 });
    expect(facts.patient?.birthDate).toBe("1961-01-02");
  });
});

describe.each([
  ["gyerolimus 10 mg", "everolimus 10 mg"],
  ["everolimus 10 mg", null], // a known drug is left as read
  ["prednisolo", null], // prednisone and prednisolone are both that near: no guess
  ["Tablet", null],
])("correctRecognisedDrugName(%s)", (read, taken) => {
  it(`gives ${taken}`, () => expect(correctRecognisedDrugName(read)).toBe(taken));
});
