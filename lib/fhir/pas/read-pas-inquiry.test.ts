import { describe, expect, it } from "vitest";
import type { Bundle } from "@medplum/fhirtypes";
import { readFhirPackage } from "@/lib/fhir/packages/read-fhir-package";
import { PAS_PACKAGE } from "@/lib/fhir/pas/pas-profiles";
import { inquiryKeys, matchesInquiry } from "./read-pas-inquiry";

const pkg = readFhirPackage(PAS_PACKAGE);
const example = (file: string) => structuredClone(pkg.get(`package/example/${file}`)) as Bundle;
const claimOf = (bundle: Bundle) => bundle.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as unknown as { item: Record<string, unknown>[] };

describe("inquiryKeys", () => {
  it("reads the guide's inquiry: the patient's MIN and the Coverage's subscriberId as member IDs, the requestor's NPI", () => {
    const keys = inquiryKeys(example("Bundle-PASClaimInquiryBundleExample.json"));
    expect([...keys.memberIds].sort()).toEqual(["1122334455", "12345678901"]);
    expect([...keys.npis]).toEqual(["8189991234"]);
    expect(keys.servicePeriods).toEqual([]);
  });

  it("follows a PractitionerRole provider to its practitioner's and organization's NPIs", () => {
    const keys = inquiryKeys(example("Bundle-SurgicalRequestBundleExample.json"));
    expect(keys.npis.size).toBeGreaterThan(0);
  });
});

describe("matchesInquiry", () => {
  const inquiry = example("Bundle-PASClaimInquiryBundleExample.json");
  const referral = example("Bundle-ReferralAuthorizationBundleExample.json");

  it("matches the guide's referral request (same member and provider NPI), not another member's or provider's", () => {
    expect(matchesInquiry(inquiryKeys(inquiry), inquiryKeys(referral))).toBe(true);
    const otherMember = { ...inquiryKeys(referral), memberIds: new Set(["999"]) };
    expect(matchesInquiry(inquiryKeys(inquiry), otherMember)).toBe(false);
    const otherProvider = { ...inquiryKeys(referral), npis: new Set(["1111111111"]) };
    expect(matchesInquiry(inquiryKeys(inquiry), otherProvider)).toBe(false);
  });

  it("with service dates, matches only requests whose item dates overlap them", () => {
    const dated = structuredClone(referral);
    claimOf(dated).item[0].servicedPeriod = { start: "2026-12-01", end: "2026-12-31" };
    const asking = (period: Record<string, string> | undefined, date?: string) => {
      const copy = structuredClone(inquiry);
      claimOf(copy).item[0] = { ...claimOf(copy).item[0], ...(period ? { servicedPeriod: period } : {}), ...(date ? { servicedDate: date } : {}) };
      return inquiryKeys(copy);
    };
    expect(matchesInquiry(asking({ start: "2026-12-15", end: "2027-01-15" }), inquiryKeys(dated))).toBe(true);
    expect(matchesInquiry(asking(undefined, "2026-12-31"), inquiryKeys(dated))).toBe(true);
    expect(matchesInquiry(asking({ start: "2027-01-01" }), inquiryKeys(dated))).toBe(false);
    expect(matchesInquiry(asking(undefined, "2026-11-30"), inquiryKeys(dated))).toBe(false);
    // A request without dates does not answer an inquiry that asks for dates.
    expect(matchesInquiry(asking(undefined, "2026-12-31"), inquiryKeys(referral))).toBe(false);
  });
});
