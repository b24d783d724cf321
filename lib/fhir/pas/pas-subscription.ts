// The PAS Subscription (R5 backport, topic-based, on R4): what a client may ask for, read from the resource it sends,
// and the resource as the server shows it back. The guide's profile (profile-subscription) is checked by validatePas;
// this reads what the profile leaves open and the service needs: the org-identifier filter, the payload's MIME type,
// and what is not supported here (channel headers, other payload contents). Pure.
import type { Bundle, Claim, Extension, Identifier, Subscription, SubscriptionChannel } from "@medplum/fhirtypes";
import type { PasProblem } from "@/lib/fhir/pas/validate-pas";
import { resolveEntry } from "@/lib/fhir/pas/read-pas-request";

export const PAS_TOPIC = "http://hl7.org/fhir/us/davinci-pas/SubscriptionTopic/PASSubscriptionTopic";
const BACKPORT = "http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition";
export const FILTER_CRITERIA_URL = `${BACKPORT}/backport-filter-criteria`;
export const PAYLOAD_CONTENT_URL = `${BACKPORT}/backport-payload-content`;
export const FHIR_JSON = "application/fhir+json";
/** The filter's parameter: `org-identifier` (the topic's canBeFiltered name) or `orgIdentifier` (the guide's example). */
const ORG_FILTER = /^\s*(?:org-identifier|orgIdentifier)\s*=\s*(\S(?:.*\S)?)\s*$/;

/** R4's Subscription with the primitive extensions the backport puts on criteria and channel.payload. */
export type BackportSubscription = Omit<Subscription, "channel"> & {
  _criteria?: { extension?: Extension[] };
  channel: SubscriptionChannel & { _payload?: { extension?: Extension[] } };
};

export interface PasSubscriptionRequest {
  endpoint: string;
  /** The submitting organization's identifier: `system|value`, or a value alone (any system). */
  orgIdentifier: string;
  reason: string;
  /** When notifications stop (ISO instant), if the client set one. */
  end?: string;
  /** The client turned it off (status "off" on update): kept, nothing sent. */
  off: boolean;
}

export type PasSubscriptionReading = { ok: true; request: PasSubscriptionRequest } | { ok: false; problems: PasProblem[] };

export function readPasSubscription(subscription: BackportSubscription): PasSubscriptionReading {
  const problems: PasProblem[] = [];
  const problem = (expression: string, message: string) => problems.push({ expression, message });
  if (subscription.criteria !== PAS_TOPIC) problem("Subscription.criteria", `must be the PAS topic ${PAS_TOPIC}`);
  const filters = (subscription._criteria?.extension ?? []).filter((extension) => extension.url === FILTER_CRITERIA_URL);
  const orgIdentifier = filters.length === 1 ? ORG_FILTER.exec(filters[0].valueString ?? "")?.[1] : undefined;
  if (!orgIdentifier) {
    problem("Subscription.criteria.extension", `needs exactly one ${FILTER_CRITERIA_URL} extension "org-identifier=<the submitting organization's identifier>" (system|value or value)`);
  }
  const channel = subscription.channel;
  if (channel?.type !== "rest-hook") problem("Subscription.channel.type", "must be rest-hook");
  if (!channel?.endpoint) problem("Subscription.channel.endpoint", "is required: the https URL notifications are sent to");
  if (channel?.payload !== FHIR_JSON) problem("Subscription.channel.payload", `must be ${FHIR_JSON}`);
  const content = channel?._payload?.extension?.find((extension) => extension.url === PAYLOAD_CONTENT_URL)?.valueCode;
  if (content !== "full-resource") problem("Subscription.channel.payload.extension", `needs the ${PAYLOAD_CONTENT_URL} extension with full-resource (the only content sent here)`);
  if (channel?.header?.length) {
    problem("Subscription.channel.header", "is not supported: notifications are signed instead (webhook-id, webhook-timestamp, webhook-signature; the secret is returned once when the subscription is created)");
  }
  if (subscription.status && !["requested", "active", "off"].includes(subscription.status)) problem("Subscription.status", "must be requested, active or off");
  if (subscription.end && Number.isNaN(Date.parse(subscription.end))) problem("Subscription.end", "must be an instant");
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    request: {
      endpoint: channel!.endpoint!,
      orgIdentifier: orgIdentifier!,
      reason: subscription.reason || "PAS claim responses",
      ...(subscription.end ? { end: subscription.end } : {}),
      off: subscription.status === "off",
    },
  };
}

/** Whether an organization with these identifiers (`system|value` each) is the one the filter names. */
export function orgIdentifierMatches(filter: string, identifiers: string[]): boolean {
  const bar = filter.indexOf("|");
  if (bar === -1) return identifiers.some((identifier) => identifier.slice(identifier.indexOf("|") + 1) === filter);
  return identifiers.includes(filter);
}

/**
 * The identifiers (`system|value`) of the organization that submitted a PAS request: the Claim's provider, or the
 * organization of a PractitionerRole provider, with the provider's own identifiers.
 */
export function submitterIdentifiers(bundle: Bundle): string[] {
  const claim = bundle.entry?.find((entry) => entry.resource?.resourceType === "Claim")?.resource as Claim | undefined;
  const provider = resolveEntry(bundle, claim?.provider?.reference)?.resource;
  if (!provider) return claim?.provider?.identifier?.value ? [keyOf(claim.provider.identifier)] : [];
  const organization = provider.resourceType === "PractitionerRole" ? resolveEntry(bundle, provider.organization?.reference)?.resource : undefined;
  return [provider, organization]
    .flatMap((resource) => (resource && "identifier" in resource ? (resource.identifier ?? []) : []))
    .filter((identifier) => identifier.value)
    .map(keyOf);
}

const keyOf = (identifier: Identifier) => `${identifier.system ?? ""}|${identifier.value}`;

/** requested until the handshake is delivered, active after it, error once it failed for good; off when turned off. */
export type PasSubscriptionStatus = "requested" | "active" | "error" | "off";

/** The Subscription as the server holds it. */
export function presentPasSubscription(opts: { id: string; request: PasSubscriptionRequest; status: PasSubscriptionStatus; version: number; updatedAt: Date; error?: string }): BackportSubscription {
  const { request } = opts;
  return {
    resourceType: "Subscription",
    id: opts.id,
    meta: { versionId: String(opts.version), lastUpdated: opts.updatedAt.toISOString(), profile: ["http://hl7.org/fhir/us/davinci-pas/StructureDefinition/profile-subscription"] },
    status: opts.status,
    reason: request.reason,
    ...(request.end ? { end: request.end } : {}),
    ...(opts.error ? { error: opts.error } : {}),
    criteria: PAS_TOPIC,
    _criteria: { extension: [{ url: FILTER_CRITERIA_URL, valueString: `org-identifier=${request.orgIdentifier}` }] },
    channel: {
      type: "rest-hook",
      endpoint: request.endpoint,
      payload: FHIR_JSON,
      _payload: { extension: [{ url: PAYLOAD_CONTENT_URL, valueCode: "full-resource" }] },
    },
  };
}
