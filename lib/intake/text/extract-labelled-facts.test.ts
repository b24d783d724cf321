import { describe, expect, it } from "vitest";
import { extractLabelledFacts } from "./extract-labelled-facts";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { readLabelledFields } from "./read-labelled-fields";

const doc = (text: string): SourceDocument => ({ id: "form-1", name: "form.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] });
const facts = (text: string) => {
  const d = doc(text);
  return extractLabelledFacts(d, d.pages.map((page) => ({ page, fields: readLabelledFields(page) })), { referenceYear: 2025 });
};

// Another payer's layout than the corpus: different label words, two columns marked by " | ", "City, State, ZIP".
const OTHER_PAYER_FORM = [
  "PRESCRIPTION DRUG PRIOR AUTHORIZATION REQUEST FORM",
  "Patient Information | Prescriber Information",
  "Patient Name: John Q Public | Prescriber Name: Susan Watson, MD",
  "DOB: 03/14/1975 | NPI: 1234567893",
  "Gender: Male | Specialty: Rheumatology",
  "Member ID: ABC123456789 | Phone: (402) 999-3456",
  "Address: 100 Main St | Fax: 402-999-3457",
  "City, State, ZIP: Omaha, NE 68102",
  "Medication Information",
  "Medication Requested: Humira (adalimumab) 40 mg/0.4 mL pen",
  "NDC: 0074-0554-02 | Qty: 2 pens | Days Supply: 28",
  "Sig: Inject 40 mg subcutaneously every other week",
  "Diagnosis: Rheumatoid arthritis | ICD-10: M06.9",
].join("\n");

describe("extractLabelledFacts", () => {
  it("reads a two-column request form with other label words", () => {
    const f = facts(OTHER_PAYER_FORM);
    expect(f.patient).toMatchObject({ given: ["John", "Q"], family: "Public", birthDate: "1975-03-14", gender: "male", memberId: "ABC123456789" });
    expect(f.patient?.address).toMatchObject({ line: ["100 Main St"], city: "Omaha", state: "NE", postalCode: "68102" });
    const [prescriber] = f.practitioners;
    expect(prescriber).toMatchObject({ family: "Watson", given: ["Susan"], npi: "1234567893", npiValid: true, specialty: "Rheumatology", role: "prescriber" });
    expect(prescriber.phone).toBe("402-999-3456");
    expect(prescriber.fax).toBe("402-999-3457");
    const [mr] = f.medicationRequests;
    expect(mr).toMatchObject({ ndc: "00074055402", quantity: 2, daysSupply: 28, route: "subcutaneous" });
    // The name, the strength and the form written in one field are separate facts, each quoted on its own.
    expect(mr).toMatchObject({ name: "Humira (adalimumab)", strength: "40 mg/0.4 mL", dosageForm: "pen" });
    expect(mr.evidence.filter((e) => ["name", "strength", "dosageForm"].includes(e.field ?? "")).map((e) => e.quote)).toEqual(["Humira (adalimumab)", "40 mg/0.4 mL", "pen"]);
    expect(mr.directions).toBe("Inject 40 mg subcutaneously every other week");
    expect(f.diagnoses).toHaveLength(1);
    expect(f.diagnoses[0]).toMatchObject({ icd10: ["M06.9"], name: "Rheumatoid arthritis", icd10Source: "stated" });
  });

  it("points every piece of evidence at the text it quotes", () => {
    const f = facts(OTHER_PAYER_FORM);
    const all = [...(f.patient?.evidence ?? []), ...f.practitioners.flatMap((p) => p.evidence), ...f.medicationRequests.flatMap((m) => m.evidence), ...f.diagnoses.flatMap((d) => d.evidence)];
    expect(all.length).toBeGreaterThan(10);
    for (const e of all) {
      expect(e.documentId).toBe("form-1");
      expect(e.page).toBe(1);
      expect(OTHER_PAYER_FORM.slice(e.start, e.end)).toBe(e.quote);
      expect(e.quote.trim()).not.toBe("");
    }
    const dob = f.patient?.evidence.find((e) => e.field === "birthDate");
    expect(dob?.quote).toBe("03/14/1975");
  });

  it("takes a value written on the line below its label", () => {
    const f = facts(["Member Information", "Member Name:", "Jane Doe", "Date of Birth:", "04/17/2012"].join("\n"));
    expect(f.patient).toMatchObject({ given: ["Jane"], family: "Doe", birthDate: "2012-04-17" });
  });

  it("reads a trial table and the section's outcome", () => {
    const f = facts(
      [
        "Please list the medications the member has tried and failed:",
        "Medication: Valproic acid | Date of trial: May 1-June 1, 2024 | Duration of trial: 4 weeks",
        "Medication: Clobazam | Date of trial: 01/2023 - 06/2023 | Duration of trial: 6 months",
      ].join("\n"),
    );
    expect(f.priorTreatments.map((t) => [t.drug, t.outcome, t.startDate, t.endDate, t.durationDays])).toEqual([
      ["Valproic acid", "failed", "2024-05-01", "2024-06-01", 28],
      ["Clobazam", "failed", "2023-01", "2023-06", 180],
    ]);
  });

  it("keeps an invalid NPI as written, marked invalid", () => {
    const f = facts(["Provider Information", "Provider Name: Dr. Lennox", "NPI#: 1234567890"].join("\n"));
    expect(f.practitioners[0]).toMatchObject({ npi: "1234567890", npiValid: false, family: "Lennox", prefix: ["Dr."] });
  });

  it("infers the category of a diagnosis named without a code, and says so", () => {
    const f = facts("Diagnosis: Lennox-Gastaut syndrome | ICD-10 Code(s): ________");
    expect(f.diagnoses[0]).toMatchObject({ icd10: ["G40.81"], icd10Source: "inferred", name: "Lennox-Gastaut syndrome" });
    expect(f.diagnoses[0].notes.join(" ")).toMatch(/inferred/);
  });

  it("does not take labels, rules or check boxes for values", () => {
    const f = facts(["Member Name: ______________ | Date of Birth: ____________", "Sex: ❑ Male ❑ Female", "NDC: | Quantity:"].join("\n"));
    expect(f.patient).toBeNull();
    expect(f.medicationRequests).toEqual([]);
  });

  it.each([
    ["Sex: __ Male X Female", "female"],
    ["Sex: X Male __ Female", "male"],
    ["Sex: Male X Female", null],
  ])("reads %j by the blank rule left before the unmarked option", (text, gender) => {
    expect(facts(text).patient?.gender ?? null).toBe(gender);
  });
});
