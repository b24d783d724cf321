import { expect, test, type APIRequestContext } from "@playwright/test";
import { createTestWorkspace } from "../support/workspace";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { CLINICAL_NOTE, uploadPdf } from "../support/cases";
import { apiClient, expectErrorBody } from "../support/api";
import { addMriPolicy, MRI_SERVICE, procedureFormPage } from "../support/procedure-request";

// Issue 22 items 1 and 2 over HTTP: a reviewer corrects intake facts (audited, with provenance, re-evaluated at once,
// kept over a re-read, counted in the metrics), and a notice is previewed before it is issued and refused while the
// patient or the drug is unread.

// One criterion the form's date of birth decides: the patient (born 2012) is under 18 as read.
const POLICY_TEXT = [
  "Acme Health Plan Drug Coverage Policy",
  "Epidiolex (cannabidiol oral solution)",
  "Effective Date: 01/01/2024",
  "Coverage Criteria",
  "Lennox-Gastaut Syndrome. Approve for 1 year if the patient meets ALL of the following criteria (1 and 2):",
  "1. Patient is 18 years of age or older; AND",
  "2. The medication is prescribed by or in consultation with a neurologist.",
].join("\n");

async function uploadText(request: APIRequestContext, apiKey: string, text: string, fileName: string) {
  const response = await request.post("/api/v1/documents", { headers: { "X-API-Key": apiKey, "Content-Type": "text/plain", "X-File-Name": fileName }, data: text });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; document_url: string };
}

async function caseWithPolicy(request: APIRequestContext, caseId: string) {
  const ws = await createTestWorkspace("Corrections");
  const api = apiClient(request, ws.apiKey);
  const policy = await request.post("/api/v1/policies", { headers: api.headers, data: { text: POLICY_TEXT, drug_names: ["Epidiolex (cannabidiol oral solution)"] } });
  expect(policy.status(), await policy.text()).toBe(201);
  const form = await uploadPdf(request, ws.apiKey, await makePdf([PA_FORM_PAGE]), "request-form.pdf");
  const created = await api.create({ case_id: caseId, document_url: form.document_url, synchronous_request: true });
  expect(created.status(), await created.text()).toBe(201);
  const priorAuth = (await created.json()) as { id: string; status: string };
  expect(priorAuth.status).toBe("Succeeded");
  return { ws, api, id: priorAuth.id, path: `/api/v1/prior_auths/${priorAuth.id}`, formId: form.id };
}

