// POST /fhir/Claim/$inquire (issue 23 item 5) over HTTP on the real database: the guide's inquiry example finds the
// workspace's request for the same member and provider NPI (optionally within its service dates), answered with a
// Parameters whose `return` values are PAS Inquiry Response Bundles, each checked against the PAS 2.2.1 profiles.
// Another member's inquiry, and another workspace's caller (key or SMART token), find nothing.
import { expect, test } from "@playwright/test";
import type { Bundle, ClaimResponse, OperationOutcome } from "@medplum/fhirtypes";
import { freshPas, inquirePas, pasExample, postFhir } from "../support/pas";
import { signInRequest } from "../support/session";
import { accessToken, makeClientKey, registerSmartClient } from "../support/smart";
import { createTestWorkspace } from "../support/workspace";

const INQUIRY = "Bundle-PASClaimInquiryBundleExample.json";
const claimOf = (bundle: Bundle) => bundle.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as unknown as { item: Record<string, unknown>[] };

test("the guide's inquiry finds the member's request from the same provider, in its dates; nothing for another member or workspace", async ({ request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("PAS inquire");
  const other = await createTestWorkspace("PAS inquire other");
  const tag = ws.workspaceId.slice(0, 8);

  const referral = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `inq-${tag}`);
  claimOf(referral).item[0].servicedPeriod = { start: "2026-12-01", end: "2026-12-31" };
  const submitted = await postFhir(request, "/Claim/$submit", { apiKey: ws.apiKey }, referral);
  expect(submitted.status(), await submitted.text()).toBe(200);
  const priorAuthId = ((await submitted.json()) as Bundle).entry![0].resource!.id!;

  // The guide's inquiry as it is (the Bundle itself), and wrapped as the operation's `resource` parameter.
  const direct = await inquirePas(request, { apiKey: ws.apiKey }, pasExample(INQUIRY));
  console.log(`PAS $inquire (guide example, 1 match): answered in ${direct.ms} ms`);
  expect(direct.returned).toHaveLength(1);
  const claimResponse = direct.returned[0].entry![0].resource as ClaimResponse;
  expect(claimResponse).toMatchObject({ resourceType: "ClaimResponse", id: priorAuthId, meta: { profile: [expect.stringMatching(/profile-claiminquiryresponse$/)] } });
  expect(direct.returned[0].identifier).toEqual(pasExample<Bundle>(INQUIRY).identifier);
  const action = claimResponse.item![0].adjudication[0].extension![0].extension!.find((e) => e.url.endsWith("extension-reviewActionCode"))!.valueCodeableConcept!.coding![0].code;
  expect(action).toBe("A4");
  const wrapped = await inquirePas(request, { apiKey: ws.apiKey }, { resourceType: "Parameters", parameter: [{ name: "resource", resource: pasExample(INQUIRY) }] });
  expect(wrapped.returned.map((bundle) => bundle.entry![0].resource!.id)).toEqual([priorAuthId]);

  // Service dates: inside the request's period it matches, outside it does not.
  const dated = (servicedDate: string) => {
    const bundle = pasExample(INQUIRY);
    claimOf(bundle).item[0].servicedDate = servicedDate;
    return bundle;
  };
  expect((await inquirePas(request, { apiKey: ws.apiKey }, dated("2026-12-15"))).returned).toHaveLength(1);
  const outside = await inquirePas(request, { apiKey: ws.apiKey }, dated("2027-02-01"));
  console.log(`PAS $inquire (no match): answered in ${outside.ms} ms`);
  expect(outside.returned).toEqual([]);

  // Another member: the patient's and the coverage's member IDs changed.
  const otherMember = pasExample(INQUIRY);
  for (const entry of otherMember.entry!) {
    const resource = entry.resource as { resourceType: string; identifier?: { value?: string }[]; subscriberId?: string };
    if (resource.resourceType === "Patient") resource.identifier = [{ value: "99999999999" }];
    if (resource.resourceType === "Coverage") resource.subscriberId = "9999999999";
  }
  expect((await inquirePas(request, { apiKey: ws.apiKey }, otherMember)).returned).toEqual([]);

  // Another workspace's caller finds nothing, with its API key or its SMART client's token.
  expect((await inquirePas(request, { apiKey: other.apiKey }, pasExample(INQUIRY))).returned).toEqual([]);
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  try {
    await signInRequest(admin, other.adminEmail, other.adminPassword);
    const key = await makeClientKey("ES384");
    const token = await accessToken(request, key, await registerSmartClient(admin, { name: "Other EHR", jwks: { keys: [key.publicJwk] } }));
    expect((await inquirePas(request, { token }, pasExample(INQUIRY))).returned).toEqual([]);
  } finally {
    await admin.dispose();
  }
});

test("an inquiry that is not a PAS inquiry Bundle gets an OperationOutcome; no credentials is 401", async ({ request }) => {
  const ws = await createTestWorkspace("PAS inquire invalid");
  const noClaim = pasExample(INQUIRY);
  noClaim.entry = noClaim.entry!.filter((entry) => entry.resource!.resourceType !== "Claim");
  for (const body of [noClaim, { resourceType: "Patient" }, { resourceType: "Parameters", parameter: [{ name: "resource", valueString: "x" }] }]) {
    const response = await postFhir(request, "/Claim/$inquire", { apiKey: ws.apiKey }, body);
    expect(response.status(), await response.text()).toBe(400);
    const outcome = (await response.json()) as OperationOutcome;
    expect(outcome.resourceType).toBe("OperationOutcome");
    expect(outcome.issue.every((issue) => issue.expression?.length)).toBe(true);
  }
  expect((await postFhir(request, "/Claim/$inquire", null, pasExample(INQUIRY))).status()).toBe(401);
});
