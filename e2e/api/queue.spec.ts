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
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
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

test("work-queue views with counts: open work by default in the portal, needs review, mine, waiting, decided; search by drug", async ({ playwright, baseURL }) => {
  const own = await createTestWorkspace("Views", { autoEvaluate: true });
  const ctx = await playwright.request.newContext({ baseURL });
  const api = apiClient(ctx, own.apiKey);
  const epa = (name: string, drug: string) => ({ epa_payload: { patient: { first_name: name, last_name: "Views" }, medication: { drug_name: drug } } });
  const ready = await (await api.create({ case_id: "v-ready", ePA: epa("Ready", "Dupixent"), synchronous_request: true })).json();
  const waiting = await (await api.create({ case_id: "v-waiting", ePA: epa("Waiting", "Humira"), synchronous_request: true })).json();
  const withdrawn = await (await api.create({ case_id: "v-withdrawn", ePA: epa("Gone", "Humira"), synchronous_request: true })).json();
  expect([ready.status, waiting.status, withdrawn.status]).toEqual(["Succeeded", "Succeeded", "Succeeded"]);
  expect((await api.raw("POST", `/prior_auths/${waiting.id}/review`, { decision: "request_for_information", note: "Send the chart notes." })).status()).toBe(201);
  expect((await api.cancel(withdrawn.id, "Sent twice")).status()).toBe(200);

  const ids = async (query: string) => ((await (await api.list(query)).json()).data as { id: string }[]).map((p) => p.id).sort();
  expect(await ids("view=open")).toEqual([ready.id, waiting.id].sort());
  // Read, but the engine could not check it (no policy in this workspace): not "needs review", but its own view, with why.
  expect(await ids("view=needs_review")).toEqual([]);
  expect(await ids("view=unchecked")).toEqual([ready.id]);
  await expect.poll(async () => (await api.getJson(ready.id)).unchecked_reason, { timeout: 30_000 }).toMatch(/polic/i);
  expect(await ids("view=waiting")).toEqual([waiting.id]);
  expect(await ids("view=decided")).toEqual([]);
  expect(await ids("view=all")).toEqual([ready.id, waiting.id, withdrawn.id].sort());
  expect(await ids("view=mine")).toEqual([]); // an API key is nobody's "me"
  expect((await api.list("view=everything")).status()).toBe(400);

  // Counts match the lists they open.
  const counts = (await (await ctx.get("/api/v1/prior_auths/counts", { headers: { "X-API-Key": own.apiKey } })).json()).counts;
  expect(counts).toMatchObject({ open: 2, needs_review: 0, unchecked: 1, waiting: 1, decided: 0, overdue: 0, all: 3, mine: 0 });

  // Search finds a case by its drug as well as by case id or patient.
  const byDrug = (await (await api.list("q=dupix")).json()).data;
  expect(byDrug.map((p: { id: string; drug_name: string }) => p.id)).toEqual([ready.id]);
  await ctx.dispose();
});

test("the decision clock pauses while a case waits for information (workspace rule) and resumes with the time waited added", async ({ playwright, baseURL }) => {
  const own = await createTestWorkspace("Pause");
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, own.adminEmail, own.adminPassword);
  expect((await admin.patch("/api/v1/workspace", { data: { pause_clock_while_waiting: true } })).status()).toBe(200);
  const ctx = await playwright.request.newContext({ baseURL });
  const api = apiClient(ctx, own.apiKey);
  const created = await (await api.create({ case_id: "pause-1", ePA: payload("Pause"), synchronous_request: true, received_at: hoursAgo(200) })).json();
  expect(created.status).toBe("Succeeded");
  expect((await api.raw("POST", `/prior_auths/${created.id}/review`, { decision: "request_for_information", note: "Send the chart notes." })).status()).toBe(201);
  const waiting = await api.getJson(created.id);
  expect(waiting).toMatchObject({ status: "request_for_information", sla_paused: true, waiting_since: expect.any(String) });
  // Overdue before the wait, but a paused case is not listed as overdue.
  expect(((await (await api.list("view=overdue")).json()).data as { id: string }[]).map((p) => p.id)).not.toContain(created.id);
  await new Promise((r) => setTimeout(r, 1500));
  await ctx.post(`/api/v1/prior_auths/${created.id}/supporting_information`, { headers: { "X-API-Key": own.apiKey }, data: { claim_history: { data: [{ claim_id: "C1", date: "2025-01-01", type: "pharmacy", status: "paid", drug_name: "metformin" }] } } });
  const resumed = await api.getJson(created.id);
  expect(resumed).toMatchObject({ status: "Succeeded", sla_paused: false, waiting_since: null });
  const moved = Date.parse(`${resumed.sla_due_at}Z`) - Date.parse(`${waiting.sla_due_at}Z`);
  expect(moved).toBeGreaterThanOrEqual(1400);
  expect(moved).toBeLessThan(60_000);
  await admin.dispose();
  await ctx.dispose();
});

