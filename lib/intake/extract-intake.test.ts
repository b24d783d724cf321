import { describe, expect, it } from "vitest";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { readPdf } from "@/lib/documents/read-pdf";
import { extractIntake } from "./extract-intake";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const textDoc = (id: string, ...pages: string[]): SourceDocument => ({ id, name: `${id}.pdf`, contentType: "application/pdf", pages: pages.map((text, i) => ({ page: i + 1, text })) });

/** A payer form as a PDF viewer fills it: labels in two columns, values typed a few points lower, one in a FreeText box. */
async function filledFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const draw = (text: string, x: number, y: number, size = 10) => page.drawText(text, { x, y, size, font });
  draw("PHARMACY PRIOR AUTHORIZATION REQUEST", 150, 750, 14);
  draw("Patient Information", 40, 715);
  draw("Prescriber Information", 330, 715);
  const labels: [string, number, number][] = [
    ["Name:", 40, 695], ["Prescriber:", 330, 695],
    ["Birth Date:", 40, 675], ["NPI Number:", 330, 675],
    ["Subscriber ID:", 40, 655], ["Specialty:", 330, 655],
  ];
  for (const [l, x, y] of labels) draw(l, x, y);
  draw("Drug Requested:", 40, 620);
  draw("Quantity:", 330, 620);
  draw("Diagnosis Code:", 40, 600);
  // Values, typed after the blank form was made, 4 pt below the labels.
  draw("Ana Lima", 130, 691);
  draw("Susan Watson MD", 420, 691);
  draw("1234567893", 420, 671);
  draw("XYZ987654", 130, 651);
  draw("Neurology", 420, 651);
  draw("Epidiolex 100 mg/mL oral solution", 130, 616);
  draw("300 mL", 420, 616);
  draw("G40.811", 130, 596);
  // A stale date under a white-out box, and the right one typed in a FreeText annotation.
  draw("01/01/1990", 130, 671);
  const annots = [
    doc.context.obj({ Type: "Annot", Subtype: "FreeText", Rect: [125, 665, 200, 684], Contents: PDFString.of(""), C: [1, 1, 1], DA: PDFString.of("/Helv 10 Tf 0 g") }),
    doc.context.obj({ Type: "Annot", Subtype: "FreeText", Rect: [128, 666, 200, 682], Contents: PDFString.of("02/29/2016"), DA: PDFString.of("/Helv 10 Tf 0 g") }),
  ].map((a) => doc.context.register(a));
  page.node.set(PDFName.of("Annots"), doc.context.obj(annots));
  return doc.save();
}

/** Another layout: small labels on top of boxes, each value under its label, four columns. */
async function boxedFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const d = (t: string, x: number, y: number, size = 10) => page.drawText(t, { x, y, size, font });
  d("MEMBER INFORMATION", 40, 740, 11);
  d("PRESCRIBER INFORMATION", 320, 740, 11);
  for (const [x, l] of [[40, "Last Name"], [160, "First Name"], [320, "Last Name"], [440, "First Name"]] as const) d(l, x, 720, 7);
  for (const [x, v] of [[40, "Garcia"], [160, "Maria"], [320, "Chen"], [440, "Wei"]] as const) d(v, x, 708);
  for (const [x, l] of [[40, "Date of Birth (MM/DD/YYYY)"], [160, "Member ID"], [320, "NPI"], [440, "DEA"]] as const) d(l, x, 690, 7);
  for (const [x, v] of [[40, "11/03/1958"], [160, "MBR-556677"], [320, "1245319599"], [440, "BC1234563"]] as const) d(v, x, 678);
  d("Specialty", 320, 660, 7);
  d("Phone", 440, 660, 7);
  d("Endocrinology", 320, 648);
  d("617-555-0100", 440, 648);
  d("DRUG INFORMATION", 40, 620, 11);
  for (const [x, l] of [[40, "Drug Name and Strength"], [300, "Qty"], [360, "Days Supply"], [440, "NDC"]] as const) d(l, x, 600, 7);
  for (const [x, v] of [[40, "Ozempic 1 mg/dose pen"], [300, "3 mL"], [360, "28"], [440, "00169-4132-12"]] as const) d(v, x, 588);
  d("Diagnosis (ICD-10)", 40, 568, 7);
  d("E11.65 Type 2 diabetes mellitus with hyperglycemia", 40, 556);
  return doc.save();
}

