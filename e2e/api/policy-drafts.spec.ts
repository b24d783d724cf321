import { expect, test, type APIRequestContext } from "@playwright/test";
import { addReviewer, createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { createCase, formPdf, uploadPdf } from "../support/cases";
import { signInRequest } from "../support/session";

// Criteria reviewed before they go live: an invalid check is refused, edits collect in a draft that the policy check
// does not read, an admin publishes it as a new version, older versions can be compared and restored as a draft.
let ws: TestWorkspace;
let other: TestWorkspace;

test.beforeAll(async () => {
  ws = await createTestWorkspace("Policy drafts");
  other = await createTestWorkspace("Policy drafts other");
});

const CRITERIA = {
  title: "Cannabidiol oral solution - Example Health",
  drug_names: ["Epidiolex (cannabidiol)"],
  sections: [{
    id: "lgs", title: "Lennox-Gastaut Syndrome", kind: "initial", diagnosis: { names: ["Lennox-Gastaut syndrome"], icd10_prefixes: ["G40.81"] },
    criteria: { all: [{ id: "age", text: "Member is at least 1 year old", check: { kind: "age", min: 1 } }] },
  }],
};

async function expectError(response: import("@playwright/test").APIResponse, status: number, message?: string) {
  expect(response.status(), await response.text()).toBe(status);
  const body = await response.json();
  expect(body).toEqual({ error: status, message: expect.any(String) });
  if (message) expect(body.message).toContain(message);
}

async function newPolicy(request: APIRequestContext, key: string) {
  const response = await request.post("/api/v1/policies", { headers: { "X-API-Key": key }, data: { criteria_document: CRITERIA, status: "active" } });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return (body.policies?.[0]?.id ?? body.id) as string;
}

function criterionIds(policy: { parsed: { sections: { criteria: unknown }[] } }): string[] {
  const out: string[] = [];
  const walk = (n: { kind: string; id: string; children?: unknown[] }) => (n.kind === "criterion" ? out.push(n.id) : n.children?.forEach((c) => walk(c as typeof n)));
  policy.parsed.sections.forEach((s) => walk(s.criteria as never));
  return out;
}

test("an invalid check is a 400 naming the field; edits go to a draft the policy check ignores until an admin publishes it", async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const headers = { "X-API-Key": ws.apiKey };
  const policyId = await newPolicy(request, ws.apiKey);
  const v1 = await (await request.get(`/api/v1/policies/${policyId}`, { headers })).json();
  const [ageId] = criterionIds(v1);
  expect(ageId).toBeTruthy();

  // The example and a wrong type: refused, nothing stored (no draft, no new version).
  await expectError(await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { criteria_edits: [{ criterion_id: ageId, check: { kind: "age", minYears: "one" } }] } }), 400, "unknown field: criteria_edits[0].check.minYears");
  await expectError(await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { criteria_edits: [{ criterion_id: ageId, check: { kind: "age", min: "one" } }] } }), 400, "criteria_edits[0].check.min: expected number");
  await expectError(await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { criteria_edits: [{ criterion_id: "nope", check: { kind: "age", min: 2 } }] } }), 400, "no criterion nope");
  await expectError(await request.get(`/api/v1/policies/${policyId}/draft`, { headers }), 404);
  expect((await (await request.get(`/api/v1/policies/${policyId}`, { headers })).json()).version).toBe(1);

  // A case of a 14-year-old (born 2012): the age criterion is met under version 1.
  const doc = await uploadPdf(request, ws.apiKey, await formPdf());
  const pa = await createCase(request, ws.apiKey, { caseId: `DRAFT-${Date.now()}`, documentUrl: doc.document_url });
  const ageStep = async () => {
    const check = await request.post(`/api/v1/prior_auths/${pa.id}/policy_check`, { headers });
    expect(check.status(), await check.text()).toBe(200);
    const body = await check.json();
    return { version: body.policy.version as number, outcome: (body.policy_check as { criterion_id: string; outcome: string }[]).find((s) => s.criterion_id === ageId)?.outcome };
  };
  expect(await ageStep()).toEqual({ version: 1, outcome: "met" });

  // The edit goes to the draft: still version 1, and the check still reads version 1.
  const edited = await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { criteria_edits: [{ criterion_id: ageId, check: { kind: "age", min: 18 } }] } });
  expect(edited.status(), await edited.text()).toBe(200);
  expect((await edited.json()).version).toBe(1);
  const draft = await (await request.get(`/api/v1/policies/${policyId}/draft`, { headers })).json();
  expect(draft).toMatchObject({ base_version: 1, active_version: 1, changes: [{ criterion_id: ageId, change: "changed", check_before: { kind: "age", min: 1 }, check_after: { kind: "age", min: 18 } }] });
  expect(await ageStep()).toEqual({ version: 1, outcome: "met" });

  // A reviewer (signed in, not admin) cannot publish; another workspace does not see the policy.
  const reviewer = await addReviewer(ws.workspaceId);
  const session = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(session, reviewer.email, reviewer.password);
  await expectError(await session.post(`/api/v1/policies/${policyId}/publish`, { data: { change_note: "no" } }), 403);
  await expectError(await session.delete(`/api/v1/policies/${policyId}/draft`), 403);
  expect((await session.get(`/api/v1/policies/${policyId}/draft`)).status()).toBe(200);
  await session.dispose();
  const otherHeaders = { "X-API-Key": other.apiKey };
  await expectError(await request.post(`/api/v1/policies/${policyId}/publish`, { headers: otherHeaders, data: { change_note: "x" } }), 404);
  await expectError(await request.get(`/api/v1/policies/${policyId}/draft`, { headers: otherHeaders }), 404);
  await expectError(await request.get(`/api/v1/policies/${policyId}/versions/compare?from=1&to=draft`, { headers: otherHeaders }), 404);
  await expectError(await request.post(`/api/v1/policies/${policyId}/versions/1/restore`, { headers: otherHeaders }), 404);

  // Publish: version 2 with the note; the draft is gone; the check now reads version 2 and the age is not met.
  await expectError(await request.post(`/api/v1/policies/${policyId}/publish`, { headers, data: {} }), 400, "change_note");
  const published = await request.post(`/api/v1/policies/${policyId}/publish`, { headers, data: { change_note: "Adults only" } });
  expect(published.status(), await published.text()).toBe(200);
  expect((await published.json()).version).toBe(2);
  await expectError(await request.get(`/api/v1/policies/${policyId}/draft`, { headers }), 404);
  await expectError(await request.post(`/api/v1/policies/${policyId}/publish`, { headers, data: { change_note: "again" } }), 409);
  expect(await ageStep()).toEqual({ version: 2, outcome: "not_met" });

  // Compare versions 1 and 2: the one criterion changed.
  const compared = await (await request.get(`/api/v1/policies/${policyId}/versions/compare?from=1&to=2`, { headers })).json();
  expect(compared.changes).toEqual([expect.objectContaining({ criterion_id: ageId, change: "changed", check_before: { kind: "age", min: 1 }, check_after: { kind: "age", min: 18 } })]);
  await expectError(await request.get(`/api/v1/policies/${policyId}/versions/compare?from=1&to=x`, { headers }), 400);
  await expectError(await request.get(`/api/v1/policies/${policyId}/versions/compare?from=1&to=9`, { headers }), 404);

  // Restore version 1 as a draft: nothing live changes until it is published as version 3.
  const restored = await request.post(`/api/v1/policies/${policyId}/versions/1/restore`, { headers });
  expect(restored.status(), await restored.text()).toBe(200);
  expect((await restored.json()).changes).toEqual([expect.objectContaining({ criterion_id: ageId, check_before: { kind: "age", min: 18 }, check_after: { kind: "age", min: 1 } })]);
  expect(await ageStep()).toEqual({ version: 2, outcome: "not_met" });
  const v3 = await request.post(`/api/v1/policies/${policyId}/publish`, { headers, data: { change_note: "Back to version 1" } });
  expect((await v3.json()).version).toBe(3);
  expect(await ageStep()).toEqual({ version: 3, outcome: "met" });

  // A discarded draft changes nothing; codes and status still apply at once over PATCH, and retiring is audited.
  await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { criteria_edits: [{ criterion_id: ageId, manual: true }] } });
  const discarded = await request.delete(`/api/v1/policies/${policyId}/draft`, { headers });
  expect(discarded.status(), await discarded.text()).toBe(200);
  await expectError(await request.get(`/api/v1/policies/${policyId}/draft`, { headers }), 404);
  const codes = await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { ndc_codes: ["70127-0100-01"] } });
  expect((await codes.json()).version).toBe(4);
  const retired = await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { status: "retired" } });
  expect((await retired.json()).status).toBe("retired");
});