test("a corrected date of birth is audited with before and after, shown with its provenance, changes the decision, survives a re-read and is counted", async ({ request }) => {
  const { ws, api, id, path, formId } = await caseWithPolicy(request, "corr-dob");
  const first = await request.post(`${path}/determination`, { headers: api.headers });
  expect(first.status(), await first.text()).toBe(200);
  const before = (await first.json()).determination;
  expect(before.recommended_status).toBe("denied");
  expect(before.status).toBe("pending_review");

  // A name corrected from the form's own words: the provenance points at the page and the quote (as the page has it).
  const named = await request.post(`${path}/corrections`, {
    headers: api.headers,
    data: { field: "patient_name", value: { given: "Jane Quinn", family: "Doe" }, source: { kind: "document", document_id: formId, page: 1, quote: "member name:  JANE Q DOE" } },
  });
  expect(named.status(), await named.text()).toBe(201);
  const namedAnswer = await named.json();
  expect(namedAnswer.correction).toMatchObject({ field: "patient_name", before: { given: ["Jane", "Q"], family: "Doe" }, source: { kind: "document", document_id: formId, page: 1, quote: "Member Name: Jane Q Doe" } });
  // Re-evaluated at once; the age is unchanged, so is the recommendation.
  expect(namedAnswer.evaluation.determination.recommended_status).toBe("denied");
  expect((await api.getJson(id)).patient_name).toBe("Jane Quinn Doe");

  const intakeNow = async () => (await request.get(`${path}/intake?include=provenance`, { headers: api.headers })).json();
  expect((await intakeNow()).fhir.patient.name[0]).toMatchObject({ given: ["Jane", "Quinn"], family: "Doe" });

  // A re-read (documents added: every document is read again) keeps the correction on top.
  const note = await uploadText(request, ws.apiKey, "Progress note. Seizures continue.", "progress-note.txt");
  const added = await request.post(`${path}/documents`, { headers: api.headers, data: { document_urls: [note.document_url], synchronous_request: true } });
  expect(added.status(), await added.text()).toBe(200);
  expect((await api.events(id)).filter((e) => e.action === "prior_auth.succeeded")).toHaveLength(2);
  expect((await api.getJson(id)).patient_name).toBe("Jane Quinn Doe");
  const reread = await intakeNow();
  expect(reread.fhir.patient.name[0]).toMatchObject({ given: ["Jane", "Quinn"], family: "Doe" });
  expect(reread.corrections).toEqual([expect.objectContaining({ field: "patient_name", source: expect.objectContaining({ kind: "document", quote: "Member Name: Jane Q Doe", page: 1 }) })]);

  // Stated by phone: the clinic says the patient was born in 1990. The age criterion is met now and the engine approves.
  const corrected = await request.post(`${path}/corrections`, { headers: api.headers, data: { field: "birth_date", value: "1990-06-15", source: { kind: "phone" }, note: "Clinic confirmed by phone" } });
  expect(corrected.status(), await corrected.text()).toBe(201);
  const answer = await corrected.json();
  expect(answer.correction).toMatchObject({ field: "birth_date", value: "1990-06-15", before: "2012-06-15", source: { kind: "phone" }, note: "Clinic confirmed by phone", corrected_by: expect.stringContaining("API key") });
  expect(answer.evaluation.status).toBe("evaluated");
  expect(answer.evaluation.determination.id).not.toBe(before.id);
  expect(answer.evaluation.determination.recommended_status).toBe("approved");
  expect(answer.prior_auth.status).toBe("approved");
  const checks = (await (await request.get(`${path}/policy_checks`, { headers: api.headers })).json()).data as { policy_check: { step: number; outcome: string }[] }[];
  expect(checks[0].policy_check[0].outcome).toBe("met");
  expect(checks.at(-1)!.policy_check[0].outcome).toBe("not_met");

  const audit = (await api.events(id)).filter((e) => e.action === "intake.corrected");
  expect(audit.map((e) => e.details.field)).toEqual(["patient_name", "birth_date"]);
  expect(audit[0].details).toMatchObject({ before: { given: ["Jane", "Q"], family: "Doe" }, after: { given: ["Jane", "Quinn"], family: "Doe" }, source: { kind: "document", page: 1 } });
  expect(audit[1].details).toMatchObject({ before: "2012-06-15", after: "1990-06-15", source: { kind: "phone" }, note: "Clinic confirmed by phone" });
  const intake = await intakeNow();
  expect(intake.fhir.patient.birthDate).toBe("1990-06-15");
  expect(intake.corrections.map((c: { field: string; source: { kind: string } }) => [c.field, c.source.kind])).toEqual([["patient_name", "document"], ["birth_date", "phone"]]);
  // The approval's notice names the corrected patient.
  const notices = (await (await request.get(`${path}/notices`, { headers: api.headers })).json()).data;
  expect(notices[0].content.patient).toMatchObject({ name: "Jane Quinn Doe", birthDate: "1990-06-15" });

  const list = await (await request.get(`${path}/corrections`, { headers: api.headers })).json();
  expect(list.data.map((c: { field: string }) => c.field)).toEqual(["birth_date", "patient_name"]);

  // Measured: how often each field was corrected.
  const metrics = await (await request.get("/api/v1/reports/metrics", { headers: api.headers })).json();
  expect(metrics.corrections).toMatchObject({ total: 2, cases_corrected: 1, cases: 1 });
  const byField = Object.fromEntries(metrics.corrections.by_field.map((f: { field: string; corrections: number }) => [f.field, f.corrections]));
  expect(byField).toMatchObject({ birth_date: 1, patient_name: 1, drug: 0, diagnoses: 0 });
});

