import { expect, test } from "@playwright/test";
import { apiClient, expectErrorBody } from "../support/api";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";

// The request's date (issue 21 item 7): ages and look-back windows count from the day the request was made, so a
// case stated as made 200 days ago is checked as one received on that day, whenever it is checked.
const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const now = Date.now();
const requestDay = isoDay(now - 200 * DAY_MS);
/** 18 years before a day 100 days ago: 18 years old today, 17 on the request day. */
const birthDate = (() => {
  const d = new Date(now - 100 * DAY_MS);
  d.setUTCFullYear(d.getUTCFullYear() - 18);
  return isoDay(d.getTime());
})();
const epaPayload = (extra: Record<string, unknown> = {}) => ({
  patient: { first_name: "Rhea", last_name: "Dayton", birth_date: birthDate, gender: "female" },
  prescriber: { first_name: "Ida", last_name: "Moss", npi: "1234567893", specialty: "Dermatology" },
  medication: { drug_name: "Dupixent 300 mg/2 mL pen", quantity: 2, days_supply: 28 },
  diagnoses: [{ code: "L20.9", description: "Atopic dermatitis" }],
  ...extra,
});
const adultsOnly = JSON.stringify({
  title: "Adults only (request date test)",
  drug_names: ["Dupixent"],
  sections: [{ title: "Any indication", diagnosis: { names: [], icd10_prefixes: [] }, criteria: { all: [{ id: "adult", text: "Patient is 18 years of age or older", check: { kind: "age", min: 18 } }] } }],
});

let ws: TestWorkspace;
test.beforeAll(async () => {
  ws = await createTestWorkspace("RequestDate");
});

test("a case stated as made 200 days ago is checked as one received that day, and says its request date", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const create = async (caseId: string, extra: Record<string, unknown>, payloadExtra: Record<string, unknown> = {}) => {
    const response = await api.create({ case_id: caseId, ePA: { epa_payload: epaPayload(payloadExtra) }, synchronous_request: true, ...extra });
    expect(response.status(), await response.text()).toBe(201);
    const created = (await response.json()) as { id: string; status: string; request_date: string; received_at: string };
    expect(created.status).not.toBe("Processing");
    const check = await request.post(`/api/v1/prior_auths/${created.id}/policy_check`, { headers: api.headers, data: { policy_payload: adultsOnly } });
    expect(check.status(), await check.text()).toBe(200);
    const step = ((await check.json()) as { policy_check: { outcome: string; answer: string; reason: string }[] }).policy_check[0];
    const read = (await (await api.get(created.id)).json()) as { request_date: string; received_at: string };
    return { created, read, step };
  };

  const stated = await create("req-date-stated", { request_date: requestDay });
  const receivedThen = await create("req-date-received", { received_at: `${requestDay}T12:00:00Z` });
  const inPayload = await create("req-date-epa", {}, { request_date: requestDay });
  const today = await create("req-date-today", {});

  // Stored and answered: as stated, as received, or the day received.
  expect(stated.created.request_date).toBe(requestDay);
  expect(stated.read.request_date).toBe(requestDay);
  expect(receivedThen.read.request_date).toBe(requestDay);
  expect(inPayload.read.request_date).toBe(requestDay);
  expect(today.read.request_date).toBe(today.read.received_at.slice(0, 10));

  // 17 on the request day, 18 today: the stated case answers as the one received that day, not as today.
  expect(receivedThen.step.outcome).toBe("not_met");
  expect(stated.step).toEqual(receivedThen.step);
  expect(`${stated.step.answer} ${stated.step.reason}`).toContain(requestDay);
  expect(inPayload.step).toEqual(receivedThen.step);
  expect(today.step.outcome).toBe("met");
});

test("a request date in the future, more than 365 days back or not a date is 400 naming the field, and nothing is created", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const cases = [
    [{ request_date: isoDay(now + 3 * DAY_MS) }, "request_date", /future/],
    [{ request_date: isoDay(now - 400 * DAY_MS) }, "request_date", /365 days/],
    [{ request_date: "2025-02-30" }, "request_date", /YYYY-MM-DD/],
    [{ request_date: 20250101 }, "request_date", /YYYY-MM-DD/],
  ] as const;
  for (const [field, name, why] of cases) {
    const body = await expectErrorBody(await api.create({ case_id: "req-date-bad", ePA: { epa_payload: epaPayload() }, ...field }), 400, name);
    expect(body.message).toMatch(why);
  }
  const inPayload = await expectErrorBody(await api.create({ case_id: "req-date-bad", ePA: { epa_payload: epaPayload({ request_date: isoDay(now + 3 * DAY_MS) }) } }), 400, "ePA.epa_payload.request_date");
  expect(inPayload.message).toMatch(/future/);
  const listed = (await (await api.list("case_id=req-date-bad")).json()) as { data: unknown[] };
  expect(listed.data).toEqual([]);
});

test("the OpenAPI document describes request_date on create and on the prior authorization", async ({ request }) => {
  const doc = (await (await request.get("/api/v1/openapi.json")).json()) as { components: { schemas: Record<string, { properties: Record<string, { type?: string; format?: string }>; required?: string[] }> } };
  expect(doc.components.schemas.CreatePriorAuthRequest.properties.request_date).toMatchObject({ type: "string", format: "date" });
  expect(doc.components.schemas.PriorAuth.properties.request_date).toMatchObject({ type: "string", format: "date" });
  expect(doc.components.schemas.PriorAuth.required).toContain("request_date");
});
