// Issue 19, point 2: accounts belong to their owner. Admins invite and never choose passwords; a new account is
// activated by a one-time link; an existing account is invited and accepts, signed in as itself; a password link is
// issued only for an account that belongs to no other workspace; several workspaces mean an explicit choice; removal
// ends the sessions in that workspace only; a password change asks the current password and ends the other sessions.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { chooseWorkspace, inviteMember, sessionOf, signedInContext } from "../support/accounts";

let a: TestWorkspace;
let b: TestWorkspace;

test.beforeAll(async () => {
  [a, b] = await Promise.all([createTestWorkspace("AccountsA"), createTestWorkspace("AccountsB")]);
});

async function expectError(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, message?: RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as { error: number; message: string };
  expect(body).toEqual({ error: status, message: expect.any(String) });
  if (message) expect(body.message).toMatch(message);
}

const newEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@accounts.test`;

test("a new account is activated by its one-time link; before that no password signs in; the link works once", async ({ playwright, baseURL, request }) => {
  const adminA = await signedInContext(playwright, baseURL, a.adminEmail, a.adminPassword);
  const email = newEmail("new");
  const invited = await inviteMember(adminA, email);
  expect(invited.status).toBe("invited");
  expect(invited.url).toMatch(/\/activate\/[A-Za-z0-9_-]{40,}$/);

  // Nobody can sign in as the account before its owner chose a password: not with the admin's own password either.
  for (const guess of [a.adminPassword, "", "a-guessed-password-1"]) {
    expect((await sessionOf(await signedInContext(playwright, baseURL, email, guess))).user).toBeUndefined();
  }
  const page = await request.get(new URL(invited.url).pathname);
  expect(await page.text()).toContain("Set up your account");

  await expectError(await request.post("/api/v1/account/password_links", { data: { token: invited.token, password: "short" } }), 400, /password/);
  await expectError(await request.post("/api/v1/account/password_links", { data: { token: "not-a-real-token-at-all-000000", password: "a-perfectly-good-password" } }), 400, /not valid/);
  const password = `own-${randomUUID()}`;
  const used = await request.post("/api/v1/account/password_links", { data: { token: invited.token, password } });
  expect(used.status(), await used.text()).toBe(200);
  expect(await used.json()).toEqual({ email });
  await expectError(await request.post("/api/v1/account/password_links", { data: { token: invited.token, password: `${password}-2` } }), 400, /not valid/);

  // Activated: a member of A, bound to A at sign-in (their only workspace).
  const person = await signedInContext(playwright, baseURL, email, password);
  expect((await sessionOf(person)).workspaceId).toBe(a.workspaceId);
  expect((await person.get("/api/v1/prior_auths")).status()).toBe(200);
  const members = (await (await adminA.get("/api/v1/members")).json()).data as { email: string; status: string }[];
  expect(members.find((m) => m.email === email)?.status).toBe("active");
});

test("the attack of issue 19: B's invitation keeps the owner's password; A loses every way in; sign-in asks which workspace", async ({ playwright, baseURL, request }) => {
  const adminA = await signedInContext(playwright, baseURL, a.adminEmail, a.adminPassword);
  const adminB = await signedInContext(playwright, baseURL, b.adminEmail, b.adminPassword);
  const email = newEmail("shared");
  const password = `own-${randomUUID()}`;
  const inA = await inviteMember(adminA, email);
  expect((await request.post("/api/v1/account/password_links", { data: { token: inA.token, password } })).status()).toBe(200);

  // B invites the same email: an invitation, and B's link cannot set the password.
  const inB = await inviteMember(adminB, email, "admin");
  expect(inB.status).toBe("invited");
  await expectError(await request.post("/api/v1/account/password_links", { data: { token: inB.token, password: "b-chosen-password-1" } }), 409, /already has a password/);
  // A may no longer issue a password link: the account is invited elsewhere.
  await expectError(await adminA.post(`/api/v1/members/${inA.id}/password`), 409, /another workspace/);

  // The owner signs in: invitations wait, so the session is bound to nothing and acts nowhere until a choice.
  const person = await signedInContext(playwright, baseURL, email, password);
  expect((await sessionOf(person)).workspaceId).toBeUndefined();
  await expectError(await person.get("/api/v1/prior_auths"), 401);
  const listed = (await (await person.get("/api/v1/account/workspaces")).json()).data as { membership_id: string; workspace_id: string; status: string }[];
  expect(listed.map((w) => [w.workspace_id, w.status]).sort()).toEqual([[a.workspaceId, "active"], [b.workspaceId, "invited"]].sort());
  // Nobody else answers the invitation: B's admin cannot accept it for them.
  await expectError(await adminB.post(`/api/v1/account/invitations/${inB.id}/accept`), 404);
  // A session cannot be bound to a workspace whose invitation is not accepted.
  expect((await chooseWorkspace(person, b.workspaceId)).workspaceId).toBeUndefined();
  const accepted = await person.post(`/api/v1/account/invitations/${inB.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect((await accepted.json()).status).toBe("active");
  await expectError(await person.post(`/api/v1/account/invitations/${inB.id}/accept`), 404);

  // Two workspaces: a new sign-in asks; the choice binds the session to B.
  const inBSession = await signedInContext(playwright, baseURL, email, password);
  expect((await sessionOf(inBSession)).workspaceId).toBeUndefined();
  expect((await chooseWorkspace(inBSession, b.workspaceId)).workspaceId).toBe(b.workspaceId);
  expect((await inBSession.get("/api/v1/members")).status()).toBe(200); // admin in B
  const inASession = await signedInContext(playwright, baseURL, email, password);
  expect((await chooseWorkspace(inASession, a.workspaceId)).workspaceId).toBe(a.workspaceId);
  await expectError(await inASession.get("/api/v1/members"), 403); // reviewer in A

  // A removes the member: the session in A ends, the one in B continues; A's admin has no password that works.
  expect((await adminA.delete(`/api/v1/members/${inA.id}`)).status()).toBe(200);
  await expectError(await inASession.get("/api/v1/prior_auths"), 401);
  expect((await inBSession.get("/api/v1/prior_auths")).status()).toBe(200);
  for (const guess of [a.adminPassword, "b-chosen-password-1", "unused-initial-password"]) {
    expect((await sessionOf(await signedInContext(playwright, baseURL, email, guess))).user).toBeUndefined();
  }
  // The owner, now in B only, lands in B directly.
  const again = await signedInContext(playwright, baseURL, email, password);
  expect((await sessionOf(again)).workspaceId).toBe(b.workspaceId);
});

