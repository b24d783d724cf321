// A PAS authorization over time, over HTTP: the answer stored for it follows every Claim Update and every reviewer's
// decision, item by item and versioned (each change a new version, every version kept and read back). A decided
// authorization is re-opened by a changed item (that item pended, the unchanged one keeps its certification), partly
// withdrawn (the rest stays certified), cancelled, and a second cancellation is a 409 OperationOutcome. Every answer,
// read and inquiry is checked against the PAS 2.2.1 profiles.
import { expect, test } from "@playwright/test";
import type { Bundle } from "@medplum/fhirtypes";
import { apiClient } from "../support/api";
import { PAS_CANCEL, PAS_CHANGED, claimOf, expectOutcome, freshPas, inquirePas, pasExample, readClaimResponse, reviewActions, submitConforming, submitPas, updateOf } from "../support/pas";
import { createTestWorkspace } from "../support/workspace";

const INQUIRY = "Bundle-PASClaimInquiryBundleExample.json";

/** The item of a Claim Update: one of the initial request's items, without the lists the update's Claim lacks. */
function itemOf(initial: Bundle, index: number, extension?: { url: string }) {
  const item = structuredClone(claimOf(initial).item![index]);
  delete item.careTeamSequence;
  delete item.diagnosisSequence;
  // An extension of the same kind replaces the item's (a cancel is its certification type).
  if (extension) item.extension = [...(item.extension ?? []).filter((e) => e.url !== extension.url), extension as never];
  return item;
}

