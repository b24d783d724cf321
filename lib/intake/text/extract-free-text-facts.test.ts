import { describe, expect, it } from "vitest";
import { extractFreeTextFacts } from "./extract-free-text-facts";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const doc = (...pages: string[]): SourceDocument => ({
  id: "note-1",
  name: "letter.pdf",
  contentType: "application/pdf",
  pages: pages.map((text, i) => ({ page: i + 1, text })),
});

const LETTER = [
  "Letter of Medical Necessity",
  "Re: Jane Doe, a 12-year-old female",
  "Jane has Lennox-Gastaut syndrome (G40.811) since 2015 and infantile spasms G40.822.",
  "She failed clobazam 10 mg daily from 01/2023 to 06/2023 because of breakthrough seizures.",
  "Valproic acid was discontinued due to intolerance (hepatotoxicity) in March 2022.",
  "Rufinamide is contraindicated because of familial short QT syndrome.",
  "We request Epidiolex 100 mg/mL, NDC 70127-0100-01. Prescriber NPI: 1234567893.",
  "EEG performed (CPT 95816).",
  "No history of diabetes. Call 555-345-7865. Member ID W123456789.",
].join("\n");

describe("extractFreeTextFacts", () => {
  const { facts, guesses } = extractFreeTextFacts(doc(LETTER), { referenceYear: 2025 });

  it("finds diagnoses with their codes and names", () => {
    const coded = facts.diagnoses.filter((d) => d.icd10Source === "stated");
    expect(coded.map((d) => d.icd10[0]).sort()).toEqual(["G40.811", "G40.822"]);
    expect(coded.find((d) => d.icd10[0] === "G40.811")?.name).toMatch(/Lennox-Gastaut syndrome/);
    // A negated condition is not a diagnosis.
    expect(facts.diagnoses.some((d) => /diabetes/i.test(d.name ?? ""))).toBe(false);
  });

  it("finds prior treatments with outcomes and dates", () => {
    const byDrug = Object.fromEntries(facts.priorTreatments.map((t) => [t.drug.toLowerCase(), t]));
    expect(byDrug.clobazam).toMatchObject({ outcome: "failed", startDate: "2023-01", endDate: "2023-06" });
    expect(byDrug["valproic acid"]).toMatchObject({ outcome: "intolerant" });
    expect(byDrug.rufinamide).toMatchObject({ outcome: "contraindicated" });
    expect(byDrug.epidiolex).toBeUndefined();
  });

  it("finds NPIs, NDCs, procedure codes and the age, not phone numbers or member ids", () => {
    expect(facts.practitioners.map((p) => [p.npi, p.npiValid, p.role])).toEqual([["1234567893", true, "prescriber"]]);
    expect(facts.medicationRequests.map((m) => m.ndc)).toEqual(["70127010001"]);
    expect(facts.procedures.map((p) => `${p.system} ${p.code}`)).toEqual(["CPT 95816"]);
    expect(facts.patient?.ageYears).toBe(12);
    expect(facts.patient?.gender).toBe("female");
  });

  it("takes a drug the letter requests as a guess only", () => {
    expect(guesses.medicationRequests.map((m) => m.name)).toEqual(expect.arrayContaining([expect.stringMatching(/Epidiolex/)]));
  });

  it("quotes exactly what the page text holds", () => {
    const evidence = [...facts.diagnoses, ...facts.priorTreatments, ...facts.practitioners, ...facts.procedures].flatMap((f) => f.evidence);
    for (const e of evidence) expect(LETTER.slice(e.start, e.end)).toBe(e.quote);
  });

  it("reads lab tables with their units", () => {
    const labs = extractFreeTextFacts(
      doc(["Laboratory Results 11/02/2024", "Parameter | Result | Reference Range", "Hemoglobin | 11.5 g/dL | 10.5 - 14.0 g/dL", "ALT (SGPT) | 18 U/L | 10 - 35 U/L"].join("\n")),
      { referenceYear: 2025 },
    ).facts.labs;
    expect(labs.map((l) => [l.name, l.value, l.unit, l.date])).toEqual([
      ["Hemoglobin", "11.5", "g/dL", "2024-11-02"],
      ["ALT (SGPT)", "18", "U/L", "2024-11-02"],
    ]);
  });

  it("copes with hostile text quickly", () => {
    const junk = ["", "   ", "G40.811".repeat(5000), "(((((((((((".repeat(2000), "1234567893 ".repeat(3000), "a".repeat(200_000)];
    const t0 = performance.now();
    const result = extractFreeTextFacts(doc(...junk));
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(result.facts.diagnoses.length).toBeGreaterThanOrEqual(0);
  });
});