test("declining an invitation removes it; a deactivated member's session stays ended, even after reactivation", async ({ playwright, baseURL, request }) => {
  const adminA = await signedInContext(playwright, baseURL, a.adminEmail, a.adminPassword);
  const adminB = await signedInContext(playwright, baseURL, b.adminEmail, b.adminPassword);
  const email = newEmail("decline");
  const password = `own-${randomUUID()}`;
  const inA = await inviteMember(adminA, email);
  await request.post("/api/v1/account/password_links", { data: { token: inA.token, password } });
  const inB = await inviteMember(adminB, email);
  const person = await signedInContext(playwright, baseURL, email, password);
  expect((await (await person.delete(`/api/v1/account/invitations/${inB.id}`)).json()).status).toBe("declined");
  const inBList = (await (await adminB.get("/api/v1/members")).json()).data as { email: string }[];
  expect(inBList.map((m) => m.email)).not.toContain(email);
  // Nothing elsewhere any more: A may issue a password link again.
  expect((await adminA.post(`/api/v1/members/${inA.id}/password`)).status()).toBe(200);

  const bound = await signedInContext(playwright, baseURL, email, password);
  expect((await sessionOf(bound)).workspaceId).toBe(a.workspaceId);
  await adminA.patch(`/api/v1/members/${inA.id}`, { data: { active: false } });
  await expectError(await bound.get("/api/v1/prior_auths"), 401);
  // Choosing the workspace again does not revive the session, and reactivation does not either.
  await chooseWorkspace(bound, a.workspaceId);
  await expectError(await bound.get("/api/v1/prior_auths"), 401);
  await adminA.patch(`/api/v1/members/${inA.id}`, { data: { active: true } });
  await expectError(await bound.get("/api/v1/prior_auths"), 401);
  expect((await (await signedInContext(playwright, baseURL, email, password)).get("/api/v1/prior_auths")).status()).toBe(200);
});

