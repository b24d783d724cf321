import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { startDocServer, send } from "../support/doc-server";
import { apiClient } from "../support/api";
import { logIn } from "../support/portal";

// A payer policy written here (no corpus): one indication, ALL of three criteria.
const policyText = (minAge: number) => [
  "Acme Health Plan Drug Coverage Policy",
  "Epidiolex (cannabidiol oral solution)",
  "Effective Date: 01/01/2024",
  "Coverage Criteria",
  "Lennox-Gastaut Syndrome. Approve for 1 year if the patient meets ALL of the following criteria (1, 2 and 3):",
  `1. Patient is ${minAge} years of age or older; AND`,
  "2. Patient has tried at least two other antiseizure drugs; AND",
  "3. The medication is prescribed by or in consultation with a neurologist.",
].join("\n");

const claim = (id: string, drug: string, status: string, date: string) => ({ claim_id: id, date, type: "pharmacy", status, drug_name: drug, days_supply: 30 });

let docs: Awaited<ReturnType<typeof startDocServer>>;
test.beforeAll(async () => {
  docs = await startDocServer({
    "/form.pdf": send("application/pdf", await makePdf([PA_FORM_PAGE])),
    "/trials.txt": send("text/plain", "Progress note 02/01/2024. Treatment history: clobazam 10 mg daily 01/2023 - 06/2023, failed (seizures continued). Valproic acid 500 mg twice daily 07/2023 - 12/2023, failed."),
  });
});
test.afterAll(async () => docs?.close());

async function workspaceWithPolicy(playwright: import("@playwright/test").PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, minAge: number, opts: { autoEvaluate?: boolean } = {}): Promise<TestWorkspace> {
  const ws = await createTestWorkspace("Determination", opts);
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
  const policy = await admin.post("/api/v1/policies", { data: { text: policyText(minAge), drug_names: ["Epidiolex (cannabidiol oral solution)"] } });
  expect(policy.status()).toBe(201);
  await admin.dispose();
  return ws;
}

test("missing step-therapy evidence is a request for information; paid claims arrive and the next determination approves", async ({ request, playwright, baseURL }) => {
  const ws = await workspaceWithPolicy(playwright, baseURL, 1);
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "det-rfi", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  expect(created.status).toBe("Succeeded");
  const path = `/api/v1/prior_auths/${created.id}`;

  const check = await request.post(`${path}/policy_check`, { headers: api.headers });
  expect(check.status()).toBe(200);
  const steps = (await check.json()).policy_check as { step: number; passed: boolean; outcome: string; reason: string; policy_guideline_quoted_source: string }[];
  expect(steps.map((s) => s.step)).toEqual(steps.map((_, i) => i + 1));
  expect(steps.some((s) => s.outcome === "missing")).toBe(true);
  for (const s of steps) expect(s.policy_guideline_quoted_source.length).toBeGreaterThan(0);

  const first = (await (await request.post(`${path}/determination`, { headers: api.headers })).json()).determination;
  expect(first.status).toBe("request_for_information");
  expect(first.missing_information.length).toBeGreaterThan(0);
  expect(first.recommendation).toContain("Request information");
  expect(first.generated_at).toMatch(/Z$|[+-]\d\d:\d\d$/);
  expect((await api.getJson(created.id)).status).toBe("request_for_information");

  // Only denied or pending claims: not counted as trials.
  await request.post(`${path}/supporting_information`, { headers: api.headers, data: { claim_history: { data: [claim("D1", "clobazam", "denied", "2024-01-05"), claim("D2", "valproic acid", "pending", "2024-02-05")] } } });
  expect((await api.getJson(created.id)).status).toBe("Succeeded"); // re-opened
  const stillMissing = (await (await request.post(`${path}/determination`, { headers: api.headers })).json()).determination;
  expect(stillMissing.status).not.toBe("approved");

  await request.post(`${path}/supporting_information`, { headers: api.headers, data: { claim_history: { data: [claim("P1", "clobazam", "paid", "2024-01-05"), claim("P2", "valproic acid", "paid", "2024-03-05")] } } });
  const approved = (await (await request.post(`${path}/determination`, { headers: api.headers })).json()).determination;
  expect(approved.status).toBe("approved");
  expect(approved.references).toContain("Claim history");
  expect(approved.reasoning.map((r: { source: string }) => r.source)).toContain("Claim history");
  const final = await api.getJson(created.id);
  expect(final.status).toBe("approved");
  expect(final.decided_at).not.toBeNull();

  // Reproducible: the same inputs give the same content.
  const again = (await (await request.post(`${path}/determination`, { headers: api.headers })).json()).determination;
  expect(again.content_digest).toBe(approved.content_digest);
  expect(again.inputs_digest).toBe(approved.inputs_digest);
  const history = (await (await request.get(`${path}/determinations`, { headers: api.headers })).json()).data;
  expect(history.length).toBe(4);
});

