// What the service needs from a PAS request Bundle (already validated against profile-pas-request-bundle): the Claim,
// the entries its references name, its items, and the keys a resubmission is recognised by. Pure.
import { createHash } from "node:crypto";
import type { Bundle, BundleEntry, Claim, CodeableConcept, Identifier, Period, Resource } from "@medplum/fhirtypes";
import { PAS_CANONICAL } from "@/lib/fhir/pas/pas-profiles";

export const CERTIFICATION_TYPE_URL = `${PAS_CANONICAL}/extension-certificationType`;
const INFO_CHANGED_URL = `${PAS_CANONICAL}/extension-infoChanged`;
const INFO_CANCELLED_URL = `${PAS_CANONICAL}/modifierextension-infoCancelled`;
/** X12 1322 code of a cancellation. */
const CANCEL = "3";

export interface PasItem {
  sequence: number;
  productOrService: CodeableConcept;
  quantity?: number;
  /** The service dates asked for (servicedPeriod, or servicedDate as a one-day period). */
  requested?: Period;
  /** X12 1322: I initial, 3 cancel, 4 extension, S revision ... */
  certificationType?: string;
  /** In an update (PAS Claim Update): "added" or "changed" (extension-infoChanged); absent for an item as it was. */
  infoChanged?: "added" | "changed";
  /** In an update: the item is withdrawn (certification type 3, or the infoCancelled modifier extension). */
  cancelled: boolean;
}

export interface PasRequest {
  bundle: Bundle;
  claim: Claim;
  /** `system|value` of Bundle.identifier, if any. */
  bundleKey: string | null;
  /** `system|value` of the Claim's first identifier. */
  claimKey: string;
  claimIdentifier: Identifier;
  /** SHA-256 of the Claim's content (keys sorted; id, meta and text left out). */
  contentHash: string;
  items: PasItem[];
  /**
   * For an update or cancellation (Claim.related): the `system|value` keys of the claims it changes, from the related
   * Claim's entry in the Bundle or the related identifier. Empty for an initial request.
   */
  relatedClaimKeys: string[];
}

export type PasReading = { ok: true; request: PasRequest } | { ok: false; expression: string; message: string };

export function readPasRequest(bundle: Bundle): PasReading {
  // An update Bundle carries the update (the Claim with `related`) and may carry the claim it changes as well.
  const claims = (bundle.entry ?? []).map((entry) => entry.resource).filter((resource): resource is Claim => resource?.resourceType === "Claim");
  const claim = claims.find((candidate) => candidate.related?.length) ?? claims[0];
  if (!claim) return { ok: false, expression: "Bundle.entry", message: "the Bundle has no Claim" };
  const claimIdentifier = claim.identifier?.find((identifier) => identifier.value);
  if (!claimIdentifier?.value) return { ok: false, expression: "Claim.identifier", message: "the Claim needs an identifier (the submitter's trace number)" };
  const items = (claim.item ?? []).map((item): PasItem => {
    const certificationType = item.extension?.find((extension) => extension.url === CERTIFICATION_TYPE_URL)?.valueCodeableConcept?.coding?.[0]?.code;
    return {
      sequence: item.sequence,
      productOrService: item.productOrService,
      quantity: item.quantity?.value,
      requested: item.servicedPeriod ?? (item.servicedDate ? { start: item.servicedDate, end: item.servicedDate } : undefined),
      certificationType,
      infoChanged: infoChangedOf(item.extension?.find((extension) => extension.url === INFO_CHANGED_URL)?.valueCode),
      cancelled: certificationType === CANCEL || Boolean(item.modifierExtension?.some((extension) => extension.url === INFO_CANCELLED_URL && extension.valueBoolean)),
    };
  });
  const relatedClaimKeys = (claim.related ?? []).flatMap((related) => {
    const entry = resolveEntry(bundle, related.claim?.reference)?.resource as Claim | undefined;
    const identifier = (entry?.resourceType === "Claim" ? entry.identifier?.find((candidate) => candidate.value) : undefined) ?? related.claim?.identifier;
    return identifier?.value ? [keyOf(identifier)] : [];
  });
  if (claim.related?.length && relatedClaimKeys.length === 0) {
    return { ok: false, expression: "Claim.related.claim", message: "the update names no claim this service can find: give the related Claim's entry in the Bundle, or its identifier" };
  }
  return {
    ok: true,
    request: {
      bundle,
      claim,
      bundleKey: bundle.identifier?.value ? keyOf(bundle.identifier) : null,
      claimKey: keyOf(claimIdentifier),
      claimIdentifier,
      contentHash: createHash("sha256").update(stableJson(withoutBookkeeping(claim))).digest("hex"),
      items,
      relatedClaimKeys: [...new Set(relatedClaimKeys)],
    },
  };
}

function infoChangedOf(code: string | undefined): PasItem["infoChanged"] {
  return code === "added" || code === "changed" ? code : undefined;
}

/** The entry a reference names: its fullUrl exactly, or a fullUrl ending in `/<Type>/<id>` for a relative one. */
export function resolveEntry(bundle: Bundle, reference: string | undefined): BundleEntry | undefined {
  if (!reference) return undefined;
  const entries = bundle.entry ?? [];
  return entries.find((entry) => entry.fullUrl === reference) ?? entries.find((entry) => entry.fullUrl?.endsWith(`/${reference}`)) ??
    entries.find((entry) => entry.resource && `${entry.resource.resourceType}/${entry.resource.id}` === reference);
}

function keyOf(identifier: Identifier): string {
  return `${identifier.system ?? ""}|${identifier.value}`;
}

function withoutBookkeeping(resource: Resource): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resource).filter(([key]) => key !== "id" && key !== "meta" && key !== "text"));
}

/** JSON with object keys sorted, so the same content always hashes alike. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
