// SMART scopes on /fhir (issue 23, scopes and bearer tokens on every route), over HTTP on the real database: an admin
// registers clients with the system scopes they are allowed (v1 or v2), a token is granted what it asks for as far
// as its client is allowed it, and every /fhir route (Claim/$submit, Claim/$inquire, ClaimResponse read and vread,
// Subscription create, read, update and delete) takes the token only for the scope it needs: otherwise 403, an
// OperationOutcome (forbidden) naming the missing scope. X-API-Key stays unscoped. Every answer is checked against the
// PAS 2.2.1 profiles.
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { Bundle, OperationOutcome } from "@medplum/fhirtypes";
import { validatePas } from "../../lib/fhir/pas/validate-pas";
import { expectErrorBody } from "../support/api";
import { expectOutcome, freshPas, inquirePas, pasExample, pasHeaders, pasSubscriptionFor, postFhir, readClaimResponse, type PasCredentials } from "../support/pas";
import { signInRequest } from "../support/session";
import { makeClientKey, registerSmartClient, requestToken, signAssertion, type ClientKey } from "../support/smart";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";

const INQUIRY = "Bundle-PASClaimInquiryBundleExample.json";
const SUBSCRIPTION_PROFILE = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-subscription";

let ws: TestWorkspace;
let admin: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  ws = await createTestWorkspace("SMART scopes");
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
});

test.afterAll(async () => {
  await admin.dispose();
});

/** A client allowed `scopes`, and a function that gets its tokens (asking `scope`, or nothing). */
async function clientAllowed(name: string, scopes?: string[]) {
  const key: ClientKey = await makeClientKey("ES384");
  const client = await registerSmartClient(admin, { name, jwks: { keys: [key.publicJwk] }, ...(scopes ? { scopes } : {}) });
  const token = async (request: APIRequestContext, scope?: string) => {
    const response = await requestToken(request, await signAssertion(key, client), scope === undefined ? {} : { scope });
    return { status: response.status(), body: await response.json() };
  };
  return { client, token };
}

/** The 403 of a token lacking a scope: an OperationOutcome, code forbidden, naming the scope. */
async function expectForbidden(response: Awaited<ReturnType<APIRequestContext["get"]>>, scope: string) {
  const outcome: OperationOutcome = await expectOutcome(response, 403);
  expect(outcome.issue[0].code).toBe("forbidden");
  expect(outcome.issue[0].details!.text).toContain(scope);
}

test("registration takes SMART v1 and v2 system scopes and returns them; anything else is refused", async () => {
  const key = await makeClientKey("RS384");
  const registered = await admin.post("/api/v1/smart_clients", { data: { name: "Scoped EHR", jwks: { keys: [key.publicJwk] }, scopes: ["system/Claim.write", "system/ClaimResponse.read", "system/Subscription.cud"] } });
  expect(registered.status(), await registered.text()).toBe(201);
  expect((await registered.json()).scopes).toEqual(["system/Claim.write", "system/ClaimResponse.read", "system/Subscription.cud"]);
  const unscoped = await registerSmartClient(admin, { name: "Default", jwks: { keys: [key.publicJwk] } });
  const listed = (await (await admin.get("/api/v1/smart_clients")).json()).data as { client_id: string; scopes: string[] }[];
  expect(listed.find((client) => client.client_id === unscoped.client_id)!.scopes).toEqual(["system/*.*"]);

  for (const scopes of [["system/Patient.read"], ["user/Claim.write"], ["system/Claim.dc"], []]) {
    await expectErrorBody(await admin.post("/api/v1/smart_clients", { data: { name: "bad", jwks: { keys: [key.publicJwk] }, scopes } }), 400, "scopes");
  }
});

test("a token is granted the scopes asked as far as its client is allowed them; none allowed is invalid_scope", async ({ request }) => {
  const { token } = await clientAllowed("Claims only", ["system/Claim.write", "system/ClaimResponse.read"]);
  expect((await token(request)).body.scope).toBe("system/Claim.write system/ClaimResponse.read");
  expect((await token(request, "system/Claim.c system/Patient.r")).body.scope).toBe("system/Claim.c");
  expect((await token(request, "system/*.*")).body.scope).toBe("system/Claim.c system/ClaimResponse.r");
  const refused = await token(request, "system/Subscription.c");
  expect(refused.status).toBe(400);
  expect(refused.body.error).toBe("invalid_scope");
  expect(refused.body.error_description).toContain("system/Claim.write system/ClaimResponse.read");
});

