// Issue 19, item 1: a case is decided once. Concurrent or repeated reviews answer 409 and record nothing; the case's
// actions take an Idempotency-Key as create does; a different decision is an explicit amendment with a corrected notice.
import { expect, test, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";
import { apiClient } from "../support/api";
import { CLINICAL_NOTE, createCase, uploadPdf } from "../support/cases";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { responseChecker } from "../support/openapi";
import { startWebhookReceiver } from "../support/webhook-receiver";

// The form's patient was born in 2012: this policy's age criterion is not met, so the engine pends the case for review.
const ADULTS_ONLY_POLICY = [
  "Acme Health Plan Drug Coverage Policy",
  "Epidiolex (cannabidiol oral solution)",
  "Coverage Criteria",
  "Lennox-Gastaut Syndrome. Approve for 1 year if the patient meets ALL of the following criteria (1, 2 and 3):",
  "1. Patient is 18 years of age or older; AND",
  "2. Patient has tried at least two other antiseizure drugs; AND",
  "3. The medication is prescribed by or in consultation with a neurologist.",
].join("\n");

type Review = { id: string; decision: string; notice_id: string; determination_id: string | null; amends_review_id: string | null; amendment_reason: string | null };

let ws: TestWorkspace;
let check: ReturnType<typeof responseChecker>;

async function addAdultsOnlyPolicy(request: APIRequestContext, apiKey: string) {
  const policy = await request.post("/api/v1/policies", { headers: { "X-API-Key": apiKey }, data: { text: ADULTS_ONLY_POLICY, drug_names: ["Epidiolex (cannabidiol oral solution)"] } });
  expect(policy.status(), await policy.text()).toBe(201);
}

/** A case read from the form and pended by the engine (its denial recommendation waits for a clinician). */
async function pendedCase(request: APIRequestContext, apiKey: string, label: string) {
  const form = await uploadPdf(request, apiKey, await makePdf([PA_FORM_PAGE]), `${label}.pdf`);
  const created = await createCase(request, apiKey, { caseId: `${label}-${Date.now()}`, documentUrl: form.document_url });
  expect(created.status).toBe("Succeeded");
  const run = await request.post(`/api/v1/prior_auths/${created.id}/determination`, { headers: { "X-API-Key": apiKey } });
  expect(run.status(), await run.text()).toBe(200);
  const { determination } = await run.json();
  expect(determination.status).toBe("pending_review");
  return { id: created.id, path: `/api/v1/prior_auths/${created.id}`, determinationId: determination.id as string };
}

async function adminSession(email: string, password: string): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(context, email, password);
  return context;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  let text = "";
  for (let p = 1; p <= pdf.numPages; p++) text += (await (await pdf.getPage(p)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ") + "\n";
  return text.replace(/\s+/g, " ");
}

test.beforeAll(async ({ request }) => {
  ws = await createTestWorkspace("ReviewOnce");
  await addAdultsOnlyPolicy(request, ws.apiKey);
  check = responseChecker(await (await request.get("/api/v1/openapi.json")).json());
});

test("20 concurrent reviews of one pended case: exactly one decision (201), 19 × 409 naming it, one review, one notice, one webhook event", async ({ request }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  const admin = await adminSession(ws.adminEmail, ws.adminPassword);
  try {
    const hook = await admin.post("/api/v1/webhooks", { data: { url: receiver.url, events: ["review.decided", "notice.created"] } });
    expect(hook.status(), await hook.text()).toBe(201);
    const endpointId = (await hook.json()).id as string;
    const api = apiClient(request, ws.apiKey);
    const pa = await pendedCase(request, ws.apiKey, "concurrent");

    // As the hostile client did: 10 approvals and 10 requests for information, all at once.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: i % 2 ? "request_for_information" : "approved", note: `Reviewer ${i} decides.` } }),
      ),
    );
    const statuses = answers.map((a) => a.status());
    const decided = answers.filter((a) => a.status() === 201);
    const refused = answers.filter((a) => a.status() === 409);
    test.info().annotations.push({ type: "concurrent reviews", description: `20 sent: ${decided.length} x 201, ${refused.length} x 409, others: ${statuses.filter((s) => s !== 201 && s !== 409).join(", ") || "none"}` });
    expect(decided).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const winner = (await decided[0].json()) as Review;
    expect(check("post", "/prior_auths/{prior_auth_id}/review", 201, winner)).toEqual([]);
    expect(winner.determination_id).toBe(pa.determinationId);
    for (const answer of refused) {
      const body = await answer.json();
      expect(body).toEqual({ error: 409, message: expect.stringContaining(`already decided: ${winner.decision}`) });
      expect(body.message).toContain(`review ${winner.id}`);
    }

    // Nothing of the 19 was recorded: one review, one notice, one audit entry each, one outbox row per event.
    const reviews = (await (await request.get(`${pa.path}/reviews`, { headers: api.headers })).json()).data as Review[];
    expect(reviews.map((r) => r.id)).toEqual([winner.id]);
    const notices = (await (await request.get(`${pa.path}/notices`, { headers: api.headers })).json()).data as { id: string }[];
    expect(notices.map((n) => n.id)).toEqual([winner.notice_id]);
    const actions = (await api.events(pa.id)).map((e) => e.action);
    expect(actions.filter((a) => a === "review.decided")).toHaveLength(1);
    expect(actions.filter((a) => a === "notice.issued")).toHaveLength(1);
    expect((await api.getJson(pa.id)).status).toBe(winner.decision);
    const deliveries = (await (await admin.get(`/api/v1/webhooks/${endpointId}/deliveries`)).json()).data as { event_type: string }[];
    expect(deliveries.filter((d) => d.event_type === "review.decided")).toHaveLength(1);
    expect(deliveries.filter((d) => d.event_type === "notice.created")).toHaveLength(1);
    test.info().annotations.push({ type: "recorded", description: `reviews ${reviews.length}, notices ${notices.length}, review.decided deliveries 1` });

    // A later repeat, the same decision or another, is refused the same way.
    const again = await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: winner.decision, note: "Clicked again." } });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toContain(`review ${winner.id}`);
    expect(((await (await request.get(`${pa.path}/reviews`, { headers: api.headers })).json()).data as Review[])).toHaveLength(1);
    expect((await admin.delete(`/api/v1/webhooks/${endpointId}`)).status()).toBeLessThan(300);
  } finally {
    await admin.dispose();
    await receiver.close();
  }
});