test("bad corrections are 400 naming the field; another workspace's case is 404; a closed case is 409", async ({ request }) => {
  const { api, path, formId } = await caseWithPolicy(request, "corr-bad");
  const post = (data: unknown) => request.post(`${path}/corrections`, { headers: api.headers, data });
  await expectErrorBody(await post({ field: "diagnoses", value: ["G40.8"], source: { kind: "reviewer" } }), 400, /value\[0\].*G40\.8 is a category, not billable/);
  await expectErrorBody(await post({ field: "diagnoses", value: ["Q99.99"], source: { kind: "reviewer" } }), 400, /not an ICD-10-CM code/);
  await expectErrorBody(await post({ field: "birth_date", value: "2012-02-30", source: { kind: "reviewer" } }), 400, /value: is not a real calendar date/);
  await expectErrorBody(await post({ field: "drug", value: { name: "Notadrugatall" }, source: { kind: "reviewer" } }), 400, /value\.name: Notadrugatall is not a drug of the vocabulary/);
  await expectErrorBody(await post({ field: "prescriber", value: { given: "Alan", family: "Grant", npi: "1234567890" }, source: { kind: "reviewer" } }), 400, /npi: is not a valid NPI/);
  await expectErrorBody(await post({ field: "specialty", value: { code: "0000000000" }, source: { kind: "reviewer" } }), 400, /NUCC/);
  await expectErrorBody(await post({ field: "weight", value: 70, source: { kind: "reviewer" } }), 400, /field must be one of patient_name/);
  await expectErrorBody(await post({ field: "sex", value: "female" }), 400, /source/);
  await expectErrorBody(await post({ field: "sex", value: "female", source: { kind: "document", document_id: formId, page: 1, quote: "Sex: Male" } }), 400, /source\.quote: these words are not on page 1/);
  await expectErrorBody(await post({ field: "sex", value: "female", source: { kind: "document", document_id: formId, page: 4, quote: "Sex" } }), 400, /source\.page/);
  await expectErrorBody(await post({ field: "sex", value: "female", source: { kind: "document", document_id: "00000000-0000-4000-8000-000000000000", page: 1, quote: "Sex" } }), 400, /source\.document_id/);
  // Nothing was recorded by the refusals.
  expect((await (await request.get(`${path}/corrections`, { headers: api.headers })).json()).data).toEqual([]);

  // Specialty by NUCC code and diagnoses by billable codes: the intake carries the official names.
  const specialty = await post({ field: "specialty", value: { code: "2084N0400X" }, source: { kind: "reviewer" } });
  expect(specialty.status(), await specialty.text()).toBe(201);
  expect((await specialty.json()).correction.value).toEqual({ code: "2084N0400X", name: "Psychiatry & Neurology, Neurology" });
  const dx = await post({ field: "diagnoses", value: ["g40.812"], source: { kind: "reviewer" } });
  expect(dx.status(), await dx.text()).toBe(201);
  expect((await dx.json()).correction.value).toEqual([{ code: "G40.812", title: expect.stringContaining("Lennox-Gastaut") }]);

  const other = await createTestWorkspace("Corrections other");
  const foreign = { "X-API-Key": other.apiKey };
  await expectErrorBody(await request.post(`${path}/corrections`, { headers: foreign, data: { field: "sex", value: "female", source: { kind: "reviewer" } } }), 404);
  await expectErrorBody(await request.get(`${path}/corrections`, { headers: foreign }), 404);
  await expectErrorBody(await request.get(`${path}/notice_preview?outcome=approved`, { headers: foreign }), 404);

  expect((await api.cancel(path.split("/").pop()!, "withdrawn")).status()).toBe(200);
  await expectErrorBody(await post({ field: "sex", value: "female", source: { kind: "reviewer" } }), 409, /Cancelled/);
});