test("every /fhir route takes a token for its own scope only (403 naming the scope otherwise); X-API-Key is unscoped", async ({ request }) => {
  test.setTimeout(120_000);
  const tag = ws.workspaceId.slice(0, 8);
  const { token } = await clientAllowed("Everything");
  const tokenFor = async (scope: string): Promise<PasCredentials> => {
    const answer = await token(request, scope);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.scope).toBe(scope);
    return { token: answer.body.access_token };
  };
  const submitter = await tokenFor("system/Claim.write");
  const reader = await tokenFor("system/ClaimResponse.read");
  const inquirer = await tokenFor("system/Claim.read");
  const subscriber = await tokenFor("system/Subscription.c system/Subscription.r system/Subscription.u system/Subscription.d");

  // Claim/$submit: Claim.c (v1 Claim.write grants it).
  const referral = () => freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `scopes-${tag}`);
  await expectForbidden(await postFhir(request, "/Claim/$submit", reader, referral()), "system/Claim.c");
  const started = performance.now();
  const submitted = await postFhir(request, "/Claim/$submit", submitter, referral());
  console.log(`PAS $submit with a scoped token: answered in ${Math.round(performance.now() - started)} ms`);
  expect(submitted.status(), await submitted.text()).toBe(200);
  const answer = (await submitted.json()) as Bundle;
  expect(await validatePas(answer)).toEqual([]);
  const priorAuthId = answer.entry![0].resource!.id!;

  // ClaimResponse read and vread: ClaimResponse.r.
  await expectForbidden(await request.get(`/fhir/ClaimResponse/${priorAuthId}`, { headers: pasHeaders(submitter) }), "system/ClaimResponse.r");
  await expectForbidden(await request.get(`/fhir/ClaimResponse/${priorAuthId}/_history/1`, { headers: pasHeaders(submitter) }), "system/ClaimResponse.r");
  const read = await readClaimResponse(request, reader, priorAuthId);
  expect(read.id).toBe(priorAuthId);
  expect((await readClaimResponse(request, reader, `${priorAuthId}/_history/${read.meta!.versionId}`)).id).toBe(priorAuthId);
  expect((await readClaimResponse(request, { apiKey: ws.apiKey }, priorAuthId)).id).toBe(priorAuthId);

  // Claim/$inquire: Claim.r.
  await expectForbidden(await postFhir(request, "/Claim/$inquire", submitter, pasExample(INQUIRY)), "system/Claim.r");
  const inquired = await inquirePas(request, inquirer, pasExample(INQUIRY));
  expect(inquired.returned.map((bundle) => bundle.entry![0].resource!.id)).toContain(priorAuthId);

  // Subscription create, read, update, delete: Subscription.c/.r/.u/.d, through the same wrapper as every route.
  const receiver = await startWebhookReceiver();
  try {
    await expectForbidden(await postFhir(request, "/Subscription", submitter, pasSubscriptionFor(receiver.url)), "system/Subscription.c");
    const created = await postFhir(request, "/Subscription", subscriber, pasSubscriptionFor(receiver.url));
    expect(created.status(), await created.text()).toBe(201);
    const subscription = await created.json();
    const url = `/fhir/Subscription/${subscription.id}`;
    await expectForbidden(await request.get(url, { headers: pasHeaders(reader) }), "system/Subscription.r");
    const shown = await request.get(url, { headers: pasHeaders(subscriber) });
    expect(shown.status(), await shown.text()).toBe(200);
    expect(await validatePas(await shown.json(), SUBSCRIPTION_PROFILE)).toEqual([]);
    const changed = { ...pasSubscriptionFor(receiver.url), id: subscription.id, reason: "Our referrals" };
    await expectForbidden(await request.put(url, { headers: pasHeaders(reader), data: changed }), "system/Subscription.u");
    const updated = await request.put(url, { headers: pasHeaders(subscriber), data: changed });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await validatePas(await updated.json(), SUBSCRIPTION_PROFILE)).toEqual([]);
    expect((await updated.json()).reason).toBe("Our referrals");
    await expectForbidden(await request.delete(url, { headers: pasHeaders(submitter) }), "system/Subscription.d");
    expect((await request.delete(url, { headers: pasHeaders(subscriber) })).status()).toBe(204);
    // The key reads and writes subscriptions as before, unscoped.
    const byKey = await postFhir(request, "/Subscription", { apiKey: ws.apiKey }, pasSubscriptionFor(receiver.url));
    expect(byKey.status(), await byKey.text()).toBe(201);
  } finally {
    await receiver.close();
  }
});

test("a client allowed only some scopes cannot reach the others with any token; the CapabilityStatement lists the scopes", async ({ request }) => {
  const { token } = await clientAllowed("Readers", ["system/ClaimResponse.read"]);
  const granted = await token(request, "system/*.*");
  expect(granted.body.scope).toBe("system/ClaimResponse.r");
  await expectForbidden(await postFhir(request, "/Claim/$submit", { token: granted.body.access_token }, pasExample("Bundle-ReferralAuthorizationBundleExample.json")), "system/Claim.c");

  const statement = await (await request.get("/fhir/metadata")).json();
  const description: string = statement.rest[0].security.description;
  for (const scope of ["system/Claim.c", "system/Claim.r", "system/ClaimResponse.r", "system/Subscription.c"]) expect(description).toContain(scope);
});
