// The intake's FHIR resources (spec 2.3) as the facts a reviewer reads, each with the evidence it was read from.
import type { FhirCondition, FhirMedicationRequest, FhirPatient, FhirPractitioner, IntakeResponse, ProvenanceEntry } from "./types";

export interface Fact {
  key: string;
  label: string;
  value: string;
  evidence: ProvenanceEntry | null;
}

export interface IntakeView {
  /** Shown first: the documents name different patients, so an approval needs a person. */
  identityConflicts: { field: string; text: string }[];
  coverage: { memberId: string | null; payer: string | null; plan: string | null; group: string | null } | null;
  patient: { id: string; facts: Fact[] } | null;
  prescribers: { id: string; npi: string | null; npiValid: boolean | null; facts: Fact[] }[];
  /** Each code with its official title; `warning` when it is a category the documents could not make billable. */
  diagnoses: { id: string; codes: { code: string; display: string; billable: boolean | null; warning: string | null }[]; facts: Fact[] }[];
  medications: { id: string; facts: Fact[] }[];
  /** A procedure request's services (CPT/HCPCS), the requested one first. */
  services: { id: string; facts: Fact[] }[];
  warnings: string[];
}

const IDENTITY_FIELD: Record<string, string> = { name: "Patient name", birthDate: "Date of birth", gender: "Sex" };

/** "Date of birth differs: 1980-02-03 (form.pdf), 1981-02-03 (note.pdf)". */
export function identityConflictText(c: NonNullable<IntakeResponse["identity_conflicts"]>[number]): string {
  const values = c.values.map((v) => `${c.field === "gender" ? (GENDER[v.value] ?? v.value) : v.value} (${v.document})`).join(", ");
  return `${IDENTITY_FIELD[c.field] ?? c.field} differs between documents: ${values}.`;
}

const ICD10 = /icd-10/i;
const NDC = /ndc/i;

/** The provenance row of a resource whose field matches one of the keywords (case-insensitive), in keyword order. */
export function evidenceFor(provenance: ProvenanceEntry[], resource: string, keywords: string[], fallbackToAny = false): ProvenanceEntry | null {
  const rows = provenance.filter((p) => p.resource === resource);
  for (const keyword of keywords) {
    const hit = rows.find((p) => p.field && p.field.toLowerCase().includes(keyword.toLowerCase()));
    if (hit) return hit;
  }
  return fallbackToAny ? (rows[0] ?? null) : null;
}

const GENDER: Record<string, string> = { M: "Male", F: "Female", O: "Other", U: "Unknown", male: "Male", female: "Female", other: "Other", unknown: "Unknown" };

export function formatBirthDate(value: string | undefined): string {
  if (!value) return "";
  const [y, m, d] = value.split("-").map(Number);
  if (!y || !m || !d) return value;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });
}

/** NDC as printed on packages: 11 digits as 5-4-2. */
export function formatNdc(code: string): string {
  const digits = code.replace(/\D/g, "");
  return digits.length === 11 ? `${digits.slice(0, 5)}-${digits.slice(5, 9)}-${digits.slice(9)}` : code;
}

const joinName = (n: { prefix?: string[]; given?: string[]; family?: string } | undefined) =>
  [...(n?.prefix ?? []), ...(n?.given ?? []), n?.family ?? ""].map((s) => s.trim()).filter(Boolean).join(" ");

function fact(key: string, label: string, value: string | null | undefined, evidence: ProvenanceEntry | null): Fact | null {
  const text = value?.toString().trim();
  return text ? { key, label, value: text, evidence } : null;
}
const present = (facts: (Fact | null)[]) => facts.filter((f): f is Fact => f !== null);

function patientView(p: FhirPatient, prov: ProvenanceEntry[]) {
  const ref = `Patient/${p.id}`;
  const memberId = p.identifier?.find((i) => i.value && i.type?.coding?.some((c) => c.code === "MB"))?.value;
  return {
    id: p.id,
    facts: present([
      fact(`${ref}:memberId`, "Member ID", memberId, evidenceFor(prov, ref, ["member"])),
      fact(`${ref}:name`, "Name", joinName(p.name?.[0]), evidenceFor(prov, ref, ["name", "given", "family"], true)),
      fact(`${ref}:birthDate`, "Date of birth", formatBirthDate(p.birthDate), evidenceFor(prov, ref, ["birth", "dob"])),
      fact(`${ref}:gender`, "Sex", p.gender ? (GENDER[p.gender] ?? p.gender) : null, evidenceFor(prov, ref, ["gender", "sex"])),
    ]),
  };
}

function prescriberView(pr: FhirPractitioner, prov: ProvenanceEntry[], checks: IntakeResponse["npi_checks"]) {
  const ref = `Practitioner/${pr.id}`;
  const npi = pr.identifier?.find((i) => i.value)?.value ?? null;
  const check = npi ? checks?.find((c) => c.npi === npi) : undefined;
  return {
    id: pr.id,
    npi,
    npiValid: check ? check.valid : null,
    facts: present([
      fact(`${ref}:name`, "Name", joinName(pr.name?.[0]), evidenceFor(prov, ref, ["name", "given", "family"], true)),
      fact(`${ref}:npi`, "NPI", npi, evidenceFor(prov, ref, ["npi", "identifier"])),
      fact(`${ref}:specialty`, "Specialty", pr.qualification?.[0]?.code?.text, evidenceFor(prov, ref, ["special", "qualification"])),
      fact(`${ref}:telecom`, "Contact", (pr.telecom ?? []).filter((t) => t.value).map((t) => `${t.system === "fax" ? "Fax" : "Phone"} ${t.value}`).join(" · "), evidenceFor(prov, ref, ["phone", "fax", "telecom"])),
    ]),
  };
}

