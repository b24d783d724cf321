import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { startDocServer, send } from "../support/doc-server";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { apiClient } from "../support/api";
import { validateFhirResource } from "../../lib/fhir/validate-fhir";

let a: TestWorkspace;
let b: TestWorkspace;
let docs: Awaited<ReturnType<typeof startDocServer>>;

const NOTE = [
  "Progress note",
  "Assessment: Lennox-Gastaut syndrome (G40.811). Seizures persist despite treatment.",
  "Prior treatments: clobazam 10 mg daily from 01/2023 to 06/2023, failed (inadequate response).",
  "Valproic acid 250 mg twice daily, discontinued due to intolerance.",
].join("\n");

test.beforeAll(async () => {
  [a, b] = await Promise.all([createTestWorkspace("Intake"), createTestWorkspace("IntakeOther")]);
  docs = await startDocServer({
    "/form.pdf": send("application/pdf", await makePdf([PA_FORM_PAGE, NOTE])),
    "/bundle.json": send("application/fhir+json", JSON.stringify({
      resourceType: "Bundle", type: "collection",
      entry: [
        { resource: { resourceType: "Patient", id: "p", name: [{ given: ["Ana"], family: "Silva" }], gender: "female", birthDate: "1980-03-04" } },
        { resource: { resourceType: "Condition", id: "c", subject: { reference: "Patient/p" }, code: { coding: [
          { system: "http://hl7.org/fhir/sid/icd-10-cm", code: "L20.9", display: "Atopic dermatitis, unspecified" },
          { system: "http://snomed.info/sct", code: "24079001", display: "Atopic dermatitis" },
        ] } } },
        { resource: { resourceType: "MedicationRequest", id: "m", status: "active", intent: "order", subject: { reference: "Patient/p" },
          medicationCodeableConcept: { coding: [{ system: "http://www.nlm.nih.gov/research/umls/rxnorm", code: "1876376", display: "dupilumab 300 MG/2ML Prefilled Syringe" }], text: "Dupixent 300 mg/2 mL" },
          dispenseRequest: { quantity: { value: 4, unit: "syringe" }, expectedSupplyDuration: { value: 56, unit: "days" } } } },
      ],
    })),
  });
});

test.afterAll(async () => docs?.close());

