import { PDFDocument, StandardFonts } from "pdf-lib";

/** A text PDF with one page per entry of `pages` (lines split on \n), made here so tests need no corpus. */
export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    text.split("\n").forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  }
  return doc.save();
}

/** The request form's patient and prescriber lines, shared by the drug form below and the procedure form. */
export const PA_FORM_HEADER_LINES = [
  "Prior Authorization Request Form",
  "Member Name: Jane Q Doe",
  "Date of Birth: 06/15/2012",
  "Sex: Female",
  "Member ID: XJ4418820",
  "Prescriber Name: Dr. Alan Grant",
  "NPI: 1234567893",
  "Specialty: Neurology",
];

export const PA_FORM_PAGE = [
  ...PA_FORM_HEADER_LINES,
  "Medication: Epidiolex (cannabidiol) 100 mg/mL oral solution",
  "NDC: 70127-0100-01",
  "Quantity: 300 mL   Days Supply: 30",
  "Directions: Take 5 mL by mouth twice daily",
  "Diagnosis: Lennox-Gastaut syndrome, not intractable, with status epilepticus (G40.811)",
].join("\n");

export const fhirBundle = () => ({
  resourceType: "Bundle",
  type: "collection",
  entry: [
    { resource: { resourceType: "Patient", id: "p1", name: [{ use: "official", given: ["Ana"], family: "Silva" }], gender: "female", birthDate: "1980-03-04" } },
    { resource: { resourceType: "Practitioner", id: "pr1", identifier: [{ system: "http://hl7.org/fhir/sid/us-npi", value: "1234567893" }], name: [{ given: ["Maria"], family: "Lopez", prefix: ["Dr."] }] } },
    { resource: { resourceType: "Condition", id: "c1", subject: { reference: "Patient/p1" }, code: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "L20.9", display: "Atopic dermatitis, unspecified" }] } } },
  ],
});