test("ready cases: the check and determination run in the background when intake finishes and again when claims arrive; each run shows once; an engine approval is labelled", async ({ request, playwright, baseURL }) => {
  const ws = await workspaceWithPolicy(playwright, baseURL, 1, { autoEvaluate: true });
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "det-ready", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  const path = `/api/v1/prior_auths/${created.id}`;
  // Nobody runs anything: the case moves on by itself (the step-therapy evidence is missing: information is requested).
  await expect.poll(async () => (await api.getJson(created.id)).status, { timeout: 30_000 }).toBe("request_for_information");
  const ready = await api.getJson(created.id);
  expect(ready).toMatchObject({ engine_recommendation: "request_for_information", policy_title: expect.stringContaining("Epidiolex"), decided_by: null });
  const actionsOf = async () => (await api.events(created.id)).map((e) => e.action);
  expect((await actionsOf()).filter((a) => a === "policy_check.completed")).toHaveLength(1);
  expect((await actionsOf()).filter((a) => a === "determination.created")).toHaveLength(1);
  // The engine's request for information is a notice listing what to send.
  const [rfiNotice] = (await (await request.get(`${path}/notices`, { headers: api.headers })).json()).data;
  expect(rfiNotice).toMatchObject({ outcome: "request_for_information", content: { decided_by: "engine" } });
  expect(rfiNotice.content.requested_information.length).toBeGreaterThan(0);

  // Paid claims arrive: the case re-opens and is evaluated again, without anyone clicking.
  await request.post(`${path}/supporting_information`, { headers: api.headers, data: { claim_history: { data: [claim("R1", "clobazam", "paid", "2024-01-05"), claim("R2", "valproic acid", "paid", "2024-03-05")] } } });
  await expect.poll(async () => (await api.getJson(created.id)).status, { timeout: 30_000 }).toBe("approved");
  expect(await api.getJson(created.id)).toMatchObject({ decided_by: "engine", engine_recommendation: "approved" });
  const [latest] = (await (await request.get(`${path}/determinations`, { headers: api.headers })).json()).data;
  expect(latest.approved_automatically).toEqual({ rule: expect.stringContaining("cited evidence") });
  expect((await actionsOf()).filter((a) => a === "determination.created")).toHaveLength(2);
});

