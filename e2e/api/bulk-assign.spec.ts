// Issue 14, point 3: POST /prior_auths/bulk_assign gives several cases one assignee, all or none, audited per case,
// only within the caller's workspace.
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";

type Playwright = PlaywrightWorkerArgs["playwright"];
import { addReviewer, createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";

let ws: TestWorkspace;
let other: TestWorkspace;
const epa = { epa_payload: { patient: { first_name: "Bulk", last_name: "Assign" }, medication: { drug_name: "Dupixent" } } };

test.beforeAll(async () => {
  [ws, other] = await Promise.all([createTestWorkspace("Bulk"), createTestWorkspace("BulkOther")]);
});

async function newCase(request: APIRequestContext, apiKey: string, caseId: string): Promise<string> {
  const response = await request.post("/api/v1/prior_auths", { headers: { "X-API-Key": apiKey }, data: { case_id: caseId, ePA: epa } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

async function expectError(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(await response.json()).toEqual({ error: status, message: expect.any(String) });
}

test("a signed-in reviewer takes several cases at once; an admin's key hands them to a member or back to nobody", async ({ playwright, baseURL, request }) => {
  const reviewer = await addReviewer(ws.workspaceId);
  const ids = [await newCase(request, ws.apiKey, `B-${Date.now()}-1`), await newCase(request, ws.apiKey, `B-${Date.now()}-2`)];
  const session = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(session, reviewer.email, reviewer.password);

  const mine = await session.post("/api/v1/prior_auths/bulk_assign", { data: { prior_auth_ids: [...ids].reverse(), assignee_id: "me" } });
  expect(mine.status(), await mine.text()).toBe(200);
  const body = await mine.json();
  expect(body.data.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
  expect(body.data.every((c: { assignee: { email: string } | null }) => c.assignee?.email === reviewer.email)).toBe(true);
  const listed = await (await request.get("/api/v1/prior_auths?view=open&limit=100", { headers: { "X-API-Key": ws.apiKey } })).json();
  for (const id of ids) expect(listed.data.find((c: { id: string }) => c.id === id).assignee.email).toBe(reviewer.email);

  // Each case's own trail records the change.
  const events = await (await request.get(`/api/v1/prior_auths/${ids[0]}/events`, { headers: { "X-API-Key": ws.apiKey } })).json();
  expect(JSON.stringify(events)).toContain(reviewer.email);

  // An API key cannot say "me"; it names the member, or null to unassign.
  await expectError(await request.post("/api/v1/prior_auths/bulk_assign", { headers: { "X-API-Key": ws.apiKey }, data: { prior_auth_ids: ids, assignee_id: "me" } }), 400);
  const none = await request.post("/api/v1/prior_auths/bulk_assign", { headers: { "X-API-Key": ws.apiKey }, data: { prior_auth_ids: ids, assignee_id: null } });
  expect((await none.json()).data.every((c: { assignee: unknown }) => c.assignee === null)).toBe(true);
});

test("all or none: another workspace's case is 404 and nothing changes; bad input is a 400", async ({ playwright, baseURL, request }) => {
  const mineId = await newCase(request, ws.apiKey, `B-OWN-${Date.now()}`);
  const theirs = await newCase(request, other.apiKey, `B-THEIRS-${Date.now()}`);
  const reviewer = await addReviewer(ws.workspaceId);
  const headers = { "X-API-Key": ws.apiKey };
  const userId = await userIdOf(playwright, baseURL, ws, reviewer.email);

  await expectError(await request.post("/api/v1/prior_auths/bulk_assign", { headers, data: { prior_auth_ids: [mineId, theirs], assignee_id: userId } }), 404);
  const untouched = await (await request.get(`/api/v1/prior_auths/${mineId}`, { headers })).json();
  expect(untouched.assignee).toBeNull();
  const theirsUntouched = await (await request.get(`/api/v1/prior_auths/${theirs}`, { headers: { "X-API-Key": other.apiKey } })).json();
  expect(theirsUntouched.assignee).toBeNull();

  // Another workspace's member is not an assignee here.
  const otherAdminId = await userIdOf(playwright, baseURL, other, other.adminEmail);
  await expectError(await request.post("/api/v1/prior_auths/bulk_assign", { headers, data: { prior_auth_ids: [mineId], assignee_id: otherAdminId } }), 400);
  for (const data of [{}, { prior_auth_ids: [], assignee_id: null }, { prior_auth_ids: [mineId, mineId], assignee_id: null }, { prior_auth_ids: ["nope"], assignee_id: null }, { prior_auth_ids: [mineId], assignee_id: "everyone" }, { prior_auth_ids: [mineId] }]) {
    await expectError(await request.post("/api/v1/prior_auths/bulk_assign", { headers, data }), 400);
  }
  const ok = await request.post("/api/v1/prior_auths/bulk_assign", { headers, data: { prior_auth_ids: [mineId], assignee_id: userId } });
  expect((await ok.json()).data[0].assignee.email).toBe(reviewer.email);
});

/** A member's user id, as the workspace's admin reads it (the members list is for signed-in admins). */
async function userIdOf(playwright: Playwright, baseURL: string | undefined, workspace: TestWorkspace, email: string): Promise<string> {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, workspace.adminEmail, workspace.adminPassword);
  const list = (await (await admin.get("/api/v1/members")).json()).data as { user_id: string; email: string }[];
  const found = list.find((m) => m.email === email);
  if (!found) throw new Error(`no member ${email}`);
  return found.user_id;
}
