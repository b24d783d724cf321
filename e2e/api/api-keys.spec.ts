// Keys and headers (issue 19, item 6): a key can carry an expiry set at creation and is refused like a revoked one
// once it passes; last use and expiry are listed; oversized or malformed auth headers get the JSON error body.
import net from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";
import { expectErrorBody } from "../support/api";

let ws: TestWorkspace;
let admin: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  ws = await createTestWorkspace("Keys");
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
});

test.afterAll(async () => {
  await admin.dispose();
});

type Key = { id: string; api_key: string; expires_at: string | null; last_used_at: string | null; status: string };
const listed = async (id: string): Promise<Key> => (await (await admin.get("/api/v1/api_keys")).json()).data.find((k: Key) => k.id === id);

test("expiry at creation: validated, listed, and an expired key is refused like a revoked one", async ({ request }) => {
  // Refused expiries name the field.
  await expectErrorBody(await admin.post("/api/v1/api_keys", { data: { name: "past", expires_at: "2020-01-01T00:00:00Z" } }), 400, "expires_at: must be in the future");
  await expectErrorBody(await admin.post("/api/v1/api_keys", { data: { name: "far", expires_in_days: 731 } }), 400, "expires_in_days: must be at most 730");
  await expectErrorBody(await admin.post("/api/v1/api_keys", { data: { name: "far", expires_at: new Date(Date.now() + 800 * 86_400_000).toISOString() } }), 400, "at most 730 days");
  await expectErrorBody(await admin.post("/api/v1/api_keys", { data: { name: "both", expires_in_days: 3, expires_at: "2030-01-01T00:00:00Z" } }), 400, "not both");
  await expectErrorBody(await admin.post("/api/v1/api_keys", { data: { name: "no zone", expires_at: "2030-01-01T00:00:00" } }), 400, "expires_at:");

  // A key for 30 days: listed with its expiry, never used, then used.
  const monthly = await admin.post("/api/v1/api_keys", { data: { name: "30 days", expires_in_days: 30 } });
  expect(monthly.status(), await monthly.text()).toBe(201);
  const month: Key = await monthly.json();
  expect(Date.parse(month.expires_at!) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  expect(Date.parse(month.expires_at!) - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
  expect(month.status).toBe("active");
  expect((await listed(month.id)).last_used_at).toBeNull();
  expect((await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": month.api_key } })).status()).toBe(200);
  const used = await listed(month.id);
  expect(used.last_used_at).not.toBeNull();
  expect(used.expires_at).toBe(month.expires_at);

  // A key expiring shortly: it works, then it is 401 with the revoked key's answer, and listed as expired.
  const soon = await admin.post("/api/v1/api_keys", { data: { name: "short-lived", expires_at: new Date(Date.now() + 15_000).toISOString() } });
  expect(soon.status(), await soon.text()).toBe(201);
  const short: Key = await soon.json();
  expect((await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": short.api_key } })).status()).toBe(200);
  await expect
    .poll(async () => (await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": short.api_key } })).status(), { timeout: 60_000, intervals: [1000] })
    .toBe(401);
  await expectErrorBody(await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": short.api_key } }), 401, "The API key is not valid (unknown, revoked or expired).");
  expect((await listed(short.id)).status).toBe("expired");
});

test("malformed key headers are 401 with the error body, never a 500; the key header is checked before the database", async ({ request }) => {
  const cases: [string, string][] = [
    ["sk_" + "a".repeat(43), "keys start with pa_"],
    ["Bearer pa_abc", "keys start with pa_"],
    ["pa_abc$%def", "it has characters no key has"],
    [`${ws.apiKey}, ${ws.apiKey}`, "it has characters no key has"],
    ["pa_" + "x".repeat(8_000), "it is 8003 characters long; keys have at most 128"],
  ];
  for (const [value, message] of cases) {
    await expectErrorBody(await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": value } }), 401, `The X-API-Key header does not hold an API key: ${message}`);
    await expectErrorBody(await request.post("/api/v1/prior_auths", { headers: { "X-API-Key": value }, data: { case_id: "x" } }), 401);
  }
  // A well-shaped unknown key is the usual answer.
  await expectErrorBody(await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": "pa_not-a-key-at-all" } }), 401, "The API key is not valid (unknown, revoked or expired).");
});

/** A raw HTTP/1.1 exchange with the test server on 127.0.0.1: what the HTTP parser answers before any route. */
function rawExchange(port: number, request: string): Promise<{ statusLine: string; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    socket.on("error", (error) => (received ? undefined : reject(error)));
    socket.on("close", () => {
      const [head, ...rest] = received.split("\r\n\r\n");
      resolve({ statusLine: head.split("\r\n")[0], headers: head, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

test("a 60 KB X-API-Key header is 431 and a malformed request 400, both with the JSON error body", async ({ baseURL }) => {
  const port = Number(new URL(String(baseURL)).port);
  const oversized = await rawExchange(port, `GET /api/v1/prior_auths HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-Key: pa_${"a".repeat(60 * 1024)}\r\n\r\n`);
  expect(oversized.statusLine).toBe("HTTP/1.1 431 Request Header Fields Too Large");
  expect(oversized.headers).toMatch(/Content-Type: application\/json; charset=utf-8/i);
  expect(JSON.parse(oversized.body)).toEqual({ error: 431, message: expect.stringContaining("headers are larger than the server accepts") });

  const malformed = await rawExchange(port, `GET /api/v1/prior_auths HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API\u0001Key: pa_x\r\n\r\n`);
  expect(malformed.statusLine).toBe("HTTP/1.1 400 Bad Request");
  expect(JSON.parse(malformed.body)).toEqual({ error: 400, message: expect.stringContaining("could not be parsed as HTTP") });
});
