// PAS Subscriptions and clinicians' decisions over HTTP: a subscription on a receiver at 127.0.0.1 gets its signed
// handshake; the guide's pended request is decided by a reviewer through /api/v1, and the decision reaches the stored
// ClaimResponse, a resubmission, and the subscriber (an event notification whose Response Bundle conforms to PAS 2.2.1).
// Deleted, the subscription gets nothing more; another workspace does not see it.
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { Bundle, ClaimResponse, OperationOutcome } from "@medplum/fhirtypes";
import { validatePas } from "../../lib/fhir/pas/validate-pas";
import { apiClient } from "../support/api";
import { FHIR_JSON, freshPas, notifications, pasExample, pasSubscriptionFor, reviewActions, statusParameter as parameter, signInReviewerWithReferralFacts, submitPas, type PasSubscriptionBody } from "../support/pas";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { createTestWorkspace } from "../support/workspace";

const fhirHeaders = (apiKey: string) => ({ "X-API-Key": apiKey, "Content-Type": FHIR_JSON });

async function expectOutcome(response: Awaited<ReturnType<APIRequestContext["post"]>>, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toContain(FHIR_JSON);
  const body = (await response.json()) as OperationOutcome;
  expect(body.resourceType).toBe("OperationOutcome");
  return body;
}