// A policy written here: the patient must be an adult, so a child's request is pended for a clinician.
const ADULTS_ONLY_POLICY = [
  "Acme Health Plan Drug Coverage Policy",
  "Dupixent (dupilumab)",
  "Coverage Criteria",
  "Atopic dermatitis. Approve for 1 year if the patient meets ALL of the following criteria (1 and 2):",
  "1. Patient is 18 years of age or older; AND",
  "2. The medication is prescribed by or in consultation with a dermatologist.",
].join("\n");

test("needs review holds only determinations to confirm; search matches words in any order and close spellings; due ties by receipt", async ({ playwright, baseURL }) => {
  const own = await createTestWorkspace("QueueSearch");
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, own.adminEmail, own.adminPassword);
  expect((await admin.post("/api/v1/policies", { data: { text: ADULTS_ONLY_POLICY, drug_names: ["Dupixent (dupilumab)"] } })).status()).toBe(201);
  const ctx = await playwright.request.newContext({ baseURL });
  const api = apiClient(ctx, own.apiKey);
  const person = (first: string, last: string, drug: string, birth = "2015-03-02") => ({ epa_payload: { patient: { first_name: first, last_name: last, birth_date: birth }, medication: { drug_name: drug } } });
  // The same deadline: an expedited request received now (72 h) and a standard one received 96 h ago (168 h). The due
  // sort then falls back on receipt, oldest first (by id alone the order would be a coin toss).
  const now = Date.now();
  const child = await (await api.create({ case_id: "qs-child", ePA: person("Harold J.", "Mensah", "Dupixent 300 mg/2 mL"), synchronous_request: true, expedited: true, received_at: new Date(now).toISOString() })).json();
  const other = await (await api.create({ case_id: "qs-other", ePA: person("Amara", "Okafor", "Humira 40 mg"), synchronous_request: true, received_at: new Date(now - 96 * 3600_000).toISOString() })).json();
  expect(child.sla_due_at).toBe(other.sla_due_at);
  expect([child.status, other.status]).toEqual(["Succeeded", "Succeeded"]);
  const determination = await ctx.post(`/api/v1/prior_auths/${child.id}/determination`, { headers: api.headers });
  expect(determination.status()).toBe(200);
  expect((await determination.json()).determination.status).toBe("pending_review");

  const ids = async (query: string) => ((await (await api.list(query)).json()).data as { id: string }[]).map((p) => p.id);
  expect(await ids("view=needs_review")).toEqual([child.id]);
  expect(await ids("view=unchecked")).toEqual([other.id]);
  expect((await api.getJson(child.id)).unchecked_reason).toBeNull();

  // Words in any order, a middle initial between them, close spellings of a name and a drug; every word must match.
  const search = (q: string) => ids(`q=${encodeURIComponent(q)}`);
  expect(await search("Harold Mensah")).toEqual([child.id]);
  expect(await search("mensah harold")).toEqual([child.id]);
  expect(await search("Mensa")).toEqual([child.id]);
  expect(await search("Okafr")).toEqual([other.id]);
  expect(await search("Dupixant")).toEqual([child.id]);
  expect(await search("Harold Okafor")).toEqual([]);
  expect(await search("qs- Amara")).toEqual([other.id]);

  // Due soonest, tie broken by receipt; the pagination cursor keeps that order across pages (one case a page).
  const first = await (await api.list("sort=due&limit=1")).json();
  expect(first.data.map((p: { id: string }) => p.id)).toEqual([other.id]);
  const second = await (await api.list(`sort=due&limit=1&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
  expect(second.data.map((p: { id: string }) => p.id)).toEqual([child.id]);
  expect(second.next_cursor).toBeNull();
  expect((await api.list("sort=due&limit=1&cursor=not-a-cursor")).status()).toBe(400);
  await admin.dispose();
  await ctx.dispose();
});
