// The body of POST and PUT /fhir/Subscription: a Subscription that conforms to the PAS profile, asks for what this
// server sends (lib/fhir/pas/pas-subscription.ts) and names an endpoint it may call. Every problem is named by its
// FHIRPath expression.
import type { Resource } from "@medplum/fhirtypes";
import { PAS_CANONICAL } from "@/lib/fhir/pas/pas-profiles";
import { readPasSubscription, type BackportSubscription, type PasSubscriptionRequest } from "@/lib/fhir/pas/pas-subscription";
import { validatePas, type PasProblem } from "@/lib/fhir/pas/validate-pas";
import { checkSubscriptionEndpoint } from "./check-subscription-endpoint";

export const PAS_SUBSCRIPTION_PROFILE = `${PAS_CANONICAL}/profile-subscription`;

export async function readSubscriptionBody(body: unknown): Promise<{ ok: true; request: PasSubscriptionRequest } | { ok: false; problems: PasProblem[] }> {
  if (!body || typeof body !== "object" || (body as { resourceType?: unknown }).resourceType !== "Subscription") {
    return { ok: false, problems: [{ expression: "Subscription", message: "the body must be a FHIR Subscription (the PAS Subscription profile)" }] };
  }
  const problems = await validatePas(body as Resource, PAS_SUBSCRIPTION_PROFILE);
  const reading = readPasSubscription(body as BackportSubscription);
  if (!reading.ok) problems.push(...reading.problems.filter((p) => !problems.some((q) => q.expression === p.expression)));
  if (problems.length || !reading.ok) return { ok: false, problems };
  const endpoint = await checkSubscriptionEndpoint(reading.request.endpoint);
  if (endpoint.problems.length) return { ok: false, problems: endpoint.problems };
  return { ok: true, request: { ...reading.request, endpoint: endpoint.url! } };
}
