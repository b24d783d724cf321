// SMART backend services on the PAS endpoint (issue 23 item 6), over HTTP on the real database: an admin registers a
// client with its public keys (inline, or at a JWKS URL on 127.0.0.1), the client gets a short-lived bearer token at
// /oauth/token with an RS384 or ES384 assertion made in the test, and the token acts on /fhir for its workspace only.
// Every refusal is an RFC 6749 error; X-API-Key keeps working.
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { Bundle, ClaimResponse } from "@medplum/fhirtypes";
import { validatePas } from "../../lib/fhir/pas/validate-pas";
import { apiClient, expectErrorBody } from "../support/api";
import { startDocServer, send } from "../support/doc-server";
import { freshPas, pasExample, postFhir } from "../support/pas";
import { signInRequest } from "../support/session";
import { accessToken, makeClientKey, registerSmartClient, requestToken, signAssertion, type ClientKey } from "../support/smart";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";

let ws: TestWorkspace;
let admin: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  ws = await createTestWorkspace("SMART");
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
});

test.afterAll(async () => {
  await admin.dispose();
});

async function expectOAuthError(response: Awaited<ReturnType<APIRequestContext["post"]>>, status: number, error: string, description?: RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body).toEqual({ error, error_description: expect.any(String) });
  if (description) expect(body.error_description).toMatch(description);
}

const submitReferral = (request: APIRequestContext, credentials: { token: string } | { apiKey: string }, tag: string) =>
  postFhir(request, "/Claim/$submit", credentials, freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), tag));

test("the token endpoint is named by /.well-known/smart-configuration and the CapabilityStatement's security", async ({ request }) => {
  const configuration = await (await request.get("/.well-known/smart-configuration")).json();
  expect(configuration).toMatchObject({
    token_endpoint: expect.stringMatching(/\/oauth\/token$/),
    token_endpoint_auth_methods_supported: ["private_key_jwt"],
    token_endpoint_auth_signing_alg_values_supported: ["RS384", "ES384"],
    grant_types_supported: ["client_credentials"],
  });
  const statement = await (await request.get("/fhir/metadata")).json();
  const security = statement.rest[0].security;
  expect(security.service[0].coding[0].code).toBe("SMART-on-FHIR");
  const oauth = security.extension.find((e: { url: string }) => e.url === "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris");
  expect(oauth.extension).toContainEqual({ url: "token", valueUri: configuration.token_endpoint });
});

