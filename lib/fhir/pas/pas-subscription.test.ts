import { describe, expect, it } from "vitest";
import type { Bundle } from "@medplum/fhirtypes";
import { readFhirPackage } from "@/lib/fhir/packages/read-fhir-package";
import { PAS_PACKAGE, PAS_CANONICAL } from "@/lib/fhir/pas/pas-profiles";
import { validatePas } from "@/lib/fhir/pas/validate-pas";
import { orgIdentifierMatches, PAS_TOPIC, presentPasSubscription, readPasSubscription, submitterIdentifiers, type BackportSubscription } from "@/lib/fhir/pas/pas-subscription";
import { buildSubscriptionNotification } from "@/lib/fhir/pas/build-subscription-notification";

const pkg = readFhirPackage(PAS_PACKAGE);
const example = <T>(file: string) => structuredClone(pkg.get(`package/example/${file}`)) as T;
const guideSubscription = () => example<BackportSubscription>("Subscription-PASSubscriptionExample.json");

describe("readPasSubscription", () => {
  it("reads the guide's example: its endpoint and the orgIdentifier filter", () => {
    expect(readPasSubscription(guideSubscription())).toEqual({
      ok: true,
      request: { endpoint: "http://example.org/send-me-subscription-notifications", orgIdentifier: "1234567893", reason: "Receive notifications about claim responses for my organization.", off: false },
    });
  });

  it("takes the filter as org-identifier=system|value too, and status off", () => {
    const subscription = guideSubscription();
    subscription._criteria!.extension![0].valueString = "org-identifier=http://hl7.org/fhir/sid/us-npi|8189991234";
    subscription.status = "off";
    expect(readPasSubscription(subscription)).toMatchObject({ ok: true, request: { orgIdentifier: "http://hl7.org/fhir/sid/us-npi|8189991234", off: true } });
  });

  it.each<[string, (s: BackportSubscription) => void, string]>([
    ["another topic", (s) => (s.criteria = "Patient?name=x"), "Subscription.criteria"],
    ["no filter", (s) => delete s._criteria, "Subscription.criteria.extension"],
    ["a filter on something else", (s) => (s._criteria!.extension![0].valueString = "patient=Patient/1"), "Subscription.criteria.extension"],
    ["a websocket channel", (s) => (s.channel.type = "websocket"), "Subscription.channel.type"],
    ["no endpoint", (s) => delete s.channel.endpoint, "Subscription.channel.endpoint"],
    ["an XML payload", (s) => (s.channel.payload = "application/fhir+xml"), "Subscription.channel.payload"],
    ["id-only content", (s) => (s.channel._payload!.extension![0].valueCode = "id-only"), "Subscription.channel.payload.extension"],
    ["channel headers", (s) => (s.channel.header = ["Authorization: Bearer x"]), "Subscription.channel.header"],
    ["an unknown status", (s) => (s.status = "error"), "Subscription.status"],
  ])("refuses %s, naming %s", (_, change, expression) => {
    const subscription = guideSubscription();
    change(subscription);
    const reading = readPasSubscription(subscription);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems.map((p) => p.expression)).toContain(expression);
  });

  it("shows the subscription back as a Subscription that conforms to the PAS profile", async () => {
    const reading = readPasSubscription(guideSubscription());
    if (!reading.ok) throw new Error("not read");
    const shown = presentPasSubscription({ id: "5e0f5d5c-0d55-4c2a-9a43-6f7c3f2e1d00", request: reading.request, status: "active", version: 2, updatedAt: new Date("2026-11-27T10:00:00Z") });
    expect(shown).toMatchObject({ status: "active", criteria: PAS_TOPIC, meta: { versionId: "2" } });
    expect(await validatePas(shown as never, `${PAS_CANONICAL}/profile-subscription`)).toEqual([]);
  });
});

describe("the org-identifier filter", () => {
  const bundle = example<Bundle>("Bundle-ReferralAuthorizationBundleExample.json");

  it("names the submitting organization: the Claim's provider", () => {
    expect(submitterIdentifiers(bundle)).toEqual(["http://hl7.org/fhir/sid/us-npi|8189991234"]);
  });

  it.each([
    ["8189991234", true],
    ["http://hl7.org/fhir/sid/us-npi|8189991234", true],
    ["http://example.org/other|8189991234", false],
    ["1234567893", false], // the insurer's NPI, not the submitter's
  ])("%s matches: %s", (filter, matches) => {
    expect(orgIdentifierMatches(filter, submitterIdentifiers(bundle))).toBe(matches);
  });
});

describe("buildSubscriptionNotification", () => {
  const response = { ...example<Bundle>("Bundle-ReferralAuthorizationResponseBundleExample.json"), id: "sub-1" };
  const base = { serverBase: "https://pa.example", subscriptionId: "s-1", notificationId: "7b0c6c1e-3a40-4f0e-8a3c-0d6a2b1f9e11", now: new Date("2026-11-27T10:00:00Z") };

  it("an event: the SubscriptionStatus first with the focus, then the Response Bundle it names", async () => {
    const notification = buildSubscriptionNotification({ ...base, status: "active", eventsSinceSubscriptionStart: 3, event: { number: 3, responseBundle: response } });
    expect(notification.type).toBe("history");
    const [status, focus] = notification.entry!;
    const parameter = (name: string) => (status.resource as { parameter: { name: string }[] }).parameter.find((p) => p.name === name);
    expect(parameter("type")).toEqual({ name: "type", valueCode: "event-notification" });
    expect(parameter("notification-event")).toMatchObject({ part: [{ valueString: "3" }, {}, { name: "focus", valueReference: { reference: focus.fullUrl } }] });
    expect(focus.resource).toBe(response);
    expect(await validatePas(focus.resource as Bundle)).toEqual([]);
  });

  it("a handshake: the status alone", () => {
    const handshake = buildSubscriptionNotification({ ...base, status: "requested", eventsSinceSubscriptionStart: 0 });
    expect(handshake.entry).toHaveLength(1);
    expect((handshake.entry![0].resource as { parameter: unknown[] }).parameter).toContainEqual({ name: "type", valueCode: "handshake" });
  });
});
