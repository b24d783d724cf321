import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";

let a: TestWorkspace;
let b: TestWorkspace;

test.beforeAll(async () => {
  [a, b] = await Promise.all([createTestWorkspace("Alpha"), createTestWorkspace("Beta")]);
});

// Loopback only, and nothing listens on port 9: processing fails quickly without leaving this machine.
const pdfUrl = "http://127.0.0.1:9/form.pdf";

test("missing, unknown and revoked keys are 401 with the error body", async ({ request }) => {
  const missing = await request.get("/api/v1/prior_auths");
  expect(missing.status()).toBe(401);
  expect(await missing.json()).toEqual({ error: 401, message: expect.stringContaining("X-API-Key") });

  const unknown = await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": "pa_not-a-real-key" } });
  expect(unknown.status()).toBe(401);
  expect((await unknown.json()).error).toBe(401);

  // The header name is case-insensitive.
  const ok = await request.get("/api/v1/prior_auths", { headers: { "x-api-key": a.apiKey } });
  expect(ok.status()).toBe(200);
  expect(ok.headers()["x-request-id"]).toBeTruthy();
});

test("a key of workspace B reading workspace A's prior auth gets 404", async ({ request }) => {
  const created = await request.post("/api/v1/prior_auths", { headers: { "X-API-Key": a.apiKey }, data: { case_id: "cross-1", document_url: pdfUrl } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  const own = await request.get(`/api/v1/prior_auths/${id}`, { headers: { "X-API-Key": a.apiKey } });
  expect(own.status()).toBe(200);
  expect((await own.json()).case_id).toBe("cross-1");

  const other = await request.get(`/api/v1/prior_auths/${id}`, { headers: { "X-API-Key": b.apiKey } });
  expect(other.status()).toBe(404);
  expect(await other.json()).toEqual({ error: 404, message: expect.any(String) });
  const otherEvents = await request.get(`/api/v1/prior_auths/${id}/events`, { headers: { "X-API-Key": b.apiKey } });
  expect(otherEvents.status()).toBe(404);
  const otherCancel = await request.post(`/api/v1/prior_auths/${id}/cancel`, { headers: { "X-API-Key": b.apiKey } });
  expect(otherCancel.status()).toBe(404);
});

test("malformed JSON, unknown fields and bad ids are 400 with the error body", async ({ request }) => {
  const headers = { "X-API-Key": a.apiKey, "Content-Type": "application/json" };
  const malformed = await request.post("/api/v1/prior_auths", { headers, data: Buffer.from("{ not json") });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ error: 400, message: "The request body is not valid JSON." });

  const unknownField = await request.post("/api/v1/prior_auths", { headers, data: { case_id: "x", document_url: pdfUrl, colour: "red" } });
  expect(unknownField.status()).toBe(400);
  expect((await unknownField.json()).message).toContain("colour");

  const wrongType = await request.post("/api/v1/prior_auths", { headers, data: { case_id: 42, document_url: pdfUrl } });
  expect(wrongType.status()).toBe(400);
  expect((await wrongType.json()).message).toContain("case_id");

  const badId = await request.get("/api/v1/prior_auths/not-a-uuid", { headers });
  expect(badId.status()).toBe(400);
  expect((await badId.json()).message).toContain("UUID");

  const unknownId = await request.get("/api/v1/prior_auths/7b0f8a8e-7d43-4c55-9f0a-4b0e3b7f3a11", { headers });
  expect(unknownId.status()).toBe(404);

  const noRoute = await request.get("/api/v1/nothing-here", { headers });
  expect(noRoute.status()).toBe(404);
  expect((await noRoute.json()).error).toBe(404);
});

test("a created prior auth has the spec's fields and timestamp format", async ({ request }) => {
  const created = await request.post("/api/v1/prior_auths", { headers: { "X-API-Key": a.apiKey }, data: { case_id: "fields-1", document_url: pdfUrl } });
  expect(created.status()).toBe(201);
  const body = await created.json();
  expect(created.headers()["location"]).toBe(`/api/v1/prior_auths/${body.id}`);
  expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(body.status).toBe("Processing");
  expect(body.intake_status).toBe("Processing");
  expect(body.document_url).toBe(pdfUrl);
  // ISO 8601, fractional seconds, no zone designator.
  expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+$/);
  expect(body.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+$/);
});

test("a revoked key is refused at once", async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, a.adminEmail, a.adminPassword);
  const created = await admin.post("/api/v1/api_keys", { data: { name: "to revoke" } });
  expect(created.status()).toBe(201);
  const key = await created.json();
  expect(key.api_key).toMatch(/^pa_/);

  const api = await playwright.request.newContext({ baseURL });
  const missingCase = `/api/v1/prior_auths/${randomUUID()}`;
  // Used many times just before (the key, its workspace and its rate-limit window are checked in one statement):
  // nothing remembered from these requests lets the key through after its revocation.
  for (let i = 0; i < 5; i++) expect((await api.get("/api/v1/prior_auths", { headers: { "X-API-Key": key.api_key } })).status()).toBe(200);
  expect((await api.get(missingCase, { headers: { "X-API-Key": key.api_key } })).status()).toBe(404);
  const used = (await (await admin.get("/api/v1/api_keys")).json()).data.find((k: { id: string }) => k.id === key.id);
  expect(used.last_used_at).not.toBeNull();
  expect((await admin.delete(`/api/v1/api_keys/${key.id}`)).status()).toBe(200);
  const refused = await api.get("/api/v1/prior_auths", { headers: { "X-API-Key": key.api_key } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: 401, message: "The API key is not valid (unknown, revoked or expired)." });
  const refusedRead = await api.get(missingCase, { headers: { "X-API-Key": key.api_key } });
  expect(refusedRead.status()).toBe(401);
  expect(refusedRead.headers()["x-ratelimit-limit"]).toBeUndefined();

  // Keys are listed without their secret: only the start.
  const listed = (await (await admin.get("/api/v1/api_keys")).json()).data.find((k: { id: string }) => k.id === key.id);
  expect(listed.start).toBe(key.api_key.slice(0, 9));
  expect(JSON.stringify(listed)).not.toContain(key.api_key);
  await admin.dispose();
  await api.dispose();
});

test("API keys cannot manage keys: key management is for signed-in admins", async ({ request }) => {
  const response = await request.get("/api/v1/api_keys", { headers: { "X-API-Key": a.apiKey } });
  expect(response.status()).toBe(401);
});
