// The Da Vinci PAS endpoint in tests: the guide's own examples (from the PAS 2.2.1 package), copies of them with
// identifiers of their own, posted to /fhir with a key or a SMART token, and what an answer says.
import { expect, type APIRequestContext } from "@playwright/test";
import type { Bundle, Claim, ClaimResponse, OperationOutcome } from "@medplum/fhirtypes";
import { readFhirPackage } from "../../lib/fhir/packages/read-fhir-package";
import { PAS_PACKAGE } from "../../lib/fhir/pas/pas-profiles";

const pkg = readFhirPackage(PAS_PACKAGE);
export const FHIR_JSON = "application/fhir+json";

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
