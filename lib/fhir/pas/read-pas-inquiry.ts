// What a PAS inquiry (Claim/$inquire) asks about, and whether a stored request is one it asks about: the member (the
// patient's identifiers, the Coverage's subscriberId and identifiers), the requesting provider's NPI (the Claim's
// provider, and a PractitionerRole's practitioner and organization), and, when the inquiry gives service dates, a
// request item whose dates overlap them. Both must share a member ID and an NPI. Pure.
import type { Bundle, Claim, Coverage, Identifier, Period, PractitionerRole } from "@medplum/fhirtypes";
import { resolveEntry } from "@/lib/fhir/pas/read-pas-request";

const NPI_SYSTEM = "http://hl7.org/fhir/sid/us-npi";

export interface InquiryKeys {
  memberIds: Set<string>;
  npis: Set<string>;
  /** The service dates of the Claim's items (servicedPeriod, or servicedDate as a one-day period). */
  servicePeriods: Period[];
}

export function inquiryKeys(bundle: Bundle): InquiryKeys {
  const claim = bundle.entry?.find((entry) => entry.resource?.resourceType === "Claim")?.resource as Claim | undefined;
  const memberIds = new Set<string>();
  const npis = new Set<string>();
  if (!claim) return { memberIds, npis, servicePeriods: [] };
  const resource = (reference: string | undefined) => resolveEntry(bundle, reference)?.resource;
  const addValues = (into: Set<string>, identifiers: Identifier[] | undefined, system?: string) => {
    for (const identifier of identifiers ?? []) if (identifier.value && (!system || identifier.system === system)) into.add(identifier.value.trim());
  };

  const patient = resource(claim.patient?.reference) as { identifier?: Identifier[] } | undefined;
  addValues(memberIds, patient?.identifier ?? (claim.patient?.identifier ? [claim.patient.identifier] : []));
  for (const insurance of claim.insurance ?? []) {
    const coverage = resource(insurance.coverage?.reference) as Coverage | undefined;
    if (coverage?.subscriberId) memberIds.add(coverage.subscriberId.trim());
    addValues(memberIds, coverage?.identifier);
  }

  const provider = resource(claim.provider?.reference) as ({ resourceType: string; identifier?: Identifier[] } & Partial<PractitionerRole>) | undefined;
  addValues(npis, provider?.identifier ?? (claim.provider?.identifier ? [claim.provider.identifier] : []), NPI_SYSTEM);
  if (provider?.resourceType === "PractitionerRole") {
    for (const reference of [provider.practitioner?.reference, provider.organization?.reference]) {
      addValues(npis, (resource(reference) as { identifier?: Identifier[] } | undefined)?.identifier, NPI_SYSTEM);
    }
  }

  const servicePeriods = (claim.item ?? [])
    .map((item) => item.servicedPeriod ?? (item.servicedDate ? { start: item.servicedDate, end: item.servicedDate } : undefined))
    .filter((period): period is Period => Boolean(period?.start || period?.end));
  return { memberIds, npis, servicePeriods };
}

/** True when the stored request is about the inquiry's member, from its provider, and (if dated) in its dates. */
export function matchesInquiry(inquiry: InquiryKeys, stored: InquiryKeys): boolean {
  if (!intersects(inquiry.memberIds, stored.memberIds) || !intersects(inquiry.npis, stored.npis)) return false;
  if (!inquiry.servicePeriods.length) return true;
  return inquiry.servicePeriods.some((asked) => stored.servicePeriods.some((requested) => overlaps(asked, requested)));
}

const intersects = (a: Set<string>, b: Set<string>) => [...a].some((value) => b.has(value));

/** Periods by their dates (YYYY-MM-DD prefixes compare as strings); an open end is unbounded. */
function overlaps(a: Period, b: Period): boolean {
  const day = (value: string | undefined, open: string) => (value ? value.slice(0, 10) : open);
  return day(a.start, "0000") <= day(b.end, "9999") && day(b.start, "0000") <= day(a.end, "9999");
}