test("an authorization's answer follows its updates and decisions item by item, versioned; decided, it is re-opened, partly withdrawn, cancelled, and not cancelled twice", async ({ request }) => {
  test.setTimeout(180_000);
  const ws = await createTestWorkspace("PAS over time");
  const api = apiClient(request, ws.apiKey);
  const tag = ws.workspaceId.slice(0, 8);
  // The guide's referral with a second item, in December (the guide's inquiry asks about the member's requests then).
  const initial = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `ot-${tag}`);
  const items = claimOf(initial).item!;
  items[0].servicedPeriod = { start: "2026-12-01", end: "2026-12-31" };
  items.push({ ...structuredClone(items[0]), sequence: 2 });

  const first = await submitConforming(request, ws.apiKey, initial, "two items");
  const priorAuthId = first.claimResponse.id!;
  expect(reviewActions(first.answer)).toEqual({ 1: "A4", 2: "A4" });
  await expect.poll(async () => (await api.getJson(priorAuthId)).status, { timeout: 30_000 }).toBe("Succeeded");
  const path = `/prior_auths/${priorAuthId}`;
  // The decision's notice names the patient and the drug as verified facts: a referral has no drug, so both are recorded.
  for (const data of [
    { field: "drug", value: { name: "repatha" }, source: { kind: "reviewer" }, note: "PAS service request" },
    { field: "patient_name", value: { given: "JOE", family: "SMITH" }, source: { kind: "reviewer" }, note: "PAS Patient" },
  ]) {
    const corrected = await api.raw("POST", `${path}/corrections`, data);
    expect(corrected.status(), await corrected.text()).toBe(201);
  }
  const approve = async (note: string) => {
    const review = await api.raw("POST", `${path}/review`, { decision: "approved", note });
    expect(review.status(), await review.text()).toBe(201);
  };
  const inquired = async () => {
    const { returned } = await inquirePas(request, { apiKey: ws.apiKey }, pasExample(INQUIRY));
    expect(returned.map((bundle) => bundle.entry![0].resource!.id)).toEqual([priorAuthId]);
    return reviewActions(returned[0]);
  };
  const versions: number[] = [];
  const current = async () => {
    const claimResponse = await readClaimResponse(request, { apiKey: ws.apiKey }, priorAuthId);
    versions.push(Number(claimResponse.meta!.versionId));
    return claimResponse;
  };

  // Approved by the reviewer: both items certified, in the read and the inquiry.
  await approve("Meets the referral criteria.");
  const approved = await current();
  expect(reviewActions(approved)).toEqual({ 1: "A1", 2: "A1" });
  expect(approved.meta!.versionId).toBe("2");
  expect(await inquired()).toEqual({ 1: "A1", 2: "A1" });

  // The submitter changes item 1 (a second visit): item 1 is reviewed again (pended), item 2 stays certified.
  const change = updateOf(initial, `ot-${tag}-change`);
  claimOf(change).item = [{ ...itemOf(initial, 0, PAS_CHANGED), quantity: { value: 2 } }, itemOf(initial, 1)];
  const changed = await submitConforming(request, ws.apiKey, change, "item 1 changed on an approved authorization");
  expect(reviewActions(changed.answer)).toEqual({ 1: "A4", 2: "A1" });
  const events = await api.events(priorAuthId);
  expect(events.find((event) => event.action === "prior_auth.reopened")!.details).toMatchObject({ previous_status: "approved" });
  expect(events.find((event) => event.action === "pas.updated")!.details).toMatchObject({ previous_status: "approved", modified: [1], added: [], cancelled: [] });
  await expect.poll(async () => (await api.getJson(priorAuthId)).status, { timeout: 30_000 }).toBe("Succeeded");
  expect(reviewActions(await current())).toEqual({ 1: "A4", 2: "A1" });
  expect(await inquired()).toEqual({ 1: "A4", 2: "A1" });
  // The approval as it was answered is kept.
  expect(reviewActions(await readClaimResponse(request, { apiKey: ws.apiKey }, `${priorAuthId}/_history/2`))).toEqual({ 1: "A1", 2: "A1" });

  // Decided anew: both certified again.
  await approve("The second visit is covered too.");
  expect(reviewActions(await current())).toEqual({ 1: "A1", 2: "A1" });

  // Item 2 withdrawn: item 1 stays certified and the case approved, nothing is read again.
  const withdraw = updateOf(initial, `ot-${tag}-withdraw`);
  claimOf(withdraw).item = [itemOf(initial, 1, PAS_CANCEL)];
  const withdrawn = await submitConforming(request, ws.apiKey, withdraw, "item 2 withdrawn from an approved authorization");
  expect(reviewActions(withdrawn.answer)).toEqual({ 1: "A1", 2: "C" });
  expect((await api.getJson(priorAuthId)).status).toBe("approved");

  // Every item cancelled: the certification is withdrawn, the case cancelled.
  const cancelAll = updateOf(initial, `ot-${tag}-cancel`);
  claimOf(cancelAll).item = [itemOf(initial, 0, PAS_CANCEL)];
  const cancelled = await submitConforming(request, ws.apiKey, cancelAll, "cancel an approved authorization");
  expect(reviewActions(cancelled.answer)).toEqual({ 1: "C", 2: "C" });
  expect((await api.getJson(priorAuthId)).status).toBe("Cancelled");
  expect((await api.events(priorAuthId)).find((event) => event.action === "prior_auth.cancelled")!.details).toMatchObject({ previous_status: "approved", by_submitter: true });
  expect(reviewActions(await current())).toEqual({ 1: "C", 2: "C" });
  expect(await inquired()).toEqual({ 1: "C", 2: "C" });

  // Cancelled again: refused, said so, and nothing changes.
  const again = updateOf(initial, `ot-${tag}-again`);
  claimOf(again).item = [itemOf(initial, 0, PAS_CANCEL)];
  const refused = await expectOutcome(await submitPas(request, ws.apiKey, again), 409);
  expect(refused.issue[0]).toMatchObject({ code: "conflict", expression: ["Claim.related.claim"], details: { text: expect.stringContaining("already cancelled") } });
  const last = await current();
  expect(reviewActions(last)).toEqual({ 1: "C", 2: "C" });

  // Each change was a new version, and every version is kept and conforms.
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  for (let version = 1; version <= Number(last.meta!.versionId); version++) {
    expect((await readClaimResponse(request, { apiKey: ws.apiKey }, `${priorAuthId}/_history/${version}`)).meta!.versionId).toBe(String(version));
  }
  await expectOutcome(await request.get(`/fhir/ClaimResponse/${priorAuthId}/_history/999`, { headers: { "X-API-Key": ws.apiKey } }), 404);
  await expectOutcome(await request.get(`/fhir/ClaimResponse/${priorAuthId}/_history/x`, { headers: { "X-API-Key": ws.apiKey } }), 404);
});
