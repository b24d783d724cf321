// The Da Vinci PAS endpoint over HTTP: metadata, $submit with the guide's own example requests (answered with a PAS
// Response Bundle that is checked against the PAS 2.2.1 profiles), resubmission, invalid Bundles, keys and workspaces.
import { expect, test } from "@playwright/test";
import type { Bundle, ClaimResponse } from "@medplum/fhirtypes";
import { validatePas } from "../../lib/fhir/pas/validate-pas";
import { apiClient } from "../support/api";
import { expectOutcome, FHIR_JSON, freshPas as fresh, pasExample as example, reviewActions, submitPas as submit } from "../support/pas";
import { createTestWorkspace } from "../support/workspace";

const REQUESTS = ["Bundle-ReferralAuthorizationBundleExample.json", "Bundle-MedicalServicesAuthorizationBundleExample.json", "Bundle-HomecareAuthorizationBundleExample.json", "Bundle-SurgicalRequestBundleExample.json"];

test("GET /fhir/metadata is a CapabilityStatement naming Claim/$submit and the key it takes", async ({ request }) => {
  const response = await request.get("/fhir/metadata");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain(FHIR_JSON);
  const statement = await response.json();
  expect(statement).toMatchObject({ resourceType: "CapabilityStatement", fhirVersion: "4.0.1", kind: "instance" });
  expect(statement.rest[0].resource[0]).toMatchObject({
    type: "Claim",
    operation: [
      { name: "submit", definition: "http://hl7.org/fhir/us/davinci-pas/OperationDefinition/Claim-submit" },
      { name: "inquire", definition: "http://hl7.org/fhir/us/davinci-pas/OperationDefinition/Claim-inquiry" },
    ],
  });
  expect(statement.rest[0].security.description).toContain("X-API-Key");
});

test("each of the guide's example requests is answered at once with a PAS Response Bundle that conforms, every item pended", async ({ request }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("PAS");
  const api = apiClient(request, ws.apiKey);
  for (const file of REQUESTS) {
    const bundle = fresh(example(file), `${ws.workspaceId.slice(0, 8)}`);
    const started = performance.now();
    const response = await submit(request, ws.apiKey, bundle);
    const ms = Math.round(performance.now() - started);
    expect(response.status(), await response.text()).toBe(200);
    expect(response.headers()["content-type"]).toContain(FHIR_JSON);
    const answer = (await response.json()) as Bundle;
    console.log(`PAS $submit ${file}: answered in ${ms} ms`);
    expect(await validatePas(answer)).toEqual([]);
    // Every reference of the answer resolves to one of its entries.
    const fullUrls = new Set(answer.entry!.map((entry) => entry.fullUrl));
    const references = JSON.stringify(answer).match(/"reference":"[^"]+"/g)?.map((match) => match.slice(13, -1)) ?? [];
    expect(references.filter((reference) => !fullUrls.has(reference))).toEqual([]);
    const claimResponse = answer.entry![0].resource as ClaimResponse;
    expect(claimResponse.resourceType).toBe("ClaimResponse");
    const claim = bundle.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as { item: { sequence: number }[] };
    expect(claimResponse.item!.map((item) => item.itemSequence)).toEqual(claim.item.map((item) => item.sequence));
    // These are medical services no policy of the workspace covers: nothing is certified, and nothing denied.
    expect(new Set(Object.values(reviewActions(claimResponse)))).toEqual(new Set(["A4"]));
    expect(claimResponse.processNote?.[0].text).toMatch(/^Pended/);
    // The same case as any other, with the Bundle's submission in its audit trail.
    const priorAuthId = claimResponse.identifier![0].value!;
    const events = await api.events(priorAuthId);
    expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(["prior_auth.created", "pas.submitted"]));
    expect(events.find((event) => event.action === "pas.submitted")!.details).toMatchObject({ channel: "pas", items: claim.item.length });
  }
});