test("a request for information is answered with documents: the case is read again, re-evaluated and leaves the wait; closed cases take none", async ({ request, playwright, baseURL }) => {
  const ws = await workspaceWithPolicy(playwright, baseURL, 1, { autoEvaluate: true });
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "det-answer", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  const path = `/api/v1/prior_auths/${created.id}`;
  await expect.poll(async () => (await api.getJson(created.id)).status, { timeout: 30_000 }).toBe("request_for_information");

  expect((await request.post(`${path}/documents`, { headers: api.headers, data: { document_urls: [] } })).status()).toBe(400);
  const added = await request.post(`${path}/documents`, { headers: api.headers, data: { document_urls: [docs.url("/trials.txt")], note: "Chart notes sent by the prescriber" } });
  expect(added.status()).toBe(202);
  expect(await added.json()).toMatchObject({ status: "Processing" });
  // Read again with both documents, evaluated again: no longer waiting.
  await expect.poll(async () => (await (await request.get(`${path}/determinations`, { headers: api.headers })).json()).data.length, { timeout: 30_000 }).toBe(2);
  const after = await api.getJson(created.id);
  expect(["approved", "pending_review"]).toContain(after.status);
  expect((await api.documents(created.id)).length).toBe(2);
  const events = await api.events(created.id);
  expect(events.find((e) => e.action === "documents.added")?.details).toMatchObject({ documents: 1, previous_status: "request_for_information", note: "Chart notes sent by the prescriber" });
  // The same document again is refused; a closed case takes none; another workspace sees nothing.
  expect((await request.post(`${path}/documents`, { headers: api.headers, data: { document_urls: [docs.url("/trials.txt")] } })).status()).toBe(409);
  const other = await createTestWorkspace("Other");
  expect((await request.post(`${path}/documents`, { headers: { "X-API-Key": other.apiKey }, data: { document_urls: [docs.url("/trials.txt")] } })).status()).toBe(404);
  const cancelled = await (await api.create({ case_id: "det-closed", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  await expect.poll(async () => (await api.getJson(cancelled.id)).status, { timeout: 30_000 }).not.toBe("Succeeded");
  await api.cancel(cancelled.id, "Withdrawn");
  const closed = await request.post(`/api/v1/prior_auths/${cancelled.id}/documents`, { headers: api.headers, data: { document_urls: [docs.url("/trials.txt")] } });
  expect(closed.status()).toBe(409);
  expect(await closed.json()).toEqual({ error: 409, message: expect.stringContaining("Cancelled") });
});

test("the engine never denies by default: a failed criterion is pended for a clinician, whose decision is recorded and audited", async ({ request, playwright, baseURL }) => {
  const ws = await workspaceWithPolicy(playwright, baseURL, 18); // the patient was born in 2012
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "det-deny", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  const path = `/api/v1/prior_auths/${created.id}`;
  const determination = (await (await request.post(`${path}/determination`, { headers: api.headers })).json()).determination;
  expect(determination.recommended_status).toBe("denied");
  expect(determination.status).toBe("pending_review");
  expect(determination.recommendation).toMatch(/Deny/);
  expect((await api.getJson(created.id)).status).toBe("pending_review");

  const missingNote = await request.post(`${path}/review`, { headers: api.headers, data: { decision: "denied" } });
  expect(missingNote.status()).toBe(400);
  expect((await missingNote.json()).message).toContain("note");
  // The clinician rule: an API key cannot record the denial; a signed-in member can.
  const byKey = await request.post(`${path}/review`, { headers: api.headers, data: { decision: "denied", note: "Patient is under the policy's minimum age." } });
  expect(byKey.status()).toBe(403);
  expect(await byKey.json()).toEqual({ error: 403, message: expect.stringContaining("clinician") });
  expect((await api.getJson(created.id)).status).toBe("pending_review");
  const clinician = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(clinician, ws.adminEmail, ws.adminPassword);
  const review = await clinician.post(`${path}/review`, { data: { decision: "denied", note: "Patient is under the policy's minimum age." } });
  expect(review.status()).toBe(201);
  expect(await review.json()).toMatchObject({ decision: "denied", engine_recommendation: "denied", determination_id: determination.id });
  expect(await api.getJson(created.id)).toMatchObject({ status: "denied", decided_by: ws.adminEmail, engine_recommendation: "denied" });
  const events = await api.events(created.id);
  expect(events.find((e) => e.action === "review.decided")?.details).toMatchObject({ decision: "denied", note: "Patient is under the policy's minimum age." });

  // The denial issued a notice with its specific reason: the criterion not met, in the policy's words, and how to appeal.
  const { notice_id: noticeId } = await review.json();
  const notices = (await (await request.get(`${path}/notices`, { headers: api.headers })).json()).data;
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatchObject({ id: noticeId, outcome: "denied", kind: "decision", content: { decided_by: ws.adminEmail, reviewer_note: "Patient is under the policy's minimum age." } });
  expect(notices[0].content.reasons).toEqual([expect.objectContaining({ policyText: expect.stringContaining("18 years of age or older") })]);
  expect(notices[0].content.appeal).toContain("appeal");
  // The decision history links each decision to the notice it issued (it was null in lists).
  expect(noticeId).toEqual(expect.any(String));
  const reviews = (await (await request.get(`${path}/reviews`, { headers: api.headers })).json()).data;
  expect(reviews).toEqual([expect.objectContaining({ id: (await review.json()).id, decision: "denied", notice_id: noticeId })]);
  const pdf = await request.get(`/api/v1/notices/${noticeId}/pdf`, { headers: api.headers });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const other = await createTestWorkspace("Other notices");
  expect((await request.get(`/api/v1/notices/${noticeId}`, { headers: { "X-API-Key": other.apiKey } })).status()).toBe(404);
  // A reason code must be one of the workspace's list, and only a denial takes one.
  const badCode = await clinician.post(`${path}/review`, { data: { decision: "denied", note: "x", reason_code: "NO_SUCH_CODE" } });
  expect(badCode.status()).toBe(400);
  expect((await badCode.json()).message).toContain("STEP_THERAPY");
});

test("policy check errors: 422 without an applicable policy, 409 before intake, 400 for a bad body, 404 elsewhere", async ({ request }) => {
  const ws = await createTestWorkspace("NoPolicy");
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "det-none", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  const none = await request.post(`/api/v1/prior_auths/${created.id}/policy_check`, { headers: api.headers });
  expect(none.status()).toBe(422);
  expect((await none.json()).message).toContain("70127010001");
  expect((await request.post(`/api/v1/prior_auths/${created.id}/determination`, { headers: api.headers })).status()).toBe(422);
  const bad = await request.post(`/api/v1/prior_auths/${created.id}/policy_check`, { headers: api.headers, data: { policy_payload: 42 } });
  expect(bad.status()).toBe(400);
  // A policy given in the request overrides the (empty) library.
  const override = await request.post(`/api/v1/prior_auths/${created.id}/policy_check`, { headers: api.headers, data: { policy_payload: policyText(1) } });
  expect(override.status()).toBe(200);
  expect((await override.json()).policy.source).toBe("policy_payload");
  const held = await startDocServer({ "/held.pdf": () => {} });
  try {
    const processing = await (await api.create({ case_id: "det-held", document_url: held.url("/held.pdf") })).json();
    expect((await request.post(`/api/v1/prior_auths/${processing.id}/policy_check`, { headers: api.headers })).status()).toBe(409);
  } finally {
    await held.close();
  }
  expect((await request.post("/api/v1/prior_auths/5e0f1b2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b/determination", { headers: api.headers })).status()).toBe(404);
});

test("a ONE-of requirement: the alternative that is not met is shown as such and never asked for; the open ones are asked for as alternatives", async ({ request, page }) => {
  const ws = await createTestWorkspace("Alternatives");
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "det-alternatives", document_url: docs.url("/form.pdf"), synchronous_request: true })).json();
  expect(created.status).toBe("Succeeded");
  const path = `/api/v1/prior_auths/${created.id}`;
  // The patient (born 2012) is not 65; neither finding is in the form: the group stays open on its two other branches.
  const criteriaDocument = {
    title: "Acme alternatives policy",
    drug_names: ["Epidiolex (cannabidiol oral solution)"],
    sections: [{
      id: "lgs", title: "Lennox-Gastaut Syndrome", kind: "initial",
      criteria: { text: "ONE of the following", any: [
        { id: "older", text: "Patient is 65 years of age or older", check: { kind: "age", min: 65 } },
        { id: "atonic", text: "Documented atonic seizures", check: { kind: "documentation", what: "atonic seizures", terms: ["atonic seizures"] } },
        { id: "eeg", text: "EEG with slow spike-and-wave discharges", check: { kind: "documentation", what: "an EEG with slow spike-and-wave discharges", terms: ["slow spike-and-wave"] } },
      ] },
    }],
  };
  const check = await request.post(`${path}/policy_check`, { headers: api.headers, data: { policy_payload: JSON.stringify(criteriaDocument) } });
  expect(check.status(), await check.text()).toBe(200);
  const steps = (await check.json()).policy_check as { step: number; outcome: string; unmet_alternative?: boolean; reason: string }[];
  expect(steps.map((s) => [s.step, s.outcome, s.unmet_alternative ?? false])).toEqual([[1, "missing", true], [2, "missing", false], [3, "missing", false]]);
  expect(steps[0].reason).toContain("can still meet");

  const determination = (await (await request.post(`${path}/determination`, { headers: api.headers })).json()).determination;
  expect(determination.status).toBe("request_for_information");
  expect(determination.missing_information).toHaveLength(1);
  expect(determination.missing_information[0]).toMatch(/^Either: .*atonic seizures.*; or: .*slow spike-and-wave/);
  expect(determination.recommendation).not.toMatch(/65|age/i);

  // The reviewer sees step 1 as not met (not as something missing), steps 2 and 3 as missing.
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${created.id}`);
  const glance = page.getByRole("region", { name: "Policy check" }).getByRole("list", { name: "Steps at a glance" });
  await expect(glance.getByRole("button", { name: "Step 1: Not met" })).toBeVisible();
  await expect(glance.getByRole("button", { name: "Step 2: Missing" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Determination" })).toContainText("Either:");
});
