// Issue 15, points 2-9: what a hostile client tried, each answered with a 4xx and the error body, never a 500.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { addReviewer, createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";

let ws: TestWorkspace;
let other: TestWorkspace;

test.beforeAll(async () => {
  [ws, other] = await Promise.all([createTestWorkspace("Hard"), createTestWorkspace("Other")]);
});

const epa = { epa_payload: { patient: { first_name: "Nul", last_name: "Test" }, medication: { drug_name: "Dupixent" } } };

async function expectError(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, message?: RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as { error: number; message: string };
  expect(body).toEqual({ error: status, message: expect.any(String) });
  if (message) expect(body.message).toMatch(message);
  return body;
}

async function countPriorAuths(request: APIRequestContext, apiKey: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page = await (await request.get(`/api/v1/prior_auths?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { headers: { "X-API-Key": apiKey } })).json();
    count += page.data.length;
    cursor = page.next_cursor;
  } while (cursor);
  return count;
}

test("cross-site: a session cookie mutates only from the portal's origin with JSON; API keys are unaffected", async ({ playwright, baseURL, request }) => {
  const bare = await playwright.request.newContext({ baseURL });
  await signInRequest(bare, ws.adminEmail, ws.adminPassword);
  await expectError(await bare.post("/api/v1/api_keys", { data: { name: "no origin" } }), 403, /Cross-site/);
  expect((await bare.get("/api/v1/api_keys")).status()).toBe(200);

  const evil = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: "https://evil.example" } });
  await signInRequest(evil, ws.adminEmail, ws.adminPassword);
  await expectError(await evil.post("/api/v1/prior_auths", { data: { case_id: "csrf", ePA: epa } }), 403, /Cross-site/);
  await expectError(await evil.post("/api/v1/members", { data: { email: "x@evil.test", role: "admin" } }), 403);

  const portal = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(portal, ws.adminEmail, ws.adminPassword);
  const plain = await portal.post("/api/v1/prior_auths", { headers: { "Content-Type": "text/plain" }, data: JSON.stringify({ case_id: "csrf-plain", ePA: epa }) });
  await expectError(plain, 403, /application\/json/);
  const form = await portal.post("/api/v1/webhooks", { form: { url: "http://127.0.0.1:9/hook" } });
  await expectError(form, 403);
  expect((await portal.post("/api/v1/api_keys", { data: { name: "from the portal" } })).status()).toBe(201);
  const fetchSite = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Sec-Fetch-Site": "same-origin" } });
  await signInRequest(fetchSite, ws.adminEmail, ws.adminPassword);
  expect((await fetchSite.post("/api/v1/api_keys", { data: { name: "same-origin fetch" } })).status()).toBe(201);

  // An API key is no ambient credential: no Origin needed, but a JSON route still needs a JSON content type.
  const before = await countPriorAuths(request, ws.apiKey);
  await expectError(await request.post("/api/v1/prior_auths", { headers: { "X-API-Key": ws.apiKey, "Content-Type": "text/plain" }, data: JSON.stringify({ case_id: "plain", ePA: epa }) }), 415);
  expect(await countPriorAuths(request, ws.apiKey)).toBe(before);
});

test("passwords: guessing is throttled per email with 429 and Retry-After; the policy refuses short and common passwords", async ({ playwright, baseURL }) => {
  const reviewer = await addReviewer(ws.workspaceId);
  const context = await playwright.request.newContext({ baseURL });
  const attempt = async (password: string) => {
    const { csrfToken } = await (await context.get("/api/auth/csrf")).json();
    return context.post("/api/auth/callback/credentials", { form: { csrfToken, email: reviewer.email, password, json: "true" }, maxRedirects: 0 });
  };
  for (let i = 0; i < 10; i++) expect((await attempt(`wrong-guess-${i}`)).status()).toBeLessThan(429);
  const throttled = await attempt("wrong-guess-11");
  await expectError(throttled, 429, /Too many failed sign-ins/);
  const retryAfter = Number(throttled.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(800);
  expect(retryAfter).toBeLessThanOrEqual(900);
  // Even the right password waits: the throttle does not tell a guesser when it guessed right.
  await expectError(await attempt(reviewer.password), 429);

  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
  for (const password of ["password", "short-pw-1", "password1234", "Qwertyuiop123"]) {
    await expectError(await admin.post("/api/v1/account/password", { data: { current_password: ws.adminPassword, new_password: password } }), 400, /new_password/);
  }
});

test("tenancy: one email once per workspace; an account of another workspace is not revealed; keys answer alike and revoke idempotently", async ({ playwright, baseURL, request }) => {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
  const fresh = await admin.post("/api/v1/members", { data: { email: `new-${Date.now()}@hard.test`, role: "reviewer" } });
  expect(fresh.status()).toBe(201);
  // The other workspace's admin: the same answer as for a new person, with nothing of the existing account in it.
  const existing = await admin.post("/api/v1/members", { data: { email: other.adminEmail, name: "Given Name", role: "reviewer" } });
  expect(existing.status()).toBe(201);
  expect(Object.keys(await existing.json()).sort()).toEqual(Object.keys(await fresh.json()).sort());
  expect((await existing.json()).name).toBe("Given Name");
  await expectError(await admin.post("/api/v1/members", { data: { email: other.adminEmail, role: "reviewer" } }), 409, /already a member of this workspace/);
  // An admin never chooses a password: a body that sends one is refused.
  await expectError(await admin.post("/api/v1/members", { data: { email: `pw-${Date.now()}@hard.test`, role: "reviewer", password: "an-admin-chosen-password" } }), 400, /unknown field: password/);

  const created = await (await admin.post("/api/v1/api_keys", { data: { name: "revoke twice" } })).json();
  const first = await admin.delete(`/api/v1/api_keys/${created.id}`);
  const second = await admin.delete(`/api/v1/api_keys/${created.id}`);
  expect([first.status(), second.status()]).toEqual([200, 200]);
  expect((await second.json()).revoked_at).toBe((await first.json()).revoked_at);
  const revoked = await expectError(await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": created.api_key } }), 401);
  const unknown = await expectError(await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": "pa_not-a-key-at-all" } }), 401);
  expect(revoked.message).toBe(unknown.message);
});

test("values are checked before the database: NUL, depth, ranges, UUIDs, headers, content types, methods", async ({ request }) => {
  const headers = { "X-API-Key": ws.apiKey };
  const before = await countPriorAuths(request, ws.apiKey);
  await expectError(await request.post("/api/v1/prior_auths", { headers, data: { case_id: "a\u0000b", ePA: epa } }), 400, /case_id: must not contain NUL/);
  await expectError(await request.post("/api/v1/prior_auths", { headers, data: { case_id: "nul-key", ePA: { epa_payload: { "bad\u0000key": 1 } } } }), 400, /NUL/);
  await expectError(await request.post("/api/v1/prior_auths", { headers, data: { case_id: "nul-value", ePA: { epa_payload: { note: ["ok", "x\u0000"] } } } }), 400, /ePA\.epa_payload\.note\[1\]/);
  const deep = `{"case_id":"deep","ePA":{"epa_payload":{"x":${"[".repeat(5000)}${"]".repeat(5000)}}}}`;
  await expectError(await request.post("/api/v1/prior_auths", { headers: { ...headers, "Content-Type": "application/json" }, data: Buffer.from(deep) }), 400, /nested deeper than 64/);
  const wide = { case_id: "wide", ePA: { epa_payload: Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`k${i}`, i])) } };
  await expectError(await request.post("/api/v1/prior_auths", { headers, data: wide }), 400, /more than 1000 keys/);
  expect(await countPriorAuths(request, ws.apiKey)).toBe(before);

  await expectError(await request.get("/api/v1/prior_auths?q=a%00b", { headers }), 400, /q: must not contain NUL/);
  await expectError(await request.get("/api/v1/prior_auths?assignee=not-a-uuid", { headers }), 400, /assignee/);
  for (const sort of ["newest", "oldest", "due"]) expect((await request.get(`/api/v1/prior_auths?sort=${sort}`, { headers })).status()).toBe(200);
  await expectError(await request.get("/api/v1/prior_auths?limit=99999999999", { headers }), 400, /limit/);

  const policy = await request.post("/api/v1/policies", { headers, data: { title: "Hardening policy", text: "Drug: Dupixent\nCriteria:\n1. Age 18 or older." } });
  expect(policy.status(), await policy.text()).toBe(201);
  const policyId = (await policy.json()).id;
  await expectError(await request.get(`/api/v1/policies/${policyId}?version=2147483648`, { headers }), 400, /version/);
  await expectError(await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { effective_date: "2024-02-30" } }), 400, /effective_date/);
  await expectError(await request.post("/api/v1/policies", { headers, data: { title: "t", text: "x", effective_date: "31/31/2024" } }), 400, /effective_date/);

  await expectError(await request.post("/api/v1/documents", { headers: { ...headers, "Content-Type": "application/pdf", "X-File-Name": "bad%E0%A4%A.pdf" }, data: Buffer.from("%PDF-1.4") }), 400, /X-File-Name/);

  const created = await request.post("/api/v1/prior_auths", { headers, data: { case_id: "eob-null", ePA: epa, synchronous_request: true } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id;
  await expectError(await request.post(`/api/v1/prior_auths/${id}/supporting_information`, { headers, data: { claim_history: { bundle: { resourceType: "Bundle", entry: [null] } } } }), 400, /entry/);
  await expectError(await request.post(`/api/v1/prior_auths/${id}/supporting_information`, { headers, data: { claim_history: { data: [null] } } }), 400);

  const deleteList = await request.delete("/api/v1/prior_auths", { headers });
  await expectError(deleteList, 405, /DELETE is not supported/);
  expect(deleteList.headers()["allow"]).toContain("POST");
  const trace = await request.fetch("/api/v1/prior_auths", { method: "TRACE", headers });
  await expectError(trace, 405);
  expect(trace.headers()["allow"]).toContain("GET");
  const put = await request.put(`/api/v1/prior_auths/${id}`, { headers, data: {} });
  await expectError(put, 405);
  expect(put.headers()["allow"]).toContain("PATCH");
});

test("security headers: nosniff on JSON, a CSP that forbids framing, a referrer policy, HSTS over https", async ({ request }) => {
  const api = await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": ws.apiKey } });
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  const error = await request.get("/api/v1/prior_auths");
  expect(error.headers()["x-content-type-options"]).toBe("nosniff");
  const login = await request.get("/login");
  expect(login.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(login.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(login.headers()["x-content-type-options"]).toBe("nosniff");
  expect(login.headers()["strict-transport-security"]).toBeUndefined();
  const https = await request.get("/login", { headers: { "X-Forwarded-Proto": "https" } });
  expect(https.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
  // The API reference is framed by the portal's own /docs page: only 'self' may frame it.
  expect((await request.get("/api/reference")).headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
});

test("the CSP leaves the portal, the pdf viewer's worker and the API reference working", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/login");
  await page.getByLabel("Email").fill(ws.adminEmail);
  await page.getByLabel("Password").fill(ws.adminPassword);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.goto("/api/reference");
  await expect(page.locator(".swagger-ui")).toBeVisible();
  await expect(page.getByText("Prior authorizations").first()).toBeVisible();
  await page.goto("/docs");
  await expect(page.frameLocator("iframe").locator(".swagger-ui")).toBeVisible();
  expect(violations).toEqual([]);
});