test("the notice preview is the notice a decision issues, from corrected facts; a notice waits while the patient or drug is unread", async ({ request }) => {
  const ws = await createTestWorkspace("Notice preview");
  const api = apiClient(request, ws.apiKey);
  // A clinical note alone: neither the patient's name nor a requested drug is stated.
  const note = await uploadPdf(request, ws.apiKey, await makePdf([CLINICAL_NOTE]), "chart-note.pdf");
  const created = await (await api.create({ case_id: "corr-notice", document_url: note.document_url, synchronous_request: true })).json();
  const path = `/api/v1/prior_auths/${created.id}`;

  const preview = async (query: string) => {
    const response = await request.get(`${path}/notice_preview?${query}`, { headers: api.headers });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  const unread = await preview("outcome=approved");
  expect(unread.ready).toBe(false);
  expect(unread.unverified.map((u: { field: string }) => u.field)).toContain("patient_name");
  await expectErrorBody(await request.get(`${path}/notice_preview?outcome=maybe`, { headers: api.headers }), 400, /outcome/);

  const refused = await request.post(`${path}/review`, { headers: api.headers, data: { decision: "approved", note: "Criteria met." } });
  await expectErrorBody(refused, 422, /The notice cannot be issued: .*correct the patient name first/);
  expect((await api.getJson(created.id)).status).toBe("Succeeded");

  for (const data of [
    { field: "patient_name", value: { given: "Harold J.", family: "Mensah" }, source: { kind: "phone" } },
    { field: "drug", value: { name: "repatha", ndc: "72511-0760-01" }, source: { kind: "reviewer" } },
    { field: "quantity", value: { value: 2, unit: "pens" }, source: { kind: "reviewer" } },
    { field: "days_supply", value: 28, source: { kind: "reviewer" } },
  ]) {
    const response = await request.post(`${path}/corrections`, { headers: api.headers, data });
    expect(response.status(), await response.text()).toBe(201);
    // No policy for this drug in the workspace: the correction stands and the answer says why nothing was decided.
    expect((await response.json()).evaluation).toMatchObject({ status: "not_evaluated", reason: expect.any(String), determination: null });
  }
  const ready = await preview("outcome=approved&note=Criteria%20met.");
  expect(ready.ready).toBe(true);
  expect(ready.notice).toMatchObject({ title: "Notice of approval", patient: { name: "Harold J. Mensah" }, drug: { name: "Repatha", quantity: 2, quantityUnit: "pens", daysSupply: 28 } });
  expect(ready.notice.decision).toContain("Repatha, 2 pens for 28 days");
  const pdf = await request.get(`${path}/notice_preview?outcome=approved&format=pdf`, { headers: api.headers });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The decision issues exactly the previewed notice (its issue time aside).
  const review = await request.post(`${path}/review`, { headers: api.headers, data: { decision: "approved", note: "Criteria met." } });
  expect(review.status(), await review.text()).toBe(201);
  const notice = await (await request.get(`/api/v1/notices/${(await review.json()).notice_id}`, { headers: api.headers })).json();
  const withoutIssueTime = (n: Record<string, unknown>) => ({ ...n, issued_at: null });
  expect(withoutIssueTime(notice.content)).toEqual(withoutIssueTime(ready.notice));
  expect(notice.content.patient.name).toBe("Harold J. Mensah");
});

test("an engine approval (the workspace's rule 'Engine approvals are final') waits for a person while the patient is unread, and is issued once corrected", async ({ request }) => {
  const ws = await createTestWorkspace("Engine notice gate");
  const api = apiClient(request, ws.apiKey);
  const settings = await (await request.get("/api/v1/workspace", { headers: api.headers })).json();
  expect(settings.engine_approvals_final).toBe(true);
  // Both criteria are met by the form, whose patient name line is missing: the engine alone would approve.
  const policyText = POLICY_TEXT.replace("18 years of age or older", "6 years of age or older");
  const policy = await request.post("/api/v1/policies", { headers: api.headers, data: { text: policyText, drug_names: ["Epidiolex (cannabidiol oral solution)"] } });
  expect(policy.status(), await policy.text()).toBe(201);
  const nameless = PA_FORM_PAGE.split("\n").filter((line) => !line.startsWith("Member Name")).join("\n");
  const form = await uploadPdf(request, ws.apiKey, await makePdf([nameless]), "request-form.pdf");
  const created = await api.create({ case_id: "corr-engine-gate", document_url: form.document_url, synchronous_request: true });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const path = `/api/v1/prior_auths/${id}`;

  const first = await request.post(`${path}/determination`, { headers: api.headers });
  expect(first.status(), await first.text()).toBe(200);
  const held = (await first.json()).determination;
  expect(held).toMatchObject({ status: "pending_review", recommended_status: "approved", approved_automatically: null });
  expect(held.unverified_facts).toEqual([{ field: "patient_name", message: expect.stringContaining("correct the patient name first") }]);
  expect(held.reasoning.map((r: { description: string }) => r.description)).toContainEqual(expect.stringMatching(/^Notice held: The patient's name was not read/));
  expect((await api.getJson(id)).status).toBe("pending_review");
  // No notice went out naming nobody.
  const noticesOf = async () => (await (await request.get(`${path}/notices`, { headers: api.headers })).json()).data as { outcome: string; content: { patient: { name: string } } }[];
  expect(await noticesOf()).toEqual([]);

  // A person verifies the name: the case is re-evaluated at once, the engine's approval stands and its notice names the patient.
  const corrected = await request.post(`${path}/corrections`, { headers: api.headers, data: { field: "patient_name", value: { given: "Jane", family: "Doe" }, source: { kind: "phone" } } });
  expect(corrected.status(), await corrected.text()).toBe(201);
  const answer = await corrected.json();
  expect(answer.evaluation.determination).toMatchObject({ status: "approved", unverified_facts: [], approved_automatically: { rule: expect.any(String) } });
  expect(answer.prior_auth.status).toBe("approved");
  const notices = await noticesOf();
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatchObject({ outcome: "approved", content: { patient: { name: "Jane Doe" } } });
});

test("the vocabulary look-up a correction picks from: drugs, billable ICD-10-CM codes, NUCC specialties; zod-checked and signed in", async ({ request }) => {
  const ws = await createTestWorkspace("Vocabulary");
  const headers = { "X-API-Key": ws.apiKey };
  const lookUp = async (query: string) => {
    const response = await request.get(`/api/v1/vocabulary?${query}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { value: string; label: string; billable: boolean }[] }).data;
  };
  expect((await lookUp("kind=drug&q=repat"))[0]).toMatchObject({ value: "Repatha", label: "Repatha (evolocumab)" });
  // Words in any order, each by its start; billable codes first, a category marked as such.
  const byWords = await lookUp("kind=diagnosis&q=gastaut%20lennox&limit=5");
  expect(byWords.length).toBeLessThanOrEqual(5);
  expect(byWords[0]).toMatchObject({ billable: true, label: expect.stringContaining("Lennox-Gastaut") });
  expect((await lookUp("kind=diagnosis&q=G40.8&limit=3"))[0]).toEqual({ value: "G40.8", label: expect.any(String), detail: null, billable: false });
  expect((await lookUp("kind=specialty&q=neurology")).map((t) => t.value)).toContain("2084N0400X");
  expect(await lookUp("kind=drug&q=zzqqxx")).toEqual([]);

  await expectErrorBody(await request.get("/api/v1/vocabulary?kind=planet&q=mars", { headers }), 400, /kind: must be one of drug, diagnosis, specialty/);
  await expectErrorBody(await request.get("/api/v1/vocabulary?kind=drug&q=r", { headers }), 400, /q: must have at least 2 characters/);
  await expectErrorBody(await request.get("/api/v1/vocabulary?kind=drug&q=re&limit=500", { headers }), 400, /limit: must be at most 50/);
  await expectErrorBody(await request.get("/api/v1/vocabulary?kind=drug&q=re&extra=1", { headers }), 400);
  await expectErrorBody(await request.get("/api/v1/vocabulary?kind=drug&q=repatha"), 401);
});

test("a procedure request passes the notice gate with its CPT code read: the engine's approval issues a notice naming the service", async ({ request }) => {
  const ws = await createTestWorkspace("Procedure notice gate");
  const api = apiClient(request, ws.apiKey);
  await addMriPolicy(request, ws.apiKey);
  const form = await uploadPdf(request, ws.apiKey, await makePdf([procedureFormPage()]), "mri-request.pdf");
  const created = await api.create({ case_id: "proc-engine", document_url: form.document_url, synchronous_request: true });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const path = `/api/v1/prior_auths/${id}`;
  const intake = await (await request.get(`${path}/intake?include=provenance`, { headers: api.headers })).json();
  expect(intake.requested_services).toEqual([{ code: "70553", system: "CPT", display: null, evidence: [expect.objectContaining({ document_id: form.id, page: 1, quote: "70553" })] }]);
  expect(intake.fhir.medication_requests).toEqual([]);

  const decided = await request.post(`${path}/determination`, { headers: api.headers });
  expect(decided.status(), await decided.text()).toBe(200);
  const determination = (await decided.json()).determination;
  expect(determination).toMatchObject({ status: "approved", unverified_facts: [], approved_automatically: { rule: expect.any(String) } });
  const notices = (await (await request.get(`${path}/notices`, { headers: api.headers })).json()).data;
  expect(notices).toHaveLength(1);
  expect(notices[0].content).toMatchObject({ outcome: "approved", patient: { name: "Jane Q Doe" }, drug: { name: null }, service: { code: "70553", system: "CPT" } });
  expect(notices[0].content.decision).toMatch(/^The request for CPT 70553 is approved under /);
  const letter = await request.get(`/api/v1/notices/${notices[0].id}/pdf`, { headers: api.headers });
  expect(letter.status()).toBe(200);
});

test("a procedure request whose code was not read waits for a person; a corrected service code verifies it and the notice names it", async ({ request }) => {
  const ws = await createTestWorkspace("Procedure correction");
  const api = apiClient(request, ws.apiKey);
  const form = await uploadPdf(request, ws.apiKey, await makePdf([procedureFormPage({ withoutCode: true })]), "mri-request.pdf");
  const created = await (await api.create({ case_id: "proc-correct", document_url: form.document_url, synchronous_request: true })).json();
  const path = `/api/v1/prior_auths/${created.id}`;
  const preview = async () => {
    const response = await request.get(`${path}/notice_preview?outcome=approved&note=Criteria%20met.`, { headers: api.headers });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  const unread = await preview();
  expect(unread.ready).toBe(false);
  expect(unread.unverified).toEqual([{ field: "drug", message: expect.stringContaining("Neither a requested drug nor a service code was read") }]);
  await expectErrorBody(await request.post(`${path}/review`, { headers: api.headers, data: { decision: "approved", note: "Criteria met." } }), 422, /the service code of a procedure/);

  // Codes that are neither CPT nor HCPCS are refused naming the value.
  for (const code of ["7055", "Z9999", "ABCDE"]) {
    await expectErrorBody(await request.post(`${path}/corrections`, { headers: api.headers, data: { field: "service", value: { code }, source: { kind: "reviewer" } } }), 400, /value\.code/);
  }
  const corrected = await request.post(`${path}/corrections`, {
    headers: api.headers,
    data: { field: "service", value: { code: "70553", display: MRI_SERVICE }, source: { kind: "document", document_id: form.id, page: 1, quote: `Requested service: ${MRI_SERVICE}` }, note: "The form names the study in words" },
  });
  expect(corrected.status(), await corrected.text()).toBe(201);
  expect((await corrected.json()).correction).toMatchObject({ field: "service", before: null, value: { code: "70553", system: "CPT", display: MRI_SERVICE }, source: { kind: "document", page: 1 } });
  const intake = await (await request.get(`${path}/intake`, { headers: api.headers })).json();
  expect(intake.requested_services).toEqual([{ code: "70553", system: "CPT", display: MRI_SERVICE, evidence: [expect.objectContaining({ quote: `Requested service: ${MRI_SERVICE}` })] }]);
  expect(intake.corrections).toContainEqual(expect.objectContaining({ field: "service" }));

  const ready = await preview();
  expect(ready.ready).toBe(true);
  expect(ready.notice).toMatchObject({ patient: { name: "Jane Q Doe" }, service: { code: "70553", system: "CPT", display: MRI_SERVICE } });
  expect(ready.notice.decision).toBe(`The request for CPT 70553 (${MRI_SERVICE}) is approved under the plan's criteria.`);
  const review = await request.post(`${path}/review`, { headers: api.headers, data: { decision: "approved", note: "Criteria met." } });
  expect(review.status(), await review.text()).toBe(201);
  const notice = await (await request.get(`/api/v1/notices/${(await review.json()).notice_id}`, { headers: api.headers })).json();
  expect(notice.content.service).toEqual({ code: "70553", system: "CPT", display: MRI_SERVICE });

  // Counted among the corrections: the engine's reading of service codes as reviewers see it.
  const metrics = await (await request.get("/api/v1/reports/metrics", { headers: api.headers })).json();
  expect(metrics.corrections.by_field).toContainEqual(expect.objectContaining({ field: "service", corrections: 1, cases_corrected: 1 }));
});
