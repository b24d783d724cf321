import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { apiClient } from "../support/api";

let a: TestWorkspace;
let b: TestWorkspace;
let caseId: string;

const claim = (over: Record<string, unknown> = {}) => ({ claim_id: "C-1", date: "2024-01-15", type: "pharmacy", status: "paid", drug_name: "clobazam", ndc: "00093-1234-01", ...over });
const path = (id: string) => `/api/v1/prior_auths/${id}/supporting_information`;

test.beforeAll(async ({ request }) => {
  [a, b] = await Promise.all([createTestWorkspace("Support"), createTestWorkspace("Other")]);
  caseId = (await (await apiClient(request, a.apiKey).create({ case_id: "si-1", ePA: { epa_payload: { patient: { first_name: "S", last_name: "I" } } }, synchronous_request: true })).json()).id;
});

test("claim history and a test claim are accepted with 201 Succeeded; a re-sent claim_id replaces the record", async ({ request }) => {
  const headers = { "X-API-Key": a.apiKey };
  const first = await request.post(path(caseId), { headers, data: { claim_history: { data: [claim(), claim({ claim_id: "C-2", date: "2024-02-15", status: "denied" })] }, test_claim: { data: { claim_id: "T-1", date: "2024-03-01", status: "pending", expected_coverage: true, adjudication_notes: "PA required" } } } });
  expect(first.status()).toBe(201);
  expect(await first.json()).toEqual({ status: "Succeeded" });
  const again = await request.post(path(caseId), { headers, data: { claim_history: { data: [claim({ status: "pending" })] } } });
  expect(again.status()).toBe(201);
  const stored = await (await request.get(path(caseId), { headers })).json();
  expect(stored.claim_history.map((c: { claim_id: string; status: string }) => [c.claim_id, c.status])).toEqual([["C-1", "pending"], ["C-2", "denied"]]);
  expect(stored.test_claim).toMatchObject({ claim_id: "T-1", status: "pending", expected_coverage: true });
  const events = await apiClient(request, a.apiKey).events(caseId);
  expect(events.filter((e) => e.action === "supporting_information.added")).toHaveLength(2);
});

test("every validation rule of spec 2.4 is a 400 naming the field", async ({ request }) => {
  const headers = { "X-API-Key": a.apiKey };
  const cases: [unknown, string][] = [
    [{ claim_history: { data: [claim({ claim_id: undefined })] } }, "claim_history.data[0].claim_id"],
    [{ claim_history: { data: [claim({ date: undefined })] } }, "claim_history.data[0].date"],
    [{ claim_history: { data: [claim({ type: undefined })] } }, "claim_history.data[0].type"],
    [{ claim_history: { data: [claim({ status: undefined })] } }, "claim_history.data[0].status"],
    [{ claim_history: { data: [claim({ type: "dental" })] } }, "claim_history.data[0].type: must be pharmacy or medical"],
    [{ claim_history: { data: [claim({ status: "approved" })] } }, "claim_history.data[0].status: must be paid, denied or pending"],
    [{ claim_history: { data: [claim({ date: "2024-02-30" })] } }, "claim_history.data[0].date: is not a real calendar date"],
    [{ claim_history: { data: [claim({ date: "15/01/2024" })] } }, "claim_history.data[0].date: must be a date YYYY-MM-DD"],
    [{ claim_history: { data: [claim(), claim()] } }, "claim_history.data[1].claim_id: duplicate claim_id C-1"],
    [{ test_claim: { data: { date: "2024-01-01", status: "pending" } } }, "test_claim.data.claim_id"],
    [{ test_claim: { data: { claim_id: "T", date: "2024-13-01", status: "pending" } } }, "test_claim.data.date"],
    [{ test_claim: { data: { claim_id: "T", date: "2024-01-01", status: "paid" } } }, "test_claim.data.status: must be pending, approved or denied"],
    [{ test_claim: { data: { claim_id: "T", date: "2024-01-01", status: "pending", expected_coverage: "yes" } } }, "test_claim.data.expected_coverage"],
    [{ claim_history: { data: "nope" } }, "claim_history.data"],
    [{ surprise: true }, "surprise"],
  ];
  for (const [data, expected] of cases) {
    const response = await request.post(path(caseId), { headers, data });
    expect(response.status(), JSON.stringify(data)).toBe(400);
    const body = await response.json();
    expect(body.error).toBe(400);
    expect(body.message, JSON.stringify(data)).toContain(expected);
  }
  const empty = await request.post(path(caseId), { headers: { ...headers, "Content-Type": "application/json" }, data: Buffer.from("") });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).message).toContain("body is required");
  const badId = await request.post(path("not-a-uuid"), { headers, data: { claim_history: { data: [claim()] } } });
  expect(badId.status()).toBe(400);
});

test("401 without a valid key, 404 for an unknown or another workspace's case", async ({ request }) => {
  const body = { claim_history: { data: [claim()] } };
  const noKey = await request.post(path(caseId), { data: body });
  expect(noKey.status()).toBe(401);
  expect(await noKey.json()).toEqual({ error: 401, message: expect.any(String) });
  expect((await request.post(path(caseId), { headers: { "X-API-Key": "pa_wrong" }, data: body })).status()).toBe(401);
  const unknown = await request.post(path("0b9a4b7e-8f7e-4a61-9d1e-2b7a4c3d2e11"), { headers: { "X-API-Key": a.apiKey }, data: body });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error).toBe(404);
  expect((await request.post(path(caseId), { headers: { "X-API-Key": b.apiKey }, data: body })).status()).toBe(404);
});

test("a CARIN Blue Button ExplanationOfBenefit is accepted as claim history", async ({ request }) => {
  const headers = { "X-API-Key": a.apiKey };
  const eob = {
    resourceType: "ExplanationOfBenefit",
    id: "EOBPharmacy1",
    identifier: [{ value: "RX-778" }],
    status: "active",
    outcome: "complete",
    type: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/claim-type", code: "pharmacy" }] },
    billablePeriod: { start: "2023-11-02" },
    item: [{ sequence: 1, productOrService: { coding: [{ system: "http://hl7.org/fhir/sid/ndc", code: "00093736401", display: "Valproic acid 250 MG Oral Capsule" }] } }],
    supportingInfo: [{ sequence: 1, category: { coding: [{ code: "dayssupply" }] }, valueQuantity: { value: 30 } }],
  };
  const response = await request.post(path(caseId), { headers, data: { claim_history: { data: [eob] } } });
  expect(response.status()).toBe(201);
  const stored = await (await request.get(path(caseId), { headers })).json();
  expect(stored.claim_history).toContainEqual({ claim_id: "RX-778", date: "2023-11-02", type: "pharmacy", status: "paid", drug_name: "Valproic acid 250 MG Oral Capsule", ndc: "00093736401", days_supply: 30 });
});

test("a closed case (cancelled, or failed) takes no more information: 201 with status Failed, nothing stored", async ({ request }) => {
  const api = apiClient(request, a.apiKey);
  const held = await (await api.create({ case_id: "si-cancel", document_url: "http://127.0.0.1:9/never.pdf" })).json();
  await api.cancel(held.id);
  const response = await request.post(path(held.id), { headers: api.headers, data: { claim_history: { data: [claim()] } } });
  expect(["Cancelled", "Failed"]).toContain((await api.getJson(held.id)).status);
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ status: "Failed" });
  const stored = await (await request.get(path(held.id), { headers: api.headers })).json();
  expect(stored.claim_history).toEqual([]);
});
