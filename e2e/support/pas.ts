// The Da Vinci PAS endpoint in tests: the guide's own examples (from the PAS 2.2.1 package), copies of them with
// identifiers of their own, posted to /fhir with a key or a SMART token, and what an answer says.
import { expect, type APIRequestContext } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import type { ReceivedWebhook } from "./webhook-receiver";
import { signInRequest } from "./session";
import { addReviewer } from "./workspace";
import type { Bundle, Claim, ClaimResponse, OperationOutcome, Parameters } from "@medplum/fhirtypes";
import { readFhirPackage } from "../../lib/fhir/packages/read-fhir-package";
import { PAS_CANONICAL, PAS_PACKAGE } from "../../lib/fhir/pas/pas-profiles";
import { validatePas } from "../../lib/fhir/pas/validate-pas";

const pkg = readFhirPackage(PAS_PACKAGE);
export const FHIR_JSON = "application/fhir+json";

/** An item's certification type Cancel (X12 1322 code 3), and the update's mark of a changed item. */
export const PAS_CANCEL = { url: `${PAS_CANONICAL}/extension-certificationType`, valueCodeableConcept: { coding: [{ system: "https://codesystem.x12.org/005010/1322", code: "3", display: "Cancel" }] } };
export const PAS_CHANGED = { url: `${PAS_CANONICAL}/extension-infoChanged`, valueCode: "changed" };

/** A deep copy of one of the guide's examples (package/example/<file>). */
export const pasExample = <T = Bundle>(file: string) => structuredClone(pkg.get(`package/example/${file}`)) as T;

/** Credentials of a PAS client: an API key, or a SMART access token; null sends none. */
export type PasCredentials = { apiKey: string } | { token: string } | null;

export const pasHeaders = (credentials: PasCredentials): Record<string, string> => ({
  "Content-Type": FHIR_JSON,
  ...(credentials && "apiKey" in credentials ? { "X-API-Key": credentials.apiKey } : {}),
  ...(credentials && "token" in credentials ? { Authorization: `Bearer ${credentials.token}` } : {}),
});

export const postFhir = (request: APIRequestContext, path: string, credentials: PasCredentials, body: unknown) =>
  request.post(`/fhir${path}`, { headers: pasHeaders(credentials), data: body });

export const submitPas = (request: APIRequestContext, apiKey: string | null, body: unknown) => postFhir(request, "/Claim/$submit", apiKey ? { apiKey } : null, body);

/** The request's Claim (an update's: the one with `related`). */
export const claimOf = (bundle: Bundle) => {
  const claims = bundle.entry!.map((entry) => entry.resource!).filter((resource): resource is Claim => resource.resourceType === "Claim");
  return claims.find((claim) => claim.related?.length) ?? claims[0];
};

/** Each copy of a guide example gets identifiers of its own (every Claim's too), so tests and reruns never share a submission. */
export function freshPas(bundle: Bundle, tag: string): Bundle {
  if (bundle.identifier) bundle.identifier = { ...bundle.identifier, value: `${bundle.identifier.value}-${tag}` };
  for (const entry of bundle.entry!) {
    const claim = entry.resource as Claim;
    if (claim.resourceType === "Claim") claim.identifier![0].value = `${claim.identifier![0].value}-${tag}`;
  }
  return bundle;
}

export async function expectOutcome(response: Awaited<ReturnType<APIRequestContext["post"]>>, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toContain(FHIR_JSON);
  const body = (await response.json()) as OperationOutcome;
  expect(body.resourceType).toBe("OperationOutcome");
  return body;
}

/** The X12 306 review action of each item of an answer (its Bundle, or the ClaimResponse), by item sequence. */
export function reviewActions(answer: Bundle | ClaimResponse): Record<number, string> {
  const claimResponse = answer.resourceType === "Bundle" ? (answer.entry![0].resource as ClaimResponse) : answer;
  return Object.fromEntries(claimResponse.item!.map((item) => [
    item.itemSequence,
    item.adjudication[0].extension![0].extension!.find((extension) => extension.url.endsWith("extension-reviewActionCode"))!.valueCodeableConcept!.coding![0].code!,
  ]));
}

/** Sends a request, checks it is answered 200 with a conforming PAS Response Bundle, and says how long it took. */
export async function submitConforming(request: APIRequestContext, apiKey: string, bundle: Bundle, label: string) {
  const started = performance.now();
  const response = await submitPas(request, apiKey, bundle);
  const ms = Math.round(performance.now() - started);
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as Bundle;
  console.log(`PAS $submit ${label}: answered in ${ms} ms`);
  expect(await validatePas(answer)).toEqual([]);
  return { answer, claimResponse: answer.entry![0].resource as ClaimResponse, replayed: response.headers()["idempotent-replayed"] === "true" };
}

