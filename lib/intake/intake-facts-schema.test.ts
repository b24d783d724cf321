import { describe, expect, it } from "vitest";
import { lossInParsing, UnreadableRecord } from "@/lib/stored-record";
import { extractIntake } from "./extract-intake";
import { readIntakeFacts, ZIntakeFacts } from "./intake-facts-schema";

const FORM = [
  "Prior Authorization Request",
  "Member Name: Jane Doe    Date of Birth: 03/14/1968    Sex: F",
  "Member ID: MBR123456    Plan: Example Health Gold",
  "Prescriber: Dr. John Smith, MD    NPI: 1234567893    Specialty: Neurology",
  "Medication: Epidiolex (cannabidiol) 100 mg/mL oral solution    Quantity: 300 mL    Days supply: 30",
  "Diagnosis: Lennox-Gastaut syndrome (G40.811)",
  "Previous medications: valproate - failed; clobazam - intolerant",
].join("\n");
const facts = extractIntake([{ id: "d1", name: "form.txt", contentType: "text/plain", pages: [{ page: 1, text: FORM }] }], { referenceYear: 2026 });
const stored = () => JSON.parse(JSON.stringify(facts));

describe("stored intake facts", () => {
  it("facts as the intake writes them today read back whole", () => {
    expect(facts.patient?.family).toBe("Doe");
    expect(facts.medicationRequests.length).toBeGreaterThan(0);
    expect(lossInParsing(ZIntakeFacts, facts)).toEqual([]);
    expect(readIntakeFacts(stored(), "case C-1")).toEqual(stored());
  });

  it("facts stored before identity conflicts, coverage and ICD-10 details existed read as they are", () => {
    const older = stored();
    delete older.identityConflicts;
    delete older.coverage;
    for (const d of older.diagnoses) {
      delete d.icd10Details;
      delete d.icd10Source;
    }
    expect(readIntakeFacts(older, "case C-1").diagnoses[0].icd10).toEqual(facts.diagnoses[0].icd10);
  });

  it("facts of another shape are reported, naming the field", () => {
    const other = { ...stored(), patient: { ...stored().patient, gender: "F" } };
    expect(() => readIntakeFacts(other, "case C-1")).toThrow(UnreadableRecord);
    expect(() => readIntakeFacts(other, "case C-1")).toThrow(/^The intake of case C-1 cannot be read: it was written by an older engine \(patient\.gender: /);
  });
});