test("a subscriber gets the handshake, then each reviewer's decision on the pended request as a notification that conforms; deleted, nothing more", async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const ws = await createTestWorkspace("PAS notify");
  const api = apiClient(request, ws.apiKey);
  const receiver = await startWebhookReceiver();
  try {
    const created = await request.post("/fhir/Subscription", { headers: fhirHeaders(ws.apiKey), data: pasSubscriptionFor(receiver.url) });
    expect(created.status(), await created.text()).toBe(201);
    const subscription = await created.json();
    expect(created.headers()["location"]).toMatch(new RegExp(`/fhir/Subscription/${subscription.id}$`));
    expect(subscription).toMatchObject({ resourceType: "Subscription", criteria: "http://hl7.org/fhir/us/davinci-pas/SubscriptionTopic/PASSubscriptionTopic", channel: { type: "rest-hook", endpoint: receiver.url } });
    const shown = { ...subscription };
    delete shown.extension;
    expect(await validatePas(shown, "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-subscription")).toEqual([]);
    const secret: string = subscription.extension.find((e: { url: string }) => e.url.endsWith("/webhook-signing-secret")).valueString;

    // The handshake, signed; then the subscription is active.
    await expect.poll(() => notifications(receiver.received, secret, "handshake").length, { timeout: 30_000 }).toBe(1);
    const handshake = notifications(receiver.received, secret, "handshake")[0];
    expect(receiver.received[0].headers["content-type"]).toContain(FHIR_JSON);
    expect(handshake).toMatchObject({ resourceType: "Bundle", type: "history" });
    expect(parameter(handshake, "subscription")!.valueReference!.reference).toMatch(new RegExp(`/fhir/Subscription/${subscription.id}$`));
    const url = `/fhir/Subscription/${subscription.id}`;
    await expect.poll(async () => (await (await request.get(url, { headers: fhirHeaders(ws.apiKey) })).json()).status, { timeout: 30_000 }).toBe("active");

    // The guide's pended request: answered A4 at once.
    const bundle = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), ws.workspaceId.slice(0, 8));
    const submitted = await submitPas(request, ws.apiKey, bundle);
    expect(submitted.status(), await submitted.text()).toBe(200);
    const first = ((await submitted.json()) as Bundle).entry![0].resource as ClaimResponse;
    expect(new Set(Object.values(reviewActions(first)))).toEqual(new Set(["A4"]));
    const priorAuthId = first.id!;
    await expect.poll(async () => (await api.getJson(priorAuthId)).status, { timeout: 30_000 }).toBe("Succeeded");

    // A reviewer, signed in, decides through /api/v1. The decision's notice names the patient and the drug as verified
    // facts: a service request has no drug, so the reviewer records both first (the notice gate of every decision).
    const reviewer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
    const path = await signInReviewerWithReferralFacts(reviewer, ws.workspaceId, priorAuthId);

    const latencies: number[] = [];
    const decide = async (data: Record<string, unknown>, eventNumber: number) => {
      const started = Date.now();
      const review = await reviewer.post(`${path}/review`, { data });
      expect(review.status(), await review.text()).toBe(201);
      await expect.poll(() => notifications(receiver.received, secret, "event-notification").length, { timeout: 60_000, intervals: [50] }).toBe(eventNumber);
      latencies.push(Date.now() - started);
      const notification = notifications(receiver.received, secret, "event-notification")[eventNumber - 1];
      const event = parameter(notification, "notification-event")!;
      expect(event.part!.find((p) => p.name === "event-number")!.valueString).toBe(String(eventNumber));
      const focus = event.part!.find((p) => p.name === "focus")!.valueReference!.reference;
      expect(notification.entry![1].fullUrl).toBe(focus);
      const response = notification.entry![1].resource as Bundle;
      expect(await validatePas(response, "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-pas-response-bundle")).toEqual([]);
      return response.entry![0].resource as ClaimResponse;
    };

    // Denied: A3, with the reviewer's reason.
    const denied = await decide({ decision: "denied", note: "The referral is not medically necessary." }, 1);
    expect(new Set(Object.values(reviewActions(denied)))).toEqual(new Set(["A3"]));
    expect(denied.processNote![0].text).toContain("The referral is not medically necessary.");
    expect(denied.meta!.versionId).toBe("2");
    // The stored ClaimResponse and a resubmission say the same.
    const read = await request.get(`/fhir/ClaimResponse/${priorAuthId}`, { headers: fhirHeaders(ws.apiKey) });
    expect(read.status()).toBe(200);
    expect(reviewActions(await read.json())).toEqual(reviewActions(denied));
    const again = await submitPas(request, ws.apiKey, bundle);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    const replayed = (await again.json()) as Bundle;
    expect(await validatePas(replayed)).toEqual([]);
    expect(Object.values(reviewActions(replayed))).toEqual(["A3"]);

    // Amended to an approval: A1 with the authorization number and the period.
    const approved = await decide({ decision: "approved", note: "Approved on appeal.", amendment: { reason: "Peer-to-peer review" } }, 2);
    expect(new Set(Object.values(reviewActions(approved)))).toEqual(new Set(["A1"]));
    expect(approved.preAuthRef).toBe(priorAuthId);
    expect(approved.item![0].adjudication[0].extension![0].extension!.find((e) => e.url === "number")!.valueString).toBe(priorAuthId);
    expect(approved.item![0].extension!.map((e) => e.url)).toEqual(expect.arrayContaining([expect.stringMatching(/extension-itemPreAuthPeriod$/), expect.stringMatching(/extension-itemPreAuthIssueDate$/)]));
    console.log(`PAS notification latency after the decision: ${latencies.join(" ms, ")} ms`);

    // Another workspace does not see it.
    const other = await createTestWorkspace("PAS notify other");
    await expectOutcome(await request.get(url, { headers: fhirHeaders(other.apiKey) }), 404);
    await expectOutcome(await request.put(url, { headers: fhirHeaders(other.apiKey), data: { ...pasSubscriptionFor(receiver.url), id: subscription.id } }), 404);
    await expectOutcome(await request.delete(url, { headers: fhirHeaders(other.apiKey) }), 404);
    await expectOutcome(await request.get(`/fhir/ClaimResponse/${priorAuthId}`, { headers: fhirHeaders(other.apiKey) }), 404);

    // Deleted: the next decision notifies no one.
    expect((await request.delete(url, { headers: fhirHeaders(ws.apiKey) })).status()).toBe(204);
    await expectOutcome(await request.get(url, { headers: fhirHeaders(ws.apiKey) }), 404);
    const before = receiver.received.length;
    const last = await reviewer.post(`${path}/review`, { data: { decision: "denied", note: "Withdrawn approval.", amendment: { reason: "Approved in error" } } });
    expect(last.status(), await last.text()).toBe(201);
    const answered = (await api.events(priorAuthId)).filter((e) => e.action === "pas.answered").map((e) => e.details);
    expect(answered.at(-1)).toMatchObject({ version: 4, review_action: "A3", subscriptions_notified: 0 });
    expect(answered.slice(1, 3)).toEqual([expect.objectContaining({ subscriptions_notified: 1 }), expect.objectContaining({ subscriptions_notified: 1 })]);
    expect(receiver.received.length).toBe(before);
    await reviewer.dispose();
  } finally {
    await receiver.close();
  }
});

