// A6 (modified) over HTTP on the real database (issue 23): a reviewer approves a pended PAS item with a modification
// (a lower quantity and a shorter period than asked) through /api/v1; the ClaimResponse answers that item A6 with the
// certified quantity (extension-itemAuthorizedDetail) and period (extension-itemPreAuthPeriod), the subscriber is
// notified with it, $inquire and the stored versions show it (v1 pended, v2 modified). A modification that certifies
// more than asked, names no item of the request, or comes with a denial is refused. Every answer is checked against
// the PAS 2.2.1 profiles.
import { expect, test } from "@playwright/test";
import type { Bundle, ClaimResponse, ClaimResponseItem } from "@medplum/fhirtypes";
import { validatePas } from "../../lib/fhir/pas/validate-pas";
import { apiClient, expectErrorBody } from "../support/api";
import { claimOf, freshPas, inquirePas, notifications, pasExample, pasSubscriptionFor, postFhir, readClaimResponse, reviewActions, signInReviewerWithReferralFacts, submitConforming } from "../support/pas";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { createTestWorkspace } from "../support/workspace";

const PAS = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition";
const INQUIRY = "Bundle-PASClaimInquiryBundleExample.json";

const extensionOf = (item: ClaimResponseItem, name: string) => item.extension?.find((extension) => extension.url === `${PAS}/${name}`);

test("a reviewer approves a pended PAS item with a lower quantity and a shorter period: A6 with them, notified, inquired and versioned", async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const ws = await createTestWorkspace("PAS modified");
  const api = apiClient(request, ws.apiKey);
  const receiver = await startWebhookReceiver();
  try {
    const created = await postFhir(request, "/Subscription", { apiKey: ws.apiKey }, pasSubscriptionFor(receiver.url));
    expect(created.status(), await created.text()).toBe(201);
    const subscription = await created.json();
    const secret: string = subscription.extension.find((e: { url: string }) => e.url.endsWith("/webhook-signing-secret")).valueString;
    await expect.poll(() => notifications(receiver.received, secret, "handshake").length, { timeout: 30_000 }).toBe(1);

    // The guide's referral, asking for 12 visits from December to May: pended (A4).
    const bundle = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `a6-${ws.workspaceId.slice(0, 8)}`);
    Object.assign(claimOf(bundle).item![0], { quantity: { value: 12 }, servicedPeriod: { start: "2026-12-01", end: "2027-05-31" } });
    const { claimResponse: first } = await submitConforming(request, ws.apiKey, bundle, "referral asking 12 visits");
    expect(reviewActions(first)).toEqual({ 1: "A4" });
    const priorAuthId = first.id!;
    await expect.poll(async () => (await api.getJson(priorAuthId)).status, { timeout: 30_000 }).toBe("Succeeded");

    // The notice of a decision names verified facts: the reviewer records the patient and the service's drug first.
    const reviewer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
    const path = await signInReviewerWithReferralFacts(reviewer, ws.workspaceId, priorAuthId);

    // Refused, and nothing recorded: more than asked, an item the request lacks, a period outside, with a denial.
    await expectErrorBody(await reviewer.post(`${path}/review`, { data: { decision: "approved", note: "More", modifications: [{ item_sequence: 1, quantity: 20 }] } }), 400, "must be lower than the 12 asked");
    await expectErrorBody(await reviewer.post(`${path}/review`, { data: { decision: "approved", note: "Other", modifications: [{ item_sequence: 7, quantity: 2 }] } }), 400, "item 7 is not an item of the request");
    await expectErrorBody(await reviewer.post(`${path}/review`, { data: { decision: "approved", note: "Later", modifications: [{ item_sequence: 1, period: { start: "2027-01-01", end: "2027-08-31" } }] } }), 400, "within the one asked for");
    await expectErrorBody(await reviewer.post(`${path}/review`, { data: { decision: "denied", note: "No", modifications: [{ item_sequence: 1, quantity: 2 }] } }), 400, "only an approval takes modifications");
    expect((await (await reviewer.get(`${path}/reviews`)).json()).data).toEqual([]);

    // Approved with the modification: 6 visits, December to February.
    const modification = { item_sequence: 1, quantity: 6, period: { start: "2026-12-01", end: "2027-02-28" } };
    const started = Date.now();
    const review = await reviewer.post(`${path}/review`, { data: { decision: "approved", note: "Six visits first; ask again with progress notes.", modifications: [modification] } });
    expect(review.status(), await review.text()).toBe(201);
    expect((await review.json()).modifications).toEqual([modification]);

    // The subscriber is notified with the modified answer.
    await expect.poll(() => notifications(receiver.received, secret, "event-notification").length, { timeout: 60_000, intervals: [50] }).toBe(1);
    console.log(`PAS A6 notification latency after the decision: ${Date.now() - started} ms`);
    const notified = notifications(receiver.received, secret, "event-notification")[0].entry![1].resource as Bundle;
    expect(await validatePas(notified)).toEqual([]);
    const modified = notified.entry![0].resource as ClaimResponse;
    expect(reviewActions(modified)).toEqual({ 1: "A6" });
    const [item] = modified.item!;
    expect(extensionOf(item, "extension-itemAuthorizedDetail")).toEqual({ url: `${PAS}/extension-itemAuthorizedDetail`, extension: [{ url: "quantity", valueQuantity: { value: 6 } }] });
    expect(extensionOf(item, "extension-itemPreAuthPeriod")!.valuePeriod).toEqual(modification.period);
    expect(item.adjudication[0].extension![0].extension!.find((e) => e.url === "number")!.valueString).toBe(priorAuthId);
    expect(modified.preAuthRef).toBe(priorAuthId);
    expect(modified.processNote!.map((note) => note.text).join(" ")).toContain("item 1: quantity 6, 2026-12-01 to 2027-02-28");

    // The stored answer, its versions (pended, then modified), an inquiry and a resubmission say the same.
    expect(reviewActions(await readClaimResponse(request, { apiKey: ws.apiKey }, priorAuthId))).toEqual({ 1: "A6" });
    expect(reviewActions(await readClaimResponse(request, { apiKey: ws.apiKey }, `${priorAuthId}/_history/1`))).toEqual({ 1: "A4" });
    const v2 = await readClaimResponse(request, { apiKey: ws.apiKey }, `${priorAuthId}/_history/2`);
    expect(reviewActions(v2)).toEqual({ 1: "A6" });
    expect(extensionOf(v2.item![0], "extension-itemAuthorizedDetail")).toBeDefined();
    const inquired = await inquirePas(request, { apiKey: ws.apiKey }, pasExample(INQUIRY));
    const answered = inquired.returned.find((returned) => returned.entry![0].resource!.id === priorAuthId)!;
    expect(reviewActions(answered)).toEqual({ 1: "A6" });
    const again = await submitConforming(request, ws.apiKey, bundle, "referral resubmitted after A6");
    expect(again.replayed).toBe(true);
    expect(reviewActions(again.claimResponse)).toEqual({ 1: "A6" });

    // The decision and its modification are in the case's history and audit trail.
    const reviews = (await (await reviewer.get(`${path}/reviews`)).json()).data;
    expect(reviews).toEqual([expect.objectContaining({ decision: "approved", modifications: [modification] })]);
    const events = await api.events(priorAuthId);
    expect(events.find((event) => event.action === "review.decided")!.details).toMatchObject({ modifications: [modification] });
    expect(events.filter((event) => event.action === "pas.answered").at(-1)!.details).toMatchObject({ version: 2, items: { 1: "A6" }, subscriptions_notified: 1 });
    await reviewer.dispose();
  } finally {
    await receiver.close();
  }
});