/** The guide's update example, its related Claim entry being the initial request's Claim as sent. */
export function updateOf(initial: Bundle, tag: string): Bundle {
  const update = freshPas(pasExample("Bundle-HomecareAuthorizationUpdateBundleExample.json"), tag);
  const updateClaim = claimOf(update);
  const original = update.entry!.find((entry) => entry.resource!.resourceType === "Claim" && entry.resource !== updateClaim)!;
  original.resource = structuredClone(claimOf(initial));
  // The update names its related claim by the reference the example gives; the initial's Claim keeps its own id.
  original.fullUrl = `http://example.org/fhir/Claim/${claimOf(initial).id}`;
  updateClaim.related![0].claim = { reference: `Claim/${claimOf(initial).id}` };
  return update;
}

/** POST /fhir/Claim/$inquire: the returned Bundles, each checked against the PAS inquiry response profile. */
export async function inquirePas(request: APIRequestContext, credentials: PasCredentials, body: unknown) {
  const started = performance.now();
  const response = await postFhir(request, "/Claim/$inquire", credentials, body);
  const ms = Math.round(performance.now() - started);
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()["content-type"]).toContain(FHIR_JSON);
  const parameters = (await response.json()) as Parameters;
  expect(parameters.resourceType).toBe("Parameters");
  const returned = (parameters.parameter ?? []).map((parameter) => {
    expect(parameter.name).toBe("return");
    return parameter.resource as Bundle;
  });
  for (const bundle of returned) expect(await validatePas(bundle, "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-pas-inquiry-response-bundle")).toEqual([]);
  return { returned, ms };
}

export const CLAIM_RESPONSE_PROFILE = `${PAS_CANONICAL}/profile-claimresponse`;

/** GET a ClaimResponse (its current version, or one kept at `<id>/_history/<v>`), checked against the PAS ClaimResponse profile. */
export async function readClaimResponse(request: APIRequestContext, credentials: PasCredentials, path: string) {
  const response = await request.get(`/fhir/ClaimResponse/${path}`, { headers: pasHeaders(credentials) });
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()["content-type"]).toContain(FHIR_JSON);
  const claimResponse = (await response.json()) as ClaimResponse;
  expect(await validatePas(claimResponse, CLAIM_RESPONSE_PROFILE)).toEqual([]);
  return claimResponse;
}

/** The submitting organization of the guide's examples (Organization/UMOExample, the Claim's provider). */
export const SUBMITTER_NPI = "http://hl7.org/fhir/sid/us-npi|8189991234";

export type PasSubscriptionBody = Record<string, unknown> & {
  criteria: string;
  _criteria?: { extension: { valueString?: string }[] };
  channel: { type: string; endpoint?: string; _payload: { extension: { valueCode?: string }[] } };
};

/** The guide's Subscription example, pointed at `endpoint` and filtered on `orgIdentifier`. */
export function pasSubscriptionFor(endpoint: string, orgIdentifier = SUBMITTER_NPI) {
  const subscription = pasExample<PasSubscriptionBody>("Subscription-PASSubscriptionExample.json");
  delete subscription.id;
  delete subscription.text;
  subscription.channel.endpoint = endpoint;
  subscription._criteria!.extension[0].valueString = `org-identifier=${orgIdentifier}`;
  return subscription;
}

/** A parameter of a notification's SubscriptionStatus (its first entry). */
export const statusParameter = (bundle: Bundle, name: string) => (bundle.entry![0].resource as Parameters).parameter!.find((p) => p.name === name);

/** The notifications of one type received so far (each verified with the subscription's secret). */
export function notifications(received: ReceivedWebhook[], secret: string, type: "handshake" | "event-notification"): Bundle[] {
  return received
    .filter((r) => r.status === 200)
    .map((r) => new Webhook(secret).verify(r.body, r.headers) as Bundle)
    .filter((bundle) => statusParameter(bundle, "type")?.valueCode === type);
}

/**
 * Signs `reviewer` (a fresh request context) in as a new reviewer of the workspace, who then records the facts of the
 * guide's referral a decision's notice names: a service request has no drug, so the drug and the patient are the
 * reviewer's corrections (the notice gate of every decision). Answers the case's /api/v1 path.
 */
export async function signInReviewerWithReferralFacts(reviewer: APIRequestContext, workspaceId: string, priorAuthId: string): Promise<string> {
  const account = await addReviewer(workspaceId);
  await signInRequest(reviewer, account.email, account.password);
  const path = `/api/v1/prior_auths/${priorAuthId}`;
  for (const correction of [
    { field: "drug", value: { name: "repatha" }, source: { kind: "reviewer" }, note: "PAS service request" },
    { field: "patient_name", value: { given: "JOE", family: "SMITH" }, source: { kind: "reviewer" }, note: "PAS Patient" },
  ]) {
    const corrected = await reviewer.post(`${path}/corrections`, { data: correction });
    expect(corrected.status(), await corrected.text()).toBe(201);
  }
  return path;
}