test("Idempotency-Key on review, cancel, assign and add documents: the same key and body replay the first answer; another body is create's 409", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const key = (name: string) => ({ ...api.headers, "Idempotency-Key": `${name}-${Date.now()}` });

  // Review: a retry with the key is answered with the first decision, not refused and not recorded twice.
  const pa = await pendedCase(request, ws.apiKey, "idem-review");
  const reviewKey = key("review");
  const body = { decision: "approved", note: "Criteria met on appeal of the age rule." };
  const first = await request.post(`${pa.path}/review`, { headers: reviewKey, data: body });
  expect(first.status()).toBe(201);
  expect(first.headers()["idempotent-replayed"]).toBeUndefined();
  const replay = await request.post(`${pa.path}/review`, { headers: reviewKey, data: body });
  expect(replay.status()).toBe(201);
  expect(replay.headers()["idempotent-replayed"]).toBe("true");
  expect(await replay.json()).toEqual(await first.json());
  const otherBody = await request.post(`${pa.path}/review`, { headers: reviewKey, data: { ...body, note: "Another note." } });
  expect(otherBody.status()).toBe(409);
  // The same error create gives for a key reused with another body.
  const createKey = key("create");
  expect((await api.create({ case_id: `idem-create-${Date.now()}`, ePA: { epa_payload: { patient: { first_name: "Idem", last_name: "Potent" } } } }, { "Idempotency-Key": createKey["Idempotency-Key"] })).status()).toBe(201);
  const createReused = await api.create({ case_id: "idem-create-other", ePA: { epa_payload: { patient: { first_name: "Other", last_name: "Body" } } } }, { "Idempotency-Key": createKey["Idempotency-Key"] });
  expect(createReused.status()).toBe(409);
  expect(await otherBody.json()).toEqual(await createReused.json());
  expect(((await (await request.get(`${pa.path}/reviews`, { headers: api.headers })).json()).data as Review[])).toHaveLength(1);
  expect(((await (await request.get(`${pa.path}/notices`, { headers: api.headers })).json()).data as unknown[])).toHaveLength(1);
  // A key is bound to its case: the same key and body on another case is a different request, never that replay.
  const elsewhere = await pendedCase(request, ws.apiKey, "idem-elsewhere");
  const crossed = await request.post(`${elsewhere.path}/review`, { headers: reviewKey, data: body });
  expect(crossed.status()).toBe(409);
  expect(((await (await request.get(`${elsewhere.path}/reviews`, { headers: api.headers })).json()).data as Review[])).toHaveLength(0);

  // Assign (a signed-in reviewer takes the case): replayed, audited once.
  const admin = await adminSession(ws.adminEmail, ws.adminPassword);
  try {
    const assignKey = { "Idempotency-Key": `assign-${Date.now()}` };
    const assigned = await admin.patch(elsewhere.path, { headers: assignKey, data: { assignee_id: "me" } });
    expect(assigned.status(), await assigned.text()).toBe(200);
    const assignedAgain = await admin.patch(elsewhere.path, { headers: assignKey, data: { assignee_id: "me" } });
    expect(assignedAgain.status()).toBe(200);
    expect(assignedAgain.headers()["idempotent-replayed"]).toBe("true");
    expect((await assignedAgain.json()).assignee).toEqual((await assigned.json()).assignee);
    expect((await api.events(elsewhere.id)).filter((e) => e.action === "prior_auth.updated")).toHaveLength(1);
  } finally {
    await admin.dispose();
  }

  // Add documents: the retry is the first answer; without the key the same documents are refused as already added.
  const note = await uploadPdf(request, ws.apiKey, await makePdf([CLINICAL_NOTE]), "chart-notes.pdf");
  const docsKey = key("documents");
  const added = await request.post(`${elsewhere.path}/documents`, { headers: docsKey, data: { document_urls: [note.document_url] } });
  expect([200, 202]).toContain(added.status());
  const addedAgain = await request.post(`${elsewhere.path}/documents`, { headers: docsKey, data: { document_urls: [note.document_url] } });
  expect(addedAgain.status()).toBe(added.status());
  expect(addedAgain.headers()["idempotent-replayed"]).toBe("true");
  expect(await addedAgain.json()).toEqual(await added.json());
  expect((await api.events(elsewhere.id)).filter((e) => e.action === "documents.added")).toHaveLength(1);

  // Cancel: the retry is the first answer; without the key a second cancel is refused (the case is already withdrawn).
  const cancelKey = key("cancel");
  const open = await pendedCase(request, ws.apiKey, "idem-cancel");
  const withdrawn = await request.post(`${open.path}/cancel`, { headers: cancelKey, data: { reason: "Sent twice" } });
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);
  const withdrawnAgain = await request.post(`${open.path}/cancel`, { headers: cancelKey, data: { reason: "Sent twice" } });
  expect(withdrawnAgain.status()).toBe(200);
  expect(withdrawnAgain.headers()["idempotent-replayed"]).toBe("true");
  expect(await withdrawnAgain.json()).toEqual(await withdrawn.json());
  expect((await api.cancel(open.id, "Sent twice")).status()).toBe(409);
  expect((await api.events(open.id)).filter((e) => e.action === "prior_auth.cancelled")).toHaveLength(1);
});