test("GET /intake returns every field of spec 2.3 from a filled PA form", async ({ request }) => {
  const api = apiClient(request, a.apiKey);
  const created = await (await api.create({ case_id: "intake-form", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  expect(created.status).toBe("Succeeded");
  const response = await request.get(`/api/v1/prior_auths/${created.id}/intake`, { headers: api.headers });
  expect(response.status()).toBe(200);
  const { fhir } = await response.json();

  expect(fhir.patient).toMatchObject({ resourceType: "Patient", active: true, gender: "F", birthDate: "2012-06-15" });
  expect(typeof fhir.patient.id).toBe("string");
  expect(fhir.patient.name[0]).toMatchObject({ use: expect.any(String), family: "Doe" });
  expect(fhir.patient.name[0].given).toContain("Jane");
  expect(fhir.patient.identifier).toContainEqual(expect.objectContaining({ value: "XJ4418820", type: expect.objectContaining({ coding: [expect.objectContaining({ code: "MB" })] }) }));

  const prescriber = fhir.practitioners[0];
  expect(prescriber).toMatchObject({ resourceType: "Practitioner", active: true });
  expect(prescriber.identifier[0]).toMatchObject({
    use: expect.any(String), system: "http://hl7.org/fhir/sid/us-npi", value: "1234567893",
    type: { coding: [expect.objectContaining({ system: expect.any(String), code: "NPI", display: expect.any(String) })] },
  });
  expect(prescriber.name[0]).toMatchObject({ family: "Grant", prefix: expect.any(Array), given: expect.any(Array) });
  expect(prescriber).not.toHaveProperty("telecom"); // the form gives no phone: no empty telecom (FHIR JSON forbids empty arrays)
  expect(prescriber.address[0]).toMatchObject({ use: expect.any(String), type: expect.any(String), country: expect.any(String) });
  expect(prescriber.qualification[0].code.text).toBe("Neurology");

  const condition = fhir.diagnoses.find((d: { code: { coding: { code: string }[] } }) => d.code.coding.some((c) => c.code === "G40.811"));
  expect(condition).toBeTruthy();
  expect(condition.resourceType).toBe("Condition");
  expect(condition.clinicalStatus.coding[0]).toMatchObject({ system: expect.any(String), code: expect.any(String), display: expect.any(String) });
  expect(condition.verificationStatus.coding[0]).toMatchObject({ system: expect.any(String), code: expect.any(String), display: expect.any(String) });
  expect(condition.code.coding[0].system).toBe("http://hl7.org/fhir/sid/icd-10-cm");
  expect(typeof condition.code.text).toBe("string");
  expect(condition.subject).toEqual({ reference: `Patient/${fhir.patient.id}`, type: "Patient" });
  expect(condition.code.coding[0].display).toBe("Lennox-Gastaut syndrome, not intractable, with status epilepticus");
  const summary = condition.extension.find((e: { url: string }) => e.url.endsWith("/ai-summary"));
  expect(summary.valueString).toContain("G40.811");
  const tags = Object.fromEntries(condition.meta.tag.map((t: { code: string; display: string }) => [t.code, t.display]));
  expect(Object.keys(tags).sort()).toEqual(["description", "diagnosis_codes", "diagnosis_name"]);
  expect(JSON.parse(tags.diagnosis_codes)).toContain("G40.811");

  const med = fhir.medication_requests[0];
  expect(med).toMatchObject({ resourceType: "MedicationRequest", status: expect.any(String), intent: expect.any(String) });
  expect(med.medicationCodeableConcept.display).toMatch(/Epidiolex/i);
  expect(med.medicationCodeableConcept.coding[0]).toMatchObject({ system: "http://hl7.org/fhir/sid/ndc", code: "70127010001" });
  expect(med.dosageInstruction[0].text).toMatch(/5 mL/);
  expect(med.dosageInstruction[0].route).toEqual({ text: expect.any(String) });
  const dose = med.dosageInstruction[0].doseAndRate?.[0]?.doseQuantity;
  if (dose) expect([typeof dose.value, typeof dose.unit]).toEqual(["string", "string"]);
  expect(med.subject).toEqual({ reference: `Patient/${fhir.patient.id}`, type: "Patient" });
  expect(med.reasonCode[0].coding[0]).toMatchObject({ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "G40.811" });
  expect(med.extension.find((e: { url: string }) => e.url.endsWith("/total-units-requested")).valueDecimal).toBe(300);
  expect(med.extension.find((e: { url: string }) => e.url.endsWith("/ai-summary")).valueString).toMatch(/Epidiolex/i);
});

test("?format=bundle is a FHIR R4 collection Bundle that validates; ?include=provenance cites the document", async ({ request }) => {
  const api = apiClient(request, a.apiKey);
  const created = await (await api.create({ case_id: "intake-bundle", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  const bundle = await (await request.get(`/api/v1/prior_auths/${created.id}/intake?format=bundle`, { headers: api.headers })).json();
  expect(bundle).toMatchObject({ resourceType: "Bundle", type: "collection" });
  const patient = bundle.entry.find((e: { resource: { resourceType: string } }) => e.resource.resourceType === "Patient").resource;
  expect(patient.gender).toBe("female");
  const coverage = bundle.entry.find((e: { resource: { resourceType: string } }) => e.resource.resourceType === "Coverage").resource;
  expect(coverage).toMatchObject({ subscriberId: "XJ4418820", beneficiary: { reference: `urn:uuid:${patient.id}` } });
  expect(await validateFhirResource(bundle)).toEqual([]);

  const withProvenance = await (await request.get(`/api/v1/prior_auths/${created.id}/intake?include=provenance`, { headers: api.headers })).json();
  const [document] = await api.documents(created.id);
  const dob = withProvenance.provenance.find((p: { field: string }) => p.field === "birthDate");
  expect(dob).toMatchObject({ document_id: document.id, page: 1 });
  const pageText = document.pages.find((p: { page: number }) => p.page === dob.page).text;
  expect(pageText.slice(dob.start, dob.end)).toBe(dob.quote);
  expect(withProvenance.npi_checks).toContainEqual({ npi: "1234567893", valid: true });
});

test("FHIR Bundles and ePA payloads: SNOMED and RxNorm go to the R4 Bundle only, never relabelled", async ({ request }) => {
  const api = apiClient(request, a.apiKey);
  const fromBundle = await (await api.create({ case_id: "intake-fhir", ePA: { document_urls: [docs.url("/bundle.json")] }, synchronous_request: true })).json();
  const { fhir } = await (await request.get(`/api/v1/prior_auths/${fromBundle.id}/intake`, { headers: api.headers })).json();
  expect(fhir.patient).toMatchObject({ gender: "F", birthDate: "1980-03-04" });
  const codings = fhir.diagnoses[0].code.coding;
  expect(codings[0]).toMatchObject({ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "L20.9" });
  expect(codings.map((c: { system: string }) => c.system)).toEqual(["http://hl7.org/fhir/sid/icd-10-cm"]);
  expect(fhir.medication_requests[0].medicationCodeableConcept).not.toHaveProperty("coding");
  const bundle = await (await request.get(`/api/v1/prior_auths/${fromBundle.id}/intake?format=bundle`, { headers: api.headers })).json();
  const resources = bundle.entry.map((e: { resource: unknown }) => e.resource) as { resourceType: string; code?: { coding: { code: string }[] }; medicationCodeableConcept?: { coding: { system: string; code: string }[] } }[];
  expect(resources.find((r) => r.resourceType === "Condition")!.code!.coding).toContainEqual(expect.objectContaining({ system: "http://snomed.info/sct", code: "24079001" }));
  const medCodings = resources.find((r) => r.resourceType === "MedicationRequest")!.medicationCodeableConcept!.coding;
  expect(medCodings.some((c) => c.system === "http://hl7.org/fhir/sid/ndc")).toBe(false);
  expect(medCodings).toContainEqual(expect.objectContaining({ code: "1876376" }));

  const fromEpa = await (await api.create({
    case_id: "intake-epa",
    ePA: { epa_payload: {
      patient: { first_name: "Sam", last_name: "Lee", birth_date: "1990-01-02", gender: "M", member_id: "M-1" },
      prescriber: { first_name: "Rita", last_name: "Moss", npi: "1234567893", specialty: "Dermatology" },
      medication: { drug_name: "Dupixent", ndc: "0024-5915-02", quantity: 2, days_supply: 28, directions: "Inject 300 mg every 2 weeks" },
      diagnoses: [{ code: "L209", description: "Atopic dermatitis" }],
    } },
    synchronous_request: true,
  })).json();
  expect(fromEpa.status).toBe("Succeeded");
  const epa = (await (await request.get(`/api/v1/prior_auths/${fromEpa.id}/intake`, { headers: api.headers })).json()).fhir;
  expect(epa.patient).toMatchObject({ gender: "M", birthDate: "1990-01-02" });
  expect(epa.practitioners[0].qualification[0].code.text).toBe("Dermatology");
  expect(epa.diagnoses[0].code.coding[0].code).toBe("L20.9");
  expect(epa.medication_requests[0].medicationCodeableConcept.coding[0].code).toBe("00024591502");
});

test("409 while processing, 404 for unknown and other workspaces' cases", async ({ request }) => {
  const api = apiClient(request, a.apiKey);
  const held = await startDocServer({ "/held.pdf": () => {} });
  try {
    const created = await (await api.create({ case_id: "intake-held", document_url: held.url("/held.pdf") })).json();
    const early = await request.get(`/api/v1/prior_auths/${created.id}/intake`, { headers: api.headers });
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toContain("processing");
    expect((await request.get(`/api/v1/prior_auths/${created.id}/intake`, { headers: { "X-API-Key": b.apiKey } })).status()).toBe(404);
  } finally {
    await held.close();
  }
  expect((await request.get("/api/v1/prior_auths/3b8f7a1c-0d5e-4d3a-9b2f-6c1e0a9d8e77/intake", { headers: api.headers })).status()).toBe(404);
});