test("RS384 (inline JWKS) and ES384 (JWKS URL) clients get bearer tokens that submit PAS requests for their workspace", async ({ request }) => {
  test.setTimeout(90_000);
  const rsa = await makeClientKey("RS384");
  const ec = await makeClientKey("ES384");
  const keys = await startDocServer({ "/jwks.json": send("application/json", JSON.stringify({ keys: [ec.publicJwk] })) });
  try {
    const inline = await registerSmartClient(admin, { name: "EHR (RS384)", jwks: { keys: [rsa.publicJwk] } });
    const byUrl = await registerSmartClient(admin, { name: "Intermediary (ES384)", jwks_url: keys.url("/jwks.json") });
    const configuration = await (await request.get("/.well-known/smart-configuration")).json();
    expect(inline.token_url).toBe(configuration.token_endpoint);

    for (const [key, client] of [[rsa, inline], [ec, byUrl]] as [ClientKey, typeof inline][]) {
      const response = await requestToken(request, await signAssertion(key, client), { scope: "system/Claim.c system/Patient.r" });
      expect(response.status(), await response.text()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("no-store");
      const token = await response.json();
      expect(token).toEqual({ access_token: expect.any(String), token_type: "bearer", expires_in: expect.any(Number), scope: "system/Claim.c" });
      expect(token.expires_in).toBeGreaterThan(0);
      expect(token.expires_in).toBeLessThanOrEqual(300);

      const submitted = await submitReferral(request, { token: token.access_token }, `${key.alg}-${ws.workspaceId.slice(0, 8)}`);
      expect(submitted.status(), await submitted.text()).toBe(200);
      const answer = (await submitted.json()) as Bundle;
      expect(await validatePas(answer)).toEqual([]);
      // The same case as any other of the workspace, its trail naming the client.
      const priorAuthId = (answer.entry![0].resource as ClaimResponse).identifier![0].value!;
      const events = await (await request.get(`/api/v1/prior_auths/${priorAuthId}/events`, { headers: { "X-API-Key": ws.apiKey } })).json();
      expect(events.data.find((event: { action: string }) => event.action === "pas.submitted")).toMatchObject({ actor_type: "smart_client", actor: `SMART client "${client === inline ? "EHR (RS384)" : "Intermediary (ES384)"}"` });
    }
    expect(keys.hits.filter((hit) => hit === "/jwks.json")).toHaveLength(1);
    const listed = (await (await admin.get("/api/v1/smart_clients")).json()).data as { client_id: string; last_used_at: string | null }[];
    expect(listed.find((c) => c.client_id === inline.client_id)!.last_used_at).not.toBeNull();
  } finally {
    await keys.close();
  }
});

test("expired, far-off, wrongly addressed, replayed and wrongly signed assertions are refused as invalid_client", async ({ request }) => {
  const key = await makeClientKey("ES384");
  const client = await registerSmartClient(admin, { name: "Refusals", jwks: { keys: [key.publicJwk] } });
  const now = Math.floor(Date.now() / 1000);

  await expectOAuthError(await requestToken(request, await signAssertion(key, client, { exp: now - 60 })), 401, "invalid_client", /expired/);
  await expectOAuthError(await requestToken(request, await signAssertion(key, client, { exp: now + 3600 })), 401, "invalid_client", /at most 300 s/);
  await expectOAuthError(await requestToken(request, await signAssertion(key, client, { aud: "https://payer.example.com/oauth/token" })), 401, "invalid_client", /aud must be/);
  await expectOAuthError(await requestToken(request, await signAssertion(key, client, { sub: "someone-else" })), 401, "invalid_client", /sub must be the client_id/);

  const once = await signAssertion(key, client);
  expect((await requestToken(request, once)).status()).toBe(200);
  await expectOAuthError(await requestToken(request, once), 401, "invalid_client", /jti was used before/);

  // Another key pair under the registered key's kid: the signature matches no registered key.
  const impostor = { ...(await makeClientKey("ES384")), kid: key.kid };
  await expectOAuthError(await requestToken(request, await signAssertion(impostor, client)), 401, "invalid_client", /signature/);
  // An RS384 key the client never registered.
  await expectOAuthError(await requestToken(request, await signAssertion(await makeClientKey("RS384"), client)), 401, "invalid_client");

  const unknown = { ...client, client_id: "6f1c7a52-1111-4222-8333-444455556666" };
  await expectOAuthError(await requestToken(request, await signAssertion(key, unknown)), 401, "invalid_client", /unknown or revoked/);
  await expectOAuthError(await requestToken(request, await signAssertion(key, client), { grant_type: "authorization_code" }), 400, "unsupported_grant_type");
  await expectOAuthError(await requestToken(request, await signAssertion(key, client), { client_assertion_type: "urn:other" }), 401, "invalid_client");
  await expectOAuthError(await requestToken(request, await signAssertion(key, client), { scope: "system/Patient.r" }), 400, "invalid_scope");
  await expectOAuthError(await request.post("/oauth/token", { data: { grant_type: "client_credentials" } }), 400, "invalid_request", /x-www-form-urlencoded/);
});

test("on /fhir: no credentials or a bad token is 401, a token acts for its workspace only, X-API-Key still works, a revoked client's token stops", async ({ request }) => {
  test.setTimeout(90_000);
  const key = await makeClientKey("RS384");
  const client = await registerSmartClient(admin, { name: "Scoped", jwks: { keys: [key.publicJwk] } });
  const token = await accessToken(request, key, client);
  const other = await createTestWorkspace("SMART other");

  const anonymous = await postFhir(request, "/Claim/$submit", null, pasExample("Bundle-ReferralAuthorizationBundleExample.json"));
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["www-authenticate"]).toContain("Bearer");
  expect((await anonymous.json()).issue[0].code).toBe("security");
  expect((await postFhir(request, "/Claim/$submit", { token: "pat_not-a-token-of-ours" }, {})).status()).toBe(401);

  // The case made with the token is this workspace's: the other workspace's key does not find it.
  const submitted = await submitReferral(request, { token }, `scoped-${ws.workspaceId.slice(0, 8)}`);
  expect(submitted.status(), await submitted.text()).toBe(200);
  const priorAuthId = ((await submitted.json()) as Bundle).entry![0].resource!.id!;
  expect((await apiClient(request, ws.apiKey).get(priorAuthId)).status()).toBe(200);
  expect((await apiClient(request, other.apiKey).get(priorAuthId)).status()).toBe(404);

  const byKey = await submitReferral(request, { apiKey: ws.apiKey }, `key-${ws.workspaceId.slice(0, 8)}`);
  expect(byKey.status(), await byKey.text()).toBe(200);

  const revoked = await admin.delete(`/api/v1/smart_clients/${client.client_id}`);
  expect(revoked.status()).toBe(200);
  expect((await revoked.json()).status).toBe("revoked");
  expect((await submitReferral(request, { token }, `revoked-${ws.workspaceId.slice(0, 8)}`)).status()).toBe(401);
  await expectOAuthError(await requestToken(request, await signAssertion(key, client)), 401, "invalid_client", /unknown or revoked/);
});

test("registration: admins only; private keys, unusable keys and internal JWKS URLs are refused before any fetch", async ({ request }) => {
  const key = await makeClientKey("ES384");
  await expectErrorBody(await admin.post("/api/v1/smart_clients", { data: { name: "private", jwks: { keys: [{ ...key.publicJwk, d: "AQAB" }] } } }), 400, "private key material");
  await expectErrorBody(await admin.post("/api/v1/smart_clients", { data: { name: "P-256", jwks: { keys: [{ ...key.publicJwk, crv: "P-256" }] } } }), 400, "P-256");
  await expectErrorBody(await admin.post("/api/v1/smart_clients", { data: { name: "both", jwks: { keys: [key.publicJwk] }, jwks_url: "http://127.0.0.1:9/jwks" } }), 400, "exactly one");
  await expectErrorBody(await admin.post("/api/v1/smart_clients", { data: { name: "internal", jwks_url: "http://10.0.0.7/jwks.json" } }), 400, "jwks_url: points to 10.0.0.7");
  await expectErrorBody(await admin.post("/api/v1/smart_clients", { data: { name: "file", jwks_url: "file:///etc/passwd" } }), 400, "jwks_url: the file: scheme");
  // A system cannot mint itself another credential: registration is the signed-in admin's, as API keys are.
  await expectErrorBody(await request.post("/api/v1/smart_clients", { headers: { "X-API-Key": ws.apiKey }, data: { name: "by key", jwks: { keys: [key.publicJwk] } } }), 401);
});