test("a different decision is an explicit amendment with its reason: audited before and after, with a corrected notice that references the first", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const pa = await pendedCase(request, ws.apiKey, "amend");
  const nothingToAmend = await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "approved", note: "x", amendment: { reason: "Nothing decided yet." } } });
  expect(nothingToAmend.status()).toBe(409);
  expect((await nothingToAmend.json()).message).toContain("no standing decision");

  const first = (await (await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "approved", note: "Neurologist attests the criteria." } })).json()) as Review;
  expect(first.amends_review_id).toBeNull();
  const withoutFlag = await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "request_for_information", note: "Send the seizure diary." } });
  expect(withoutFlag.status()).toBe(409);
  expect(await withoutFlag.json()).toEqual({ error: 409, message: expect.stringContaining('"amendment"') });
  const sameDecision = await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "approved", note: "Again.", amendment: { reason: "Typo in the note." } } });
  expect(sameDecision.status()).toBe(409);
  expect((await sameDecision.json()).message).toContain("must change the decision");
  const noReason = await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "request_for_information", note: "Send the diary.", amendment: {} } });
  expect(noReason.status()).toBe(400);
  expect((await noReason.json()).message).toContain("amendment.reason");
  expect(((await (await request.get(`${pa.path}/reviews`, { headers: api.headers })).json()).data as Review[])).toHaveLength(1);

  const reason = "The approval was recorded before the age criterion was checked.";
  const amended = await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "request_for_information", note: "Send the seizure diary and the prior therapies.", amendment: { reason } } });
  expect(amended.status(), await amended.text()).toBe(201);
  const amendment = (await amended.json()) as Review;
  expect(check("post", "/prior_auths/{prior_auth_id}/review", 201, amendment)).toEqual([]);
  expect(amendment).toMatchObject({ decision: "request_for_information", amends_review_id: first.id, amendment_reason: reason, determination_id: pa.determinationId });
  expect((await api.getJson(pa.id)).status).toBe("request_for_information");

  const events = await api.events(pa.id);
  expect(events.find((e) => e.action === "review.amended")?.details).toMatchObject({
    review_id: amendment.id, amends_review_id: first.id, reason,
    before: { decision: "approved", note: "Neurologist attests the criteria." },
    after: { decision: "request_for_information", note: "Send the seizure diary and the prior therapies." },
  });
  expect(events.filter((e) => e.action === "review.decided")).toHaveLength(1);

  // The corrected notice is marked as such and names the notice it corrects, in its content and on the letter.
  const notices = (await (await request.get(`${pa.path}/notices`, { headers: api.headers })).json()).data as { id: string; content: { title: string; correction: { corrects_notice_id: string; reason: string; statement: string } | null } }[];
  expect(notices.map((n) => n.id)).toEqual([amendment.notice_id, first.notice_id]);
  const [corrected, original] = notices;
  expect(check("get", "/prior_auths/{prior_auth_id}/notices", 200, { data: notices })).toEqual([]);
  expect(original.content.correction).toBeNull();
  expect(corrected.content.title).toBe("Corrected request for additional information");
  expect(corrected.content.correction).toMatchObject({ corrects_notice_id: first.notice_id, reason });
  const letter = await request.get(`/api/v1/notices/${corrected.id}/pdf`, { headers: api.headers });
  expect(letter.status()).toBe(200);
  const text = await pdfText(await letter.body());
  expect(text).toContain("Corrected request for additional information");
  expect(text).toContain(`notice ${first.notice_id}`);
  expect(text).toContain(reason);

  // Once amended, that decision stands: a repeat is 409 again.
  expect((await request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "request_for_information", note: "Again." } })).status()).toBe(409);
});