test("a resubmitted request gets the same answer and no second case; another workspace's copy is its own", async ({ request }) => {
  const ws = await createTestWorkspace("PAS resubmit");
  const other = await createTestWorkspace("PAS other");
  const bundle = fresh(example("Bundle-ReferralAuthorizationBundleExample.json"), ws.workspaceId.slice(0, 8));
  const first = await submit(request, ws.apiKey, bundle);
  expect(first.status(), await first.text()).toBe(200);
  const firstId = ((await first.json()) as Bundle).entry![0].resource!.id!;

  const again = await submit(request, ws.apiKey, bundle);
  expect(again.status()).toBe(200);
  expect(again.headers()["idempotent-replayed"]).toBe("true");
  expect(((await again.json()) as Bundle).entry![0].resource!.id).toBe(firstId);

  // In a Bundle of another identifier, the same Claim (identifier and content) is recognised too.
  const rewrapped = structuredClone(bundle);
  rewrapped.identifier = { ...rewrapped.identifier, value: `${rewrapped.identifier!.value}-again` };
  const third = await submit(request, ws.apiKey, rewrapped);
  expect(third.status(), await third.text()).toBe(200);
  expect(((await third.json()) as Bundle).entry![0].resource!.id).toBe(firstId);

  const claimId = (bundle.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as { identifier: { value: string }[] }).identifier[0].value;
  const listed = await (await apiClient(request, ws.apiKey).list(`case_id=${encodeURIComponent(claimId)}`)).json();
  expect(listed.data).toHaveLength(1);

  const elsewhere = await submit(request, other.apiKey, bundle);
  expect(elsewhere.status()).toBe(200);
  expect(((await elsewhere.json()) as Bundle).entry![0].resource!.id).not.toBe(firstId);
  expect((await apiClient(request, other.apiKey).get(firstId)).status()).toBe(404);
});

test("invalid and non-PAS Bundles get an OperationOutcome naming each problem; no key is 401; unknown routes are 404", async ({ request }) => {
  const ws = await createTestWorkspace("PAS invalid");
  const noClaim = fresh(example("Bundle-ReferralAuthorizationBundleExample.json"), `nc-${ws.workspaceId.slice(0, 8)}`);
  noClaim.entry = noClaim.entry!.filter((entry) => entry.resource!.resourceType !== "Claim");
  const missing = await expectOutcome(await submit(request, ws.apiKey, noClaim), 400);
  expect(missing.issue).toContainEqual(expect.objectContaining({ severity: "error", code: "invalid", expression: ["Bundle.entry"], details: { text: "slice 'Claim' needs 1..2 Claim entries, found 0" } }));

  const empty = await expectOutcome(await submit(request, ws.apiKey, { resourceType: "Bundle", type: "collection" }), 400);
  expect(empty.issue.length).toBeGreaterThan(0);
  expect(empty.issue.every((issue) => issue.expression?.length)).toBe(true);

  const notABundle = await expectOutcome(await submit(request, ws.apiKey, { resourceType: "Patient" }), 400);
  expect(notABundle.issue[0]).toMatchObject({ expression: ["Bundle"], details: { text: expect.stringContaining("must be a FHIR Bundle") } });

  const broken = fresh(example("Bundle-ReferralAuthorizationBundleExample.json"), `br-${ws.workspaceId.slice(0, 8)}`);
  const claim = broken.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as { item: { extension: { url: string }[] }[] };
  claim.item[0].extension = claim.item[0].extension.filter((extension) => !extension.url.endsWith("extension-certificationType"));
  const brokenOutcome = await expectOutcome(await submit(request, ws.apiKey, broken), 400);
  expect(brokenOutcome.issue.map((issue) => issue.expression![0])).toContain("Bundle.entry[0].resource.item.extension");

  const anonymous = await expectOutcome(await submit(request, null, example("Bundle-ReferralAuthorizationBundleExample.json")), 401);
  expect(anonymous.issue[0].code).toBe("security");
  await expectOutcome(await request.post("/fhir/Claim/$unknown", { headers: { "X-API-Key": ws.apiKey, "Content-Type": FHIR_JSON }, data: {} }), 404);
  await expectOutcome(await request.get("/fhir/Patient/123", { headers: { "X-API-Key": ws.apiKey } }), 404);
  // Nothing was created by the refused requests.
  expect((await (await apiClient(request, ws.apiKey).list("limit=10")).json()).data).toHaveLength(0);
});