test("changing a password asks the current one and ends the other sessions; this one continues", async ({ playwright, baseURL, request }) => {
  const adminA = await signedInContext(playwright, baseURL, a.adminEmail, a.adminPassword);
  const email = newEmail("change");
  const password = `own-${randomUUID()}`;
  const invited = await inviteMember(adminA, email);
  await request.post("/api/v1/account/password_links", { data: { token: invited.token, password } });
  const here = await signedInContext(playwright, baseURL, email, password);
  const elsewhere = await signedInContext(playwright, baseURL, email, password);

  await expectError(await here.post("/api/v1/account/password", { data: { current_password: "not-the-password", new_password: "a-brand-new-password-1" } }), 400, /current password is not right/);
  await expectError(await here.post("/api/v1/account/password", { data: { new_password: "a-brand-new-password-1" } }), 400, /current_password/);
  await expectError(await request.post("/api/v1/account/password", { data: { current_password: password, new_password: "a-brand-new-password-1" } }), 401);
  await expectError(await request.post("/api/v1/account/password", { headers: { "X-API-Key": a.apiKey }, data: { current_password: password, new_password: "a-brand-new-password-1" } }), 401);
  const fresh = `changed-${randomUUID()}`;
  const changed = await here.post("/api/v1/account/password", { data: { current_password: password, new_password: fresh } });
  expect(changed.status(), await changed.text()).toBe(200);
  expect(await changed.json()).toEqual({ changed: true, other_sessions_ended: true });

  expect((await here.get("/api/v1/prior_auths")).status()).toBe(200);
  await expectError(await elsewhere.get("/api/v1/prior_auths"), 401);
  expect((await sessionOf(await signedInContext(playwright, baseURL, email, password))).user).toBeUndefined();
  expect((await sessionOf(await signedInContext(playwright, baseURL, email, fresh))).workspaceId).toBe(a.workspaceId);
});

test("account routes need a session of a person; API keys and strangers get 401; another person's invitation is 404", async ({ playwright, baseURL, request }) => {
  await expectError(await request.get("/api/v1/account/workspaces"), 401);
  await expectError(await request.get("/api/v1/account/workspaces", { headers: { "X-API-Key": a.apiKey } }), 401);
  await expectError(await request.post(`/api/v1/account/invitations/${randomUUID()}/accept`), 401);
  const adminA = await signedInContext(playwright, baseURL, a.adminEmail, a.adminPassword);
  await expectError(await adminA.post(`/api/v1/account/invitations/${randomUUID()}/accept`), 404);
  await expectError(await adminA.post("/api/v1/account/invitations/not-a-uuid/accept"), 400);
  const invited = await inviteMember(adminA, newEmail("stranger"));
  await expectError(await adminA.post(`/api/v1/account/invitations/${invited.id}/accept`), 404);
  await expectError(await adminA.delete(`/api/v1/account/invitations/${invited.id}`), 404);
  // A cross-site page cannot accept in a signed-in person's name.
  const evil = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: "https://evil.example" } });
  const { csrfToken } = await (await evil.get("/api/auth/csrf")).json();
  await evil.post("/api/auth/callback/credentials", { form: { csrfToken, email: a.adminEmail, password: a.adminPassword, json: "true" }, maxRedirects: 0 });
  await expectError(await evil.post(`/api/v1/account/invitations/${invited.id}/accept`), 403);
});
