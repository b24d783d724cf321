import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";
import { apiClient } from "../support/api";

let ws: TestWorkspace;

test.beforeAll(async () => {
  ws = await createTestWorkspace("Queue");
});

const payload = (name: string) => ({ epa_payload: { patient: { first_name: name, last_name: "Queue" } } });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

test("the SLA clock starts at receipt: expedited 72 h, standard 7 days; overdue filter and due-date sort", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const old = await (await api.create({ case_id: "old-standard", ePA: payload("Old"), received_at: hoursAgo(200) })).json();
  const expedited = await (await api.create({ case_id: "fresh-expedited", ePA: payload("Fresh"), expedited: true })).json();
  const fresh = await (await api.create({ case_id: "fresh-standard", ePA: payload("Fresh") })).json();

  const hours = (p: { sla_due_at: string; received_at: string }) => (Date.parse(`${p.sla_due_at}Z`) - Date.parse(`${p.received_at}Z`)) / 3600_000;
  expect(hours(old)).toBeCloseTo(168, 3);
  expect(hours(expedited)).toBeCloseTo(72, 3);
  expect(Date.parse(`${old.received_at}Z`)).toBeLessThan(Date.now() - 199 * 3600_000);

  const overdue = await (await api.list("overdue=true")).json();
  expect(overdue.data.map((p: { id: string }) => p.id)).toEqual([old.id]);
  const byDue = await (await api.list("sort=due")).json();
  expect(byDue.data.map((p: { id: string }) => p.id)).toEqual([old.id, expedited.id, fresh.id]);

  const bad = await api.create({ case_id: "future", ePA: payload("F"), received_at: new Date(Date.now() + 86400_000).toISOString() });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toContain("received_at");
});

test("admins change the SLA hours and open cases follow; assignment by a signed-in reviewer", async ({ playwright, baseURL, request }) => {
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "sla-change", ePA: payload("Sla") })).json();
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
  const patched = await admin.patch("/api/v1/workspace", { data: { sla_hours_standard: 24 } });
  expect(patched.status()).toBe(200);
  expect((await patched.json()).sla_hours_standard).toBe(24);
  const after = await api.getJson(created.id);
  expect((Date.parse(`${after.sla_due_at}Z`) - Date.parse(`${after.received_at}Z`)) / 3600_000).toBeCloseTo(24, 3);
  expect((await request.patch("/api/v1/workspace", { headers: api.headers, data: { sla_hours_standard: 1 } })).status()).toBe(401);

  const mine = await admin.patch(`/api/v1/prior_auths/${created.id}`, { data: { assignee_id: "me" } });
  expect(mine.status()).toBe(200);
  expect((await mine.json()).assignee.email).toBe(ws.adminEmail);
  const listed = await (await admin.get("/api/v1/prior_auths?assignee=me")).json();
  expect(listed.data.map((p: { id: string }) => p.id)).toEqual([created.id]);
  // An API key is not a person: "me" is refused, a member's id is accepted.
  expect((await request.patch(`/api/v1/prior_auths/${created.id}`, { headers: api.headers, data: { assignee_id: "me" } })).status()).toBe(400);
  const events = await api.events(created.id);
  expect(events.map((e) => e.action)).toContain("prior_auth.updated");
  await admin.dispose();
});
