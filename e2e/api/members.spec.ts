// Issue 14, point 7: admins remove, deactivate / reactivate, change the role of members and issue them password links;
// the last active admin is never lost; a deactivated member neither signs in nor keeps using a session; all audited.
// Issue 19, point 2: an admin never sets a password, and a session ended by deactivation stays ended.
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";

type Playwright = PlaywrightWorkerArgs["playwright"];
import { addReviewer, createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";
import { inviteMember, linkToken } from "../support/accounts";

let ws: TestWorkspace;
let other: TestWorkspace;

test.beforeAll(async () => {
  [ws, other] = await Promise.all([createTestWorkspace("Members"), createTestWorkspace("MembersOther")]);
});

async function session(playwright: Playwright, baseURL: string | undefined, email: string, password: string) {
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(context, email, password);
  return context;
}

async function signedIn(context: APIRequestContext): Promise<boolean> {
  const body = await (await context.get("/api/auth/session")).json();
  return Boolean(body?.user);
}

async function expectError(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, message?: RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as { error: number; message: string };
  expect(body).toEqual({ error: status, message: expect.any(String) });
  if (message) expect(body.message).toMatch(message);
}

async function memberId(admin: APIRequestContext, email: string): Promise<string> {
  const list = (await (await admin.get("/api/v1/members")).json()).data as { id: string; email: string }[];
  const found = list.find((m) => m.email === email);
  if (!found) throw new Error(`no member ${email}`);
  return found.id;
}

test("deactivating a member ends their session and their sign-in; reactivating restores the sign-in, not the old session", async ({ playwright, baseURL }) => {
  const admin = await session(playwright, baseURL, ws.adminEmail, ws.adminPassword);
  const reviewer = await addReviewer(ws.workspaceId);
  const reviewerSession = await session(playwright, baseURL, reviewer.email, reviewer.password);
  expect((await reviewerSession.get("/api/v1/prior_auths")).status()).toBe(200);

  const id = await memberId(admin, reviewer.email);
  const off = await admin.patch(`/api/v1/members/${id}`, { data: { active: false } });
  expect(off.status(), await off.text()).toBe(200);
  expect((await off.json()).deactivated_at).toEqual(expect.any(String));

  // The open session stops acting at once; a new sign-in is refused.
  await expectError(await reviewerSession.get("/api/v1/prior_auths"), 401);
  const again = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(again, reviewer.email, reviewer.password).catch(() => undefined);
  expect(await signedIn(again)).toBe(false);

  const on = await admin.patch(`/api/v1/members/${id}`, { data: { active: true } });
  expect((await on.json()).deactivated_at).toBeNull();
  await expectError(await reviewerSession.get("/api/v1/prior_auths"), 401);
  const renewed = await session(playwright, baseURL, reviewer.email, reviewer.password);
  expect((await renewed.get("/api/v1/prior_auths")).status()).toBe(200);
});

test("role changes and removal: the last active admin can be neither demoted, deactivated nor removed", async ({ playwright, baseURL }) => {
  const admin = await session(playwright, baseURL, ws.adminEmail, ws.adminPassword);
  const self = await memberId(admin, ws.adminEmail);
  await expectError(await admin.patch(`/api/v1/members/${self}`, { data: { role: "reviewer" } }), 409, /last active admin/);
  await expectError(await admin.patch(`/api/v1/members/${self}`, { data: { active: false } }), 409, /last active admin/);
  await expectError(await admin.delete(`/api/v1/members/${self}`), 409, /last active admin/);

  // A second admin makes the first one removable; a deactivated admin does not count as the other admin.
  const second = await addReviewer(ws.workspaceId);
  const secondId = await memberId(admin, second.email);
  const promoted = await admin.patch(`/api/v1/members/${secondId}`, { data: { role: "admin" } });
  expect((await promoted.json()).role).toBe("admin");
  await admin.patch(`/api/v1/members/${secondId}`, { data: { active: false } });
  await expectError(await admin.patch(`/api/v1/members/${self}`, { data: { role: "reviewer" } }), 409, /last active admin/);
  await admin.patch(`/api/v1/members/${secondId}`, { data: { active: true } });

  // The promoted admin can now act as an admin; then the reviewer-turned-admin is demoted and removed.
  const secondSession = await session(playwright, baseURL, second.email, second.password);
  expect((await secondSession.get("/api/v1/members")).status()).toBe(200);
  expect((await (await admin.patch(`/api/v1/members/${secondId}`, { data: { role: "reviewer" } })).json()).role).toBe("reviewer");
  await expectError(await secondSession.get("/api/v1/members"), 403);
  const removed = await admin.delete(`/api/v1/members/${secondId}`);
  expect(removed.status()).toBe(200);
  await expectError(await admin.delete(`/api/v1/members/${secondId}`), 404);
  await expectError(await secondSession.get("/api/v1/prior_auths"), 401);

  const left = await (await admin.get("/api/v1/members")).json();
  expect(left.data.map((m: { email: string }) => m.email)).not.toContain(second.email);
});

test("an admin issues a one-time password link: the member sets the password, the old one and old sessions stop", async ({ playwright, baseURL, request }) => {
  const admin = await session(playwright, baseURL, ws.adminEmail, ws.adminPassword);
  const reviewer = await addReviewer(ws.workspaceId);
  const id = await memberId(admin, reviewer.email);
  const reviewerSession = await session(playwright, baseURL, reviewer.email, reviewer.password);
  // An admin cannot send a password any more: the body is not read, the answer is a link.
  const first = await admin.post(`/api/v1/members/${id}/password`);
  expect(first.status(), await first.text()).toBe(200);
  const issued = await admin.post(`/api/v1/members/${id}/password`);
  const link = (await issued.json()).password_link as { url: string; purpose: string };
  expect(link.purpose).toBe("password_reset");
  expect(JSON.stringify(await issued.json())).not.toMatch(/password_hash|"password":/);
  // Until the link is used nothing changes; the earlier link was replaced by the newer one.
  expect((await reviewerSession.get("/api/v1/prior_auths")).status()).toBe(200);
  const token = linkToken(link.url);
  await expectError(await request.post("/api/v1/account/password_links", { data: { token: linkToken((await first.json()).password_link.url), password: "a-replaced-link-password" } }), 400, /not valid/);
  await expectError(await request.post("/api/v1/account/password_links", { data: { token, password: "password" } }), 400, /password/);
  const fresh = `reset-${Date.now()}-long-password`;
  expect((await request.post("/api/v1/account/password_links", { data: { token, password: fresh } })).status()).toBe(200);
  await expectError(await request.post("/api/v1/account/password_links", { data: { token, password: `${fresh}-again` } }), 400, /not valid/);

  await expectError(await reviewerSession.get("/api/v1/prior_auths"), 401);
  const old = await playwright.request.newContext({ baseURL });
  await signInRequest(old, reviewer.email, reviewer.password).catch(() => undefined);
  expect(await signedIn(old)).toBe(false);
  const renewed = await session(playwright, baseURL, reviewer.email, fresh);
  expect(await signedIn(renewed)).toBe(true);
});

test("only admins, only by session, only in their own workspace; bad input is a 400", async ({ playwright, baseURL, request }) => {
  const admin = await session(playwright, baseURL, ws.adminEmail, ws.adminPassword);
  const reviewer = await addReviewer(ws.workspaceId);
  const id = await memberId(admin, reviewer.email);
  const reviewerSession = await session(playwright, baseURL, reviewer.email, reviewer.password);
  await expectError(await reviewerSession.patch(`/api/v1/members/${id}`, { data: { role: "admin" } }), 403);
  await expectError(await reviewerSession.delete(`/api/v1/members/${id}`), 403);
  await expectError(await request.patch(`/api/v1/members/${id}`, { headers: { "X-API-Key": ws.apiKey }, data: { role: "admin" } }), 401);

  // Another workspace's admin: 404, as if the member did not exist.
  const otherAdmin = await session(playwright, baseURL, other.adminEmail, other.adminPassword);
  await expectError(await otherAdmin.patch(`/api/v1/members/${id}`, { data: { active: false } }), 404);
  await expectError(await otherAdmin.delete(`/api/v1/members/${id}`), 404);
  await expectError(await otherAdmin.post(`/api/v1/members/${id}/password`), 404);

  await expectError(await admin.patch(`/api/v1/members/not-a-uuid`, { data: { role: "admin" } }), 400);
  await expectError(await admin.patch(`/api/v1/members/${id}`, { data: {} }), 400);
  await expectError(await admin.patch(`/api/v1/members/${id}`, { data: { role: "owner" } }), 400);
  await expectError(await admin.patch(`/api/v1/members/${id}`, { data: { active: "no" } }), 400);

  // An account that also belongs to another workspace keeps its password: this workspace cannot issue a link for it,
  // and the invitation's own link cannot set it either.
  const shared = await inviteMember(admin, other.adminEmail);
  await expectError(await admin.post(`/api/v1/members/${shared.id}/password`), 409, /another workspace/);
  await expectError(await request.post("/api/v1/account/password_links", { data: { token: shared.token, password: "a-takeover-password-2" } }), 409, /already has a password/);
  expect(await signedIn(await session(playwright, baseURL, other.adminEmail, other.adminPassword))).toBe(true);
});