describe("extractIntake", () => {
  it("reads a form with labels above value boxes", async () => {
    const pdf = await readPdf(await boxedFormPdf());
    const facts = extractIntake([{ id: "doc-2", name: "boxed.pdf", contentType: "application/pdf", pages: pdf.pages }], { referenceYear: 2025 });
    expect(facts.patient).toMatchObject({ given: ["Maria"], family: "Garcia", birthDate: "1958-11-03", memberId: "MBR-556677" });
    expect(facts.practitioners[0]).toMatchObject({ given: ["Wei"], family: "Chen", npi: "1245319599", npiValid: true, specialty: "Endocrinology", phone: "617-555-0100" });
    expect(facts.medicationRequests[0]).toMatchObject({ name: "Ozempic", strength: "1 mg/dose", dosageForm: "pen", ndc: "00169413212", quantity: 3, quantityUnit: "mL", daysSupply: 28 });
    expect(facts.diagnoses[0]).toMatchObject({ icd10: ["E11.65"], icd10Source: "stated" });
  });

  it("reads a filled PDF form end to end", async () => {
    const pdf = await readPdf(await filledFormPdf());
    const facts = extractIntake([{ id: "doc-1", name: "form.pdf", contentType: "application/pdf", pages: pdf.pages }], { referenceYear: 2025 });
    expect(facts.patient).toMatchObject({ given: ["Ana"], family: "Lima", birthDate: "2016-02-29", memberId: "XYZ987654" });
    expect(facts.practitioners[0]).toMatchObject({ family: "Watson", npi: "1234567893", npiValid: true, specialty: "Neurology", role: "prescriber" });
    expect(facts.medicationRequests[0]).toMatchObject({ quantity: 300, quantityUnit: "mL" });
    expect(facts.medicationRequests[0].name).toMatch(/^Epidiolex/);
    expect(facts.diagnoses.map((d) => d.icd10)).toEqual([["G40.811"]]);
    // Evidence points into the stored page text.
    const dob = facts.patient?.evidence.find((e) => e.field === "birthDate");
    expect(dob && pdf.pages[0].text.slice(dob.start, dob.end)).toBe("02/29/2016");
  });

  it("merges documents: one patient, the ePA payload winning a conflict with a warning", () => {
    const form = textDoc("form", "Member Information\nMember Name: Jane Doe\nDate of Birth: 04/17/2012\nMedication Name: Epidiolex | NDC: 70127-0100-01");
    const note = textDoc("note", "Patient DOB: 04/17/2012 (12yo)\nAssessment: Lennox-Gastaut syndrome (G40.811).");
    const epaPayload = {
      patient: { first_name: "Jane", last_name: "Doe", birth_date: "2012-04-18" },
      medication: { drug_name: "Epidiolex", ndc: "70127010001", quantity: 300, days_supply: 30 },
      diagnoses: [{ code: "G40811" }],
    };
    const facts = extractIntake([form, note], { epaPayload, referenceYear: 2025 });
    expect(facts.patient?.birthDate).toBe("2012-04-18");
    expect(facts.warnings.join("\n")).toMatch(/date of birth differs/i);
    expect(facts.medicationRequests).toHaveLength(1);
    expect(facts.medicationRequests[0]).toMatchObject({ ndc: "70127010001", quantity: 300, daysSupply: 30 });
    expect(new Set(facts.medicationRequests[0].evidence.map((e) => e.documentId))).toEqual(new Set(["epa_payload", "form"]));
    expect(facts.diagnoses).toHaveLength(1);
    expect(new Set(facts.diagnoses[0].evidence.map((e) => e.documentId))).toEqual(new Set(["epa_payload", "note"]));
  });

  it("reads a FHIR document and a FHIR Bundle sent as the ePA payload", () => {
    const bundle = {
      resourceType: "Bundle",
      type: "collection",
      entry: [{ resource: { resourceType: "Patient", id: "p", birthDate: "1980-01-02", name: [{ family: "Roe", given: ["Ann"] }] } }],
    };
    const fromDoc = extractIntake([{ id: "b", name: "bundle.json", contentType: "application/fhir+json", pages: [], json: bundle }]);
    const fromPayload = extractIntake([], { epaPayload: bundle });
    expect(fromDoc.patient?.birthDate).toBe("1980-01-02");
    expect(fromPayload.patient?.birthDate).toBe("1980-01-02");
    expect(fromDoc.patient?.evidence[0]).toMatchObject({ documentId: "b", page: null, path: "entry[0].resource.name[0]" });
  });

  it("does not crash or hang on hostile input", () => {
    const junkPage = "ICD-10: Z99999 X00.0000 U99.1 K99.000 E11.X9 G40.8111 | NPI: 99999 | NDC: 1-2-3 | DOB: 99/99/9999 | Qty: -5 | ❑❑❑ ____ |||| ".repeat(40);
    const many = textDoc("big", ...Array.from({ length: 500 }, (_, i) => (i % 2 ? junkPage : "")));
    const docs: SourceDocument[] = [
      textDoc("empty"),
      textDoc("blank", "", "   \n\n  "),
      many,
      textDoc("huge", "x".repeat(1_000_000)),
      { id: "json", name: "weird.json", contentType: "application/json", pages: [], json: { hello: [1, 2, 3] } },
      { id: "null", name: "null.json", contentType: "application/json", pages: [], json: null },
      { id: "fhir", name: "bad.json", contentType: "application/fhir+json", pages: [], json: { resourceType: "Bundle", entry: "nope" } },
    ];
    const t0 = performance.now();
    const facts = extractIntake(docs, { epaPayload: "not an object" });
    expect(performance.now() - t0).toBeLessThan(20_000);
    expect(facts.medicationRequests).toEqual([]);
    // Codes of no ICD-10-CM category are dropped; codes of a known category that the list cannot place are flagged.
    const codes = facts.diagnoses.flatMap((d) => d.icd10);
    expect(codes).not.toContain("K99.000");
    expect(codes).not.toContain("U99.1");
    expect(codes.every((c) => /^[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?$/.test(c))).toBe(true);
    expect(facts.warnings.some((w) => /E11\.X9 is not a subcategory/.test(w))).toBe(true);
  });

  it("is deterministic and does not change its input", () => {
    const docs = [textDoc("form", "Member Name: Jane Doe | Date of Birth: 04/17/2012\nDiagnosis: Lennox-Gastaut syndrome")];
    const before = JSON.stringify(docs);
    const a = extractIntake(docs, { referenceYear: 2025 });
    const b = extractIntake(docs, { referenceYear: 2025 });
    expect(a).toEqual(b);
    expect(JSON.stringify(docs)).toBe(before);
  });
});
