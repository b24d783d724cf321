// The stored intake facts (Intake.facts) as a schema: every read parses through it. The types of types.ts are checked
// against it below, so the two cannot drift. A key the types do not name is dropped on read; the corpus evaluation
// proves the intake of every case parses without losing one (lossInParsing). Fields added since the first intake
// (identity conflicts, coverage, ICD-10 details ...) are optional in the types, so older records parse as they are.
import { z } from "zod";
import { readStoredRecord, type Same } from "@/lib/stored-record";
import type { IdentityConflict } from "./identity-conflicts";
import type {
  Coding, Evidence, Icd10Detail, IntakeCoverage, IntakeDiagnosis, IntakeFacts, IntakeMedicationRequest, IntakePatient, IntakePractitioner, LabResult,
  PostalAddress, PriorTreatment, ProcedureRequest,
} from "./types";

export const ZEvidence = z.object({
  documentId: z.string(),
  page: z.number().nullable(),
  start: z.number(),
  end: z.number(),
  quote: z.string(),
  path: z.string().optional(),
  recognised: z.boolean().optional(),
  field: z.string().optional(),
});
const evidence = z.array(ZEvidence);

const ZCoding = z.object({ system: z.string(), code: z.string(), display: z.string().optional() });

const ZPostalAddress = z.object({
  line: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
});

const ZIntakePatient = z.object({
  given: z.array(z.string()),
  family: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: z.enum(["male", "female", "other", "unknown"]).nullable(),
  memberId: z.string().nullable(),
  phone: z.string().nullable(),
  address: ZPostalAddress.nullable(),
  evidence,
  ageYears: z.number().nullable().optional(),
});

const ZIntakePractitioner = z.object({
  npi: z.string().nullable(),
  npiValid: z.boolean().nullable(),
  prefix: z.array(z.string()),
  given: z.array(z.string()),
  family: z.string().nullable(),
  specialty: z.string().nullable(),
  taxonomyCode: z.string().nullable().optional(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  address: ZPostalAddress.nullable(),
  role: z.enum(["prescriber", "other"]),
  evidence,
});

const ZIcd10Detail = z.object({
  code: z.string(),
  title: z.string().nullable(),
  billable: z.boolean(),
  resolvedFrom: z.string().optional(),
  warning: z.string().optional(),
});

const ZIntakeDiagnosis = z.object({
  icd10: z.array(z.string()),
  name: z.string().nullable(),
  otherCodings: z.array(ZCoding),
  clinicalStatus: z.enum(["active", "recurrence", "relapse", "inactive", "remission", "resolved"]),
  verificationStatus: z.enum(["confirmed", "provisional", "differential", "unconfirmed"]),
  onsetDate: z.string().nullable(),
  notes: z.array(z.string()),
  evidence,
  icd10Source: z.enum(["stated", "inferred"]).optional(),
  icd10Details: z.array(ZIcd10Detail).optional(),
});

const ZIntakeMedicationRequest = z.object({
  name: z.string(),
  ndc: z.string().nullable(),
  otherCodings: z.array(ZCoding),
  strength: z.string().nullable(),
  doseValue: z.string().nullable(),
  doseUnit: z.string().nullable(),
  route: z.string().nullable(),
  directions: z.string().nullable(),
  quantity: z.number().nullable(),
  quantityUnit: z.string().nullable(),
  daysSupply: z.number().nullable(),
  refills: z.number().nullable(),
  dosageForm: z.string().nullable().optional(),
  reasons: z.array(z.string()),
  evidence,
});

const ZPriorTreatment = z.object({
  drug: z.string(),
  outcome: z.enum(["failed", "inadequate_response", "intolerant", "contraindicated", "ongoing", "unknown"]),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  durationDays: z.number().nullable(),
  evidence,
});

const ZLabResult = z.object({ name: z.string(), value: z.string(), unit: z.string().nullable(), date: z.string().nullable(), evidence });

const ZProcedureRequest = z.object({ code: z.string(), system: z.enum(["CPT", "HCPCS"]), display: z.string().nullable(), evidence });

const ZIdentityConflict = z.object({
  kind: z.literal("identity_conflict"),
  field: z.enum(["name", "birthDate", "gender"]),
  documents: z.array(z.string()),
  values: z.array(z.object({ value: z.string(), document: z.string(), documentId: z.string().optional() })),
});

const ZIntakeCoverage = z.object({
  memberId: z.string().nullable(),
  payer: z.string().nullable(),
  plan: z.string().nullable(),
  group: z.string().nullable(),
  evidence,
});

export const ZIntakeFacts = z.object({
  patient: ZIntakePatient.nullable(),
  practitioners: z.array(ZIntakePractitioner),
  diagnoses: z.array(ZIntakeDiagnosis),
  medicationRequests: z.array(ZIntakeMedicationRequest),
  priorTreatments: z.array(ZPriorTreatment),
  labs: z.array(ZLabResult),
  procedures: z.array(ZProcedureRequest),
  answers: z.array(z.object({ question: z.string(), answer: z.string(), evidence })),
  warnings: z.array(z.string()),
  identityConflicts: z.array(ZIdentityConflict).optional(),
  coverage: ZIntakeCoverage.nullable().optional(),
});

// The types of types.ts and the schemas' outputs must be the same (tsc fails otherwise).
const agree: [
  Same<z.infer<typeof ZEvidence>, Evidence>,
  Same<z.infer<typeof ZCoding>, Coding>,
  Same<z.infer<typeof ZPostalAddress>, PostalAddress>,
  Same<z.infer<typeof ZIntakePatient>, IntakePatient>,
  Same<z.infer<typeof ZIntakePractitioner>, IntakePractitioner>,
  Same<z.infer<typeof ZIcd10Detail>, Icd10Detail>,
  Same<z.infer<typeof ZIntakeDiagnosis>, IntakeDiagnosis>,
  Same<z.infer<typeof ZIntakeMedicationRequest>, IntakeMedicationRequest>,
  Same<z.infer<typeof ZPriorTreatment>, PriorTreatment>,
  Same<z.infer<typeof ZLabResult>, LabResult>,
  Same<z.infer<typeof ZProcedureRequest>, ProcedureRequest>,
  Same<z.infer<typeof ZIdentityConflict>, IdentityConflict>,
  Same<z.infer<typeof ZIntakeCoverage>, IntakeCoverage>,
  Same<z.infer<typeof ZIntakeFacts>, IntakeFacts>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void agree;

/**
 * A case's stored intake facts, as the engines read them. No older shape needs a migration: every field added since
 * the first intake is optional; facts that still do not parse are reported (UnreadableRecord), to be read again.
 */
export function readIntakeFacts(stored: unknown, caseName: string): IntakeFacts {
  return readStoredRecord(ZIntakeFacts, stored, { record: `the intake of ${caseName}`, remedy: READ_INTAKE_AGAIN });
}

/** What to do about an intake that cannot be read. */
export const READ_INTAKE_AGAIN = "add the case's documents again so that its intake is read again";