test("a review decides its case's latest determination or the one it names; another case's or workspace's determination is 404", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const other = await createTestWorkspace("ReviewOnceOther");
  await addAdultsOnlyPolicy(request, other.apiKey);
  const foreign = await pendedCase(request, other.apiKey, "foreign");
  const sibling = await pendedCase(request, ws.apiKey, "sibling");
  const pa = await pendedCase(request, ws.apiKey, "named");
  const review = (data: Record<string, unknown>) => request.post(`${pa.path}/review`, { headers: api.headers, data: { decision: "approved", note: "Criteria met.", ...data } });

  for (const [label, determinationId] of [["another workspace's", foreign.determinationId], ["another case's", sibling.determinationId], ["an unknown", "00000000-0000-4000-8000-000000000000"]]) {
    const answer = await review({ determination_id: determinationId });
    expect(answer.status(), label).toBe(404);
    expect(await answer.json(), label).toEqual({ error: 404, message: expect.stringContaining(`Determination ${determinationId}`) });
  }
  const malformed = await review({ determination_id: "not-a-uuid" });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).message).toContain("determination_id");
  // Another workspace's key cannot decide this case either.
  expect((await request.post(`${pa.path}/review`, { headers: { "X-API-Key": other.apiKey }, data: { decision: "approved", note: "x" } })).status()).toBe(404);
  expect(((await (await request.get(`${pa.path}/reviews`, { headers: api.headers })).json()).data as Review[])).toHaveLength(0);

  // A newer determination arrives; the reviewer decides the one they read, by name.
  const newer = (await (await request.post(`${pa.path}/determination`, { headers: api.headers })).json()).determination;
  expect(newer.id).not.toBe(pa.determinationId);
  const named = await review({ determination_id: pa.determinationId });
  expect(named.status(), await named.text()).toBe(201);
  expect(((await named.json()) as Review).determination_id).toBe(pa.determinationId);
  const latest = await request.post(`${sibling.path}/review`, { headers: api.headers, data: { decision: "approved", note: "Criteria met." } });
  expect(((await latest.json()) as Review).determination_id).toBe(sibling.determinationId);
  // The foreign case is untouched.
  expect(((await (await request.get(`${foreign.path}/reviews`, { headers: { "X-API-Key": other.apiKey } })).json()).data as Review[])).toHaveLength(0);
});