function diagnosisView(c: FhirCondition, prov: ProvenanceEntry[], details: NonNullable<IntakeResponse["diagnosis_codes"]>) {
  const ref = `Condition/${c.id}`;
  const codings = c.code?.coding ?? [];
  const icd = codings.filter((x) => x.code && (!x.system || ICD10.test(x.system)));
  const codes = icd.map((x) => {
    const detail = details.find((d) => d.condition_id === c.id && d.code === x.code);
    return { code: x.code!, display: x.display ?? detail?.title ?? "", billable: detail ? detail.billable : null, warning: detail?.warning ?? null };
  });
  const name = c.code?.text || icd[0]?.display || codings[0]?.display || "";
  return {
    id: c.id,
    codes,
    facts: present([fact(`${ref}:diagnosis`, "Diagnosis", name || codes.map((x) => x.code).join(", "), evidenceFor(prov, ref, ["icd", "code", "diagnos", "name"], true))]),
  };
}

function medicationView(m: FhirMedicationRequest, prov: ProvenanceEntry[]) {
  const ref = `MedicationRequest/${m.id}`;
  const concept = m.medicationCodeableConcept;
  const ndc = concept?.coding?.find((x) => x.code && x.system && NDC.test(x.system))?.code;
  const dosage = m.dosageInstruction?.[0];
  const dose = dosage?.doseAndRate?.[0]?.doseQuantity;
  const units = m.extension?.find((e) => e.url.endsWith("total-units-requested"))?.valueDecimal ?? m.dispenseRequest?.quantity?.value;
  // The quantity's own unit ("16 injections"); never the dose's, which may differ ("160 mg").
  const unit = m.dispenseRequest?.quantity?.unit ?? "";
  const days = m.dispenseRequest?.expectedSupplyDuration?.value ?? NaN;
  return {
    id: m.id,
    facts: present([
      fact(`${ref}:name`, "Medication", concept?.display || concept?.text || concept?.coding?.[0]?.display, evidenceFor(prov, ref, ["name", "medication", "drug"], true)),
      fact(`${ref}:ndc`, "NDC", ndc ? formatNdc(ndc) : null, evidenceFor(prov, ref, ["ndc"])),
      fact(`${ref}:quantity`, "Quantity", units !== undefined ? `${units}${unit ? ` ${unit}` : ""}` : null, evidenceFor(prov, ref, ["quantity", "units"])),
      fact(`${ref}:daysSupply`, "Days supply", Number.isFinite(days) ? String(days) : null, evidenceFor(prov, ref, ["days"])),
      fact(`${ref}:dose`, "Dose", dose?.value !== undefined && dose.value !== "" ? `${dose.value} ${dose.unit ?? ""}` : null, evidenceFor(prov, ref, ["dose", "strength"])),
      fact(`${ref}:route`, "Route", dosage?.route?.text, evidenceFor(prov, ref, ["route"])),
      fact(`${ref}:directions`, "Directions", dosage?.text, evidenceFor(prov, ref, ["direction", "sig", "dosage"])),
    ]),
  };
}

/** The coverage as the header shows it; a member ID read with the patient (a PAS Patient's identifier) counts too. */
function coverageView(c: IntakeResponse["coverage"], patient: IntakeResponse["fhir"]["patient"]): IntakeView["coverage"] {
  const memberId = c?.member_id ?? patient?.identifier?.find((i) => i.value && i.type?.coding?.some((x) => x.code === "MB"))?.value ?? null;
  if (!c && !memberId) return null;
  return { memberId, payer: c?.payer ?? null, plan: c?.plan ?? null, group: c?.group ?? null };
}

export function intakeView(intake: IntakeResponse): IntakeView {
  const prov = intake.provenance ?? [];
  const c = intake.coverage;
  return {
    identityConflicts: (intake.identity_conflicts ?? []).map((conflict) => ({ field: conflict.field, text: identityConflictText(conflict) })),
    coverage: coverageView(c, intake.fhir.patient),
    patient: intake.fhir.patient ? patientView(intake.fhir.patient, prov) : null,
    prescribers: intake.fhir.practitioners.map((p) => prescriberView(p, prov, intake.npi_checks)),
    diagnoses: intake.fhir.diagnoses.map((d) => diagnosisView(d, prov, intake.diagnosis_codes ?? [])),
    medications: intake.fhir.medication_requests.map((m) => medicationView(m, prov)),
    services: (intake.requested_services ?? []).map((svc, i) => {
      const e = svc.evidence[0];
      const evidence: ProvenanceEntry | null = e ? { resource: `Service/${i}`, field: "procedureCode", ...e } : null;
      return { id: `service-${i}-${svc.code}`, facts: present([fact(`Service/${i}:code`, "Service", `${svc.system} ${svc.code}${svc.display ? ` (${svc.display})` : ""}`, evidence)]) };
    }),
    warnings: intake.warnings ?? [],
  };
}
