// A realistic intake for the FHIR builder tests: a Lennox-Gastaut patient, a neurologist prescriber with a valid NPI,
// two diagnoses (one with a SNOMED CT coding too) and Epidiolex with NDC and RxNorm codings.
import type { Evidence, IntakeFacts } from "@/lib/intake/types";

const ev = (field: string, quote: string, start: number, page: number | null = 1): Evidence => ({
  documentId: "doc-1",
  page,
  start,
  end: start + quote.length,
  quote,
  field,
});

export function realisticFacts(): IntakeFacts {
  return {
    patient: {
      given: ["Jane", "Q"],
      family: "Doe",
      birthDate: "2012-04-17",
      gender: "female",
      memberId: "W123456789",
      phone: "555-201-3344",
      address: { line: ["12 Elm St"], city: "Springfield", state: "IL", postalCode: "62701", country: null },
      evidence: [ev("family", "Doe", 10), ev("birthDate", "04/17/2012", 40)],
    },
    practitioners: [
      {
        npi: "1234567893",
        npiValid: true,
        prefix: ["Dr."],
        given: ["Maria", ""],
        family: "Lopez",
        specialty: "Neurology",
        taxonomyCode: "2084N0400X",
        phone: "555-100-2000",
        fax: "555-100-2001",
        address: { line: ["1 Medical Plaza"], city: "Springfield", state: "IL", postalCode: "62702", country: null },
        role: "prescriber",
        evidence: [ev("npi", "1234567893", 300)],
      },
    ],
    diagnoses: [
      {
        icd10: ["G40.811"],
        name: "Lennox-Gastaut syndrome, not intractable, with status epilepticus",
        otherCodings: [{ system: "http://snomed.info/sct", code: "230418006", display: "Lennox-Gastaut syndrome" }],
        clinicalStatus: "active",
        verificationStatus: "confirmed",
        onsetDate: "2015-06-01",
        notes: ["Daily drop seizures despite two antiseizure medications."],
        evidence: [ev("icd10", "G40.811", 500, 2)],
      },
      {
        icd10: ["R56.9"],
        name: "Unspecified convulsions",
        otherCodings: [],
        clinicalStatus: "recurrence",
        verificationStatus: "provisional",
        onsetDate: null,
        notes: [],
        evidence: [],
      },
    ],
    medicationRequests: [
      {
        name: "Epidiolex (cannabidiol) 100 mg/mL oral solution",
        ndc: "70127010001",
        otherCodings: [
          { system: "http://www.nlm.nih.gov/research/umls/rxnorm", code: "2047458", display: "cannabidiol 100 MG/ML" },
        ],
        strength: "100 mg/mL",
        doseValue: "2.5",
        doseUnit: "mL",
        route: "oral",
        directions: "Take 2.5 mL by mouth twice daily",
        quantity: 150,
        quantityUnit: "mL",
        daysSupply: 30,
        refills: 5,
        reasons: ["G40.811"],
        evidence: [
          ev("ndc", "70127-0100-01", 900, 3),
          { documentId: "doc-2", page: null, start: 0, end: 8, quote: "2.5 mL", path: "entry[2].resource.dosage" },
        ],
      },
    ],
    priorTreatments: [],
    labs: [],
    procedures: [],
    answers: [],
    warnings: [],
  };
}

export function emptyFacts(): IntakeFacts {
  return {
    patient: null,
    practitioners: [],
    diagnoses: [],
    medicationRequests: [],
    priorTreatments: [],
    labs: [],
    procedures: [],
    answers: [],
    warnings: [],
  };
}