test("a subscription is validated (topic, filter, channel, https and public endpoints), updated and turned off", async ({ request }) => {
  const ws = await createTestWorkspace("PAS subscription input");
  const receiver = await startWebhookReceiver();
  try {
    const post = (data: unknown) => request.post("/fhir/Subscription", { headers: fhirHeaders(ws.apiKey), data });
    const cases: [string, (s: PasSubscriptionBody) => void, string][] = [
      ["another topic", (s) => (s.criteria = "http://example.org/SubscriptionTopic/other"), "Subscription.criteria"],
      ["no org-identifier filter", (s) => delete s._criteria, "Subscription.criteria.extension"],
      ["a websocket channel", (s) => (s.channel.type = "websocket"), "Subscription.channel.type"],
      ["id-only payloads", (s) => (s.channel._payload.extension[0].valueCode = "id-only"), "Subscription.channel.payload.extension"],
      ["plain http to a public address", (s) => (s.channel.endpoint = "http://8.8.8.8/hooks"), "Subscription.channel.endpoint"],
      ["a private address", (s) => (s.channel.endpoint = "https://10.1.2.3/hooks"), "Subscription.channel.endpoint"],
      ["the cloud metadata address", (s) => (s.channel.endpoint = "https://169.254.169.254/latest"), "Subscription.channel.endpoint"],
    ];
    for (const [what, change, expression] of cases) {
      const subscription = pasSubscriptionFor(receiver.url);
      change(subscription);
      const outcome = await expectOutcome(await post(subscription), 400);
      expect(outcome.issue.map((issue) => issue.expression?.[0]), what).toContain(expression);
    }
    await expectOutcome(await post({ resourceType: "Patient" }), 400);
    await expectOutcome(await request.post("/fhir/Subscription", { headers: { "Content-Type": FHIR_JSON }, data: pasSubscriptionFor(receiver.url) }), 401);

    const created = await (await post(pasSubscriptionFor(receiver.url))).json();
    const url = `/fhir/Subscription/${created.id}`;
    const updated = await request.put(url, { headers: fhirHeaders(ws.apiKey), data: { ...pasSubscriptionFor(receiver.url, "8189991234"), id: created.id, reason: "Our referrals", status: "off" } });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: created.id, status: "off", reason: "Our referrals", meta: { versionId: "2" } });
    expect((await (await request.get(url, { headers: fhirHeaders(ws.apiKey) })).json())._criteria.extension[0].valueString).toBe("org-identifier=8189991234");
    const wrongId = await expectOutcome(await request.put(url, { headers: fhirHeaders(ws.apiKey), data: { ...pasSubscriptionFor(receiver.url), id: "another" } }), 400);
    expect(wrongId.issue[0].expression).toEqual(["Subscription.id"]);
    await expectOutcome(await request.get("/fhir/Subscription/not-a-uuid", { headers: fhirHeaders(ws.apiKey) }), 404);

    // The metadata names what works.
    const statement = await (await request.get("/fhir/metadata")).json();
    expect(statement.rest[0].resource).toContainEqual(expect.objectContaining({ type: "Subscription", interaction: [{ code: "create" }, { code: "read" }, { code: "update" }, { code: "delete" }] }));
  } finally {
    await receiver.close();
  }
});
