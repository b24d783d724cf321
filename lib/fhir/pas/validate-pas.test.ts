import { describe, expect, it } from "vitest";
import type { Bundle, Claim, Resource, Subscription } from "@medplum/fhirtypes";
import { readFhirPackage } from "@/lib/fhir/packages/read-fhir-package";
import { PAS_PACKAGE } from "@/lib/fhir/pas/pas-profiles";
import { pasProfiles, validatePas } from "@/lib/fhir/pas/validate-pas";

const examples = new Map(
  [...readFhirPackage(PAS_PACKAGE)].filter(([name]) => name.startsWith("package/example/")).map(([name, resource]) => [name.replace("package/example/", ""), resource as Resource]),
);
const example = <T extends Resource>(file: string): T => structuredClone(examples.get(file)) as T;
const profiled = [...examples].filter(([, resource]) => resource.meta?.profile?.some((url) => url.includes("davinci-pas")));

describe("validatePas against the guide's own examples", () => {
  it("finds the guide's profiled examples in the package", () => {
    expect(profiled.length).toBeGreaterThanOrEqual(40);
  });

  it.each(profiled.map(([file]) => file))("%s conforms to its profile", async (file) => {
    expect(await validatePas(example(file))).toEqual([]);
  });
});

describe("validatePas names each problem by its FHIRPath", () => {
  it("a request Bundle without its Claim", async () => {
    const bundle = example<Bundle>("Bundle-ReferralAuthorizationBundleExample.json");
    bundle.entry = bundle.entry!.filter((entry) => entry.resource!.resourceType !== "Claim");
    const problems = await validatePas(bundle);
    expect(problems).toContainEqual({ expression: "Bundle.entry", message: "slice 'Claim' needs 1..2 Claim entries, found 0" });
  });

  it("a Claim item without its certification type, inside the Bundle", async () => {
    const bundle = example<Bundle>("Bundle-ReferralAuthorizationBundleExample.json");
    const index = bundle.entry!.findIndex((entry) => entry.resource!.resourceType === "Claim");
    const claim = bundle.entry![index].resource as Claim;
    claim.item![0].extension = claim.item![0].extension!.filter((extension) => !extension.url.endsWith("extension-certificationType"));
    const problems = await validatePas(bundle);
    expect(problems.map((problem) => problem.expression)).toContain(`Bundle.entry[${index}].resource.item.extension`);
    expect(problems.map((problem) => problem.message).join("\n")).toMatch(/slice 'certificationType'/);
  });

  it("a reference that resolves to no entry of the Bundle", async () => {
    const bundle = example<Bundle>("Bundle-ReferralAuthorizationBundleExample.json");
    const claim = bundle.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as Claim;
    claim.patient = { reference: "urn:uuid:00000000-0000-4000-8000-000000000000" };
    const problems = await validatePas(bundle);
    expect(problems.map((problem) => problem.message).join("\n")).toMatch(/does not resolve to an entry of the Bundle/);
  });

  it("a Subscription for another topic, and one whose topic carries its filter extension", async () => {
    const subscription = example<Subscription>("Subscription-PASSubscriptionExample.json");
    expect(await validatePas(subscription)).toEqual([]); // the filter extension on criteria is not a mismatch
    subscription.criteria = "http://example.org/SubscriptionTopic/other";
    expect(await validatePas(subscription)).toEqual([{ expression: "Subscription.criteria", message: expect.stringMatching(/pattern/) }]);
  });

  it("an unknown property and a resource naming no PAS profile", async () => {
    const claim = example<Claim>("Claim-ReferralAuthorizationExample.json");
    (claim as unknown as Record<string, unknown>).diagnosisCode = "E11.9";
    expect((await validatePas(claim)).map((problem) => problem.expression)).toContain("Claim.diagnosisCode");
    expect(await validatePas({ resourceType: "Claim" } as Claim)).toEqual([{ expression: "Claim", message: "no PAS 2.2.1 profile is named in meta.profile" }]);
  });
});

describe("what the validator does not evaluate is listed", () => {
  it("names each slicing left out and why", async () => {
    const { adjustments } = await pasProfiles();
    const left = adjustments.filter((adjustment) => adjustment.kind === "slicing-not-evaluated").map((a) => `${a.profile.split("/").pop()} ${a.element}`);
    expect(left.sort()).toEqual([
      "profile-claim Claim.careTeam",
      "profile-claim Claim.supportingInfo:AdditionalInformation.extension",
      "profile-claim-base Claim.careTeam",
      "profile-claim-inquiry Claim.careTeam",
      "profile-claim-update Claim.careTeam",
      "profile-claim-update Claim.supportingInfo:AdditionalInformation.extension",
      "profile-coverage Coverage.relationship.coding",
      "profile-documentreference DocumentReference.category",
      "profile-medicationrequest MedicationRequest.category",
      "profile-task Task.input:AttachmentsNeeded.extension",
      "profile-task Task.input:QuestionnaireContext.extension",
    ]);
    expect(adjustments.filter((adjustment) => adjustment.kind === "slicing-checked-separately")).toHaveLength(4);
  });
});
