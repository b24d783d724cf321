import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Webhook } from "standardwebhooks";
import { apiClient, waitForFinal } from "../support/api";
import { startDocServer, send } from "../support/doc-server";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { responseChecker, routeOperations } from "../support/openapi";
import { signInRequest } from "../support/session";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";

// The platform around the API: the OpenAPI document against the real server, webhooks, rate limits, metrics.
let ws: TestWorkspace;
let docs: Awaited<ReturnType<typeof startDocServer>>;
let doc: Parameters<typeof responseChecker>[0];
let check: ReturnType<typeof responseChecker>;

test.beforeAll(async ({ request }) => {
  ws = await createTestWorkspace("Platform");
  const pdf = await makePdf([PA_FORM_PAGE]);
  docs = await startDocServer({ "/form.pdf": send("application/pdf", pdf), "/hang.pdf": () => undefined });
  const response = await request.get("/api/v1/openapi.json");
  expect(response.status()).toBe(200);
  doc = await response.json();
  check = responseChecker(doc);
});

test.afterAll(async () => {
  await docs?.close();
});

test.describe("OpenAPI", () => {
  test("the document is valid OpenAPI 3.1, needs no key, and covers every route file", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { info: { version: string } }).info.version).toBe("1.0.0");
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`));
    const routes = await routeOperations();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !documented.includes(r))).toEqual([]);
  });

  test("real responses match their schemas: create, get, list, events, supporting information, errors", async ({ request }) => {
    const api = apiClient(request, ws.apiKey);
    const create = await api.create({ case_id: "oas-1", document_url: docs.url("/form.pdf") });
    expect(create.status()).toBe(201);
    expect(create.headers()["x-request-id"]).toBeTruthy();
    const created = await create.json();
    expect(check("post", "/prior_auths", 201, created)).toEqual([]);
    await waitForFinal(api, created.id);

    const get = await api.get(created.id);
    expect(check("get", "/prior_auths/{prior_auth_id}", 200, await get.json())).toEqual([]);
    const list = await api.list("limit=5");
    expect(check("get", "/prior_auths", 200, await list.json())).toEqual([]);
    const events = await api.raw("GET", `/prior_auths/${created.id}/events`);
    expect(check("get", "/prior_auths/{prior_auth_id}/events", 200, await events.json())).toEqual([]);
    const documents = await api.raw("GET", `/prior_auths/${created.id}/documents`);
    expect(check("get", "/prior_auths/{prior_auth_id}/documents", 200, await documents.json())).toEqual([]);

    const supporting = await api.raw("POST", `/prior_auths/${created.id}/supporting_information`, {
      claim_history: { data: [{ claim_id: "c-1", date: "2025-01-02", type: "pharmacy", status: "paid", drug_name: "clobazam" }] },
      test_claim: { data: { claim_id: "t-1", date: "2025-02-01", status: "pending" } },
    });
    expect(supporting.status()).toBe(201);
    expect(check("post", "/prior_auths/{prior_auth_id}/supporting_information", 201, await supporting.json())).toEqual([]);
    const attached = await api.raw("GET", `/prior_auths/${created.id}/supporting_information`);
    expect(check("get", "/prior_auths/{prior_auth_id}/supporting_information", 200, await attached.json())).toEqual([]);
    const workspace = await api.raw("GET", "/workspace");
    expect(check("get", "/workspace", 200, await workspace.json())).toEqual([]);

    // Errors: the spec's body, at the statuses the document names.
    const invalid = await api.create({ case_id: "" });
    expect(invalid.status()).toBe(400);
    expect(check("post", "/prior_auths", 400, await invalid.json())).toEqual([]);
    const noKey = await request.get(`/api/v1/prior_auths/${created.id}`);
    expect(noKey.status()).toBe(401);
    expect(check("get", "/prior_auths/{prior_auth_id}", 401, await noKey.json())).toEqual([]);
    const missing = await api.get("00000000-0000-4000-8000-000000000000");
    expect(missing.status()).toBe(404);
    expect(check("get", "/prior_auths/{prior_auth_id}", 404, await missing.json())).toEqual([]);
    const badId = await api.raw("POST", "/prior_auths/not-a-uuid/supporting_information", {});
    expect(badId.status()).toBe(400);
    expect(check("post", "/prior_auths/{prior_auth_id}/supporting_information", 400, await badId.json())).toEqual([]);
    // A body over the JSON cap is refused without being read whole.
    const huge = await api.create({ case_id: "big", ePA: { epa_payload: { blob: "x".repeat(6 * 1024 * 1024) } } });
    expect(huge.status()).toBe(413);
    expect(check("post", "/prior_auths", 413, await huge.json())).toEqual([]);
  });

  test("the reference page is served from the package, offline", async ({ request }) => {
    const page = await request.get("/api/reference");
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/v1/openapi.json");
    expect(html).not.toMatch(/https?:\/\/(?!json-schema)/);
    const bundle = await request.get("/api/reference/assets/swagger-ui-bundle.js");
    expect(bundle.status()).toBe(200);
    expect((await bundle.body()).byteLength).toBeGreaterThan(100_000);
    expect((await request.get("/api/reference/assets/..%2Fpackage.json")).status()).toBe(404);
  });
});

test("the portal's static files are served without a key or session: favicon, icons, logo, robots.txt", async () => {
  const anonymous = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const favicon = await anonymous.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO header
    const robots = await anonymous.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*\nDisallow: \/$/m);
    for (const [file, type] of [["/icon.png", "image/png"], ["/apple-touch-icon.png", "image/png"], ["/logo.svg", "image/svg+xml"]]) {
      const response = await anonymous.get(file);
      expect(response.status(), file).toBe(200);
      expect(response.headers()["content-type"], file).toContain(type);
    }
  } finally {
    await anonymous.dispose();
  }
});

async function adminSession(email: string, password: string): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(context, email, password);
  return context;
}

test.describe("webhooks", () => {
  test("signed deliveries for succeeded, failed and cancelled cases; retries, resend, SSRF refusal, tenancy", async ({ request }) => {
    test.setTimeout(120_000);
    const receiver = await startWebhookReceiver();
    const flaky = await startWebhookReceiver({ fail: 1 });
    const admin = await adminSession(ws.adminEmail, ws.adminPassword);
    try {
      // Registration: admins with a portal session; the secret is shown once.
      const register = await admin.post("/api/v1/webhooks", { data: { url: receiver.url, events: ["prior_auth.succeeded", "prior_auth.failed", "prior_auth.cancelled"] } });
      expect(register.status()).toBe(201);
      const endpoint = await register.json();
      expect(check("post", "/webhooks", 201, endpoint)).toEqual([]);
      expect(endpoint.secret).toMatch(/^whsec_/);
      const flakyEndpoint = await (await admin.post("/api/v1/webhooks", { data: { url: flaky.url, events: ["prior_auth.succeeded"] } })).json();
      const listed = await (await admin.get("/api/v1/webhooks")).json();
      expect(check("get", "/webhooks", 200, listed)).toEqual([]);
      expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

      // The same address rules as documents; nothing is connected to.
      for (const url of ["http://169.254.169.254/latest/meta-data", "http://10.20.30.40/hook", "ftp://127.0.0.1/x", "https://user:pw@127.0.0.1/"]) {
        const refused = await admin.post("/api/v1/webhooks", { data: { url, events: ["prior_auth.failed"] } });
        expect(refused.status(), url).toBe(400);
        expect((await refused.json()).error).toBe(400);
      }
      // API keys do not manage webhooks.
      expect((await request.get("/api/v1/webhooks", { headers: { "X-API-Key": ws.apiKey } })).status()).toBe(401);

      const api = apiClient(request, ws.apiKey);
      const ok = await (await api.create({ case_id: "wh-ok", document_url: docs.url("/form.pdf") })).json();
      const bad = await (await api.create({ case_id: "wh-bad", document_url: docs.url("/missing.pdf") })).json();
      const hanging = await (await api.create({ case_id: "wh-cancel", document_url: docs.url("/hang.pdf") })).json();
      expect((await api.cancel(hanging.id)).status()).toBe(200);
      await waitForFinal(api, ok.id);
      await waitForFinal(api, bad.id);

      await expect.poll(() => receiver.events().map((e) => `${e.type}:${e.data.prior_auth?.id}`).sort(), { timeout: 30_000 }).toEqual(
        [`prior_auth.cancelled:${hanging.id}`, `prior_auth.failed:${bad.id}`, `prior_auth.succeeded:${ok.id}`].sort(),
      );
      const verifier = new Webhook(endpoint.secret);
      for (const delivery of receiver.received) {
        const payload = verifier.verify(delivery.body, delivery.headers) as { id: string };
        expect(payload.id).toBe(delivery.headers["webhook-id"]);
        expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      }

      // The flaky endpoint: 500 first, then the retry (same webhook-id) gets through.
      await expect.poll(() => flaky.received.map((r) => r.status), { timeout: 45_000, intervals: [500] }).toEqual([500, 200]);
      expect(flaky.received[0].headers["webhook-id"]).toBe(flaky.received[1].headers["webhook-id"]);
      const deliveries = await (await admin.get(`/api/v1/webhooks/${flakyEndpoint.id}/deliveries`)).json();
      expect(check("get", "/webhooks/{webhook_id}/deliveries", 200, deliveries)).toEqual([]);
      expect(deliveries.data).toHaveLength(1);
      expect(deliveries.data[0]).toMatchObject({ status: "delivered", attempts: 2, last_status_code: 200, last_error: null, event_type: "prior_auth.succeeded" });

      // Resend: the same event id again.
      const resend = await admin.post(`/api/v1/webhook_deliveries/${deliveries.data[0].id}/resend`);
      expect(resend.status()).toBe(202);
      expect(check("post", "/webhook_deliveries/{delivery_id}/resend", 202, await resend.json())).toEqual([]);
      await expect.poll(() => flaky.received.length, { timeout: 20_000 }).toBe(3);
      expect(flaky.received[2].headers["webhook-id"]).toBe(flaky.received[0].headers["webhook-id"]);

      // Another workspace's admin sees none of it.
      const other = await createTestWorkspace("Other");
      const otherAdmin = await adminSession(other.adminEmail, other.adminPassword);
      expect((await otherAdmin.get(`/api/v1/webhooks/${endpoint.id}/deliveries`)).status()).toBe(404);
      expect((await otherAdmin.delete(`/api/v1/webhooks/${endpoint.id}`)).status()).toBe(404);
      expect((await otherAdmin.post(`/api/v1/webhook_deliveries/${deliveries.data[0].id}/resend`)).status()).toBe(404);
      await otherAdmin.dispose();

      const removed = await admin.delete(`/api/v1/webhooks/${endpoint.id}`);
      expect(removed.status()).toBe(200);
      expect(check("delete", "/webhooks/{webhook_id}", 200, await removed.json())).toEqual([]);
      expect((await (await admin.get("/api/v1/webhooks")).json()).data.map((e: { id: string }) => e.id)).toEqual([flakyEndpoint.id]);
    } finally {
      await admin.dispose();
      await receiver.close();
      await flaky.close();
    }
  });
});

test("rate limit per API key: 429 with Retry-After and the error body, other keys unaffected", async ({ request }) => {
  test.setTimeout(120_000);
  const limited = await createTestWorkspace("Limited");
  const headers = { "X-API-Key": limited.apiKey };
  let refused: Awaited<ReturnType<APIRequestContext["get"]>> | null = null;
  let sent = 0;
  while (!refused && sent < 1500) {
    const batch = await Promise.all(Array.from({ length: 25 }, () => request.get("/api/v1/prior_auths?limit=1", { headers })));
    sent += batch.length;
    refused = batch.find((r) => r.status() === 429) ?? null;
    const other = batch.find((r) => r.status() !== 200 && r.status() !== 429);
    expect(other?.status()).toBeUndefined();
  }
  expect(refused).not.toBeNull();
  expect(sent).toBeGreaterThan(550);
  const retryAfter = Number(refused!.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(120);
  const body = await refused!.json();
  expect(body).toEqual({ error: 429, message: expect.stringContaining("per minute") });
  expect(check("get", "/prior_auths", 429, body)).toEqual([]);
  // Another workspace's key has its own budget.
  const fine = await request.get("/api/v1/prior_auths?limit=1", { headers: { "X-API-Key": ws.apiKey } });
  expect(fine.status()).toBe(200);
  expect(Number(fine.headers()["x-ratelimit-limit"])).toBeGreaterThan(0);
});

test("CMS-0057-F metrics: counts, percentages and times by item; CSV export", async ({ request }) => {
  test.setTimeout(120_000);
  const metricsWs = await createTestWorkspace("Metrics");
  const api = apiClient(request, metricsWs.apiKey);
  const ids: string[] = [];
  for (const [i, expedited] of [false, false, true].entries()) {
    ids.push((await (await api.create({ case_id: `m-${i}`, document_url: docs.url("/form.pdf"), expedited })).json()).id);
  }
  for (const id of ids) await waitForFinal(api, id);
  expect((await api.raw("POST", `/prior_auths/${ids[0]}/review`, { decision: "approved", note: "Criteria met." })).status()).toBe(201);
  // Under the clinician rule a denial is a signed-in member's, never an API key's.
  expect((await api.raw("POST", `/prior_auths/${ids[2]}/review`, { decision: "denied", note: "Step therapy not tried." })).status()).toBe(403);
  const clinician = await adminSession(metricsWs.adminEmail, metricsWs.adminPassword);
  expect((await clinician.post(`/api/v1/prior_auths/${ids[2]}/review`, { data: { decision: "denied", note: "Step therapy not tried." } })).status()).toBe(201);

  const today = new Date().toISOString().slice(0, 10);
  const response = await api.raw("GET", `/reports/metrics?from=${today}&to=${today}`);
  expect(response.status()).toBe(200);
  const report = await response.json();
  expect(check("get", "/reports/metrics", 200, report)).toEqual([]);
  expect(report.overall.all).toMatchObject({ requests: 3, decided: 2, approved: 1, denied: 1, approved_pct: 33.3, denied_pct: 33.3 });
  expect(report.overall.standard).toMatchObject({ requests: 2, approved: 1, denied: 0 });
  expect(report.overall.expedited).toMatchObject({ requests: 1, approved: 0, denied: 1, approved_pct: 0, denied_pct: 100 });
  expect(report.overall.all.avg_hours_to_decision).toBeGreaterThanOrEqual(0);
  expect(report.items.reduce((n: number, item: { all: { requests: number } }) => n + item.all.requests, 0)).toBe(3);

  const csv = await api.raw("GET", `/reports/metrics?from=${today}&to=${today}&format=csv`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^from,to,item,item_type,segment,requests,decided,approved,denied,approved_pct/);
  expect(lines[1]).toMatch(new RegExp(`^${today},${today},ALL,overall,all,3,2,1,1,33.3,33.3,`));

  const wrong = await api.raw("GET", "/reports/metrics?from=2026-02-30");
  expect(wrong.status()).toBe(400);
  expect(check("get", "/reports/metrics", 400, await wrong.json())).toEqual([]);
});
