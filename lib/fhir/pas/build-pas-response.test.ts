import { describe, expect, it } from "vitest";
import type { Bundle, ClaimResponse } from "@medplum/fhirtypes";
import { readFhirPackage } from "@/lib/fhir/packages/read-fhir-package";
import { PAS_PACKAGE } from "@/lib/fhir/pas/pas-profiles";
import { readPasRequest } from "@/lib/fhir/pas/read-pas-request";
import { buildPasResponse, type PasAnswer } from "@/lib/fhir/pas/build-pas-response";
import { validatePas } from "@/lib/fhir/pas/validate-pas";

const pkg = readFhirPackage(PAS_PACKAGE);
const REQUESTS = ["Bundle-ReferralAuthorizationBundleExample.json", "Bundle-MedicalServicesAuthorizationBundleExample.json", "Bundle-HomecareAuthorizationBundleExample.json", "Bundle-SurgicalRequestBundleExample.json"];
const requestOf = (file: string) => {
  const reading = readPasRequest(structuredClone(pkg.get(`package/example/${file}`)) as Bundle);
  if (!reading.ok) throw new Error(reading.message);
  return reading.request;
};
const ISSUED = "2026-11-27T10:00:00.000Z";

/** Every literal reference anywhere in the resource. */
function references(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => references(item, found));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "reference" && typeof child === "string") found.push(child);
      else references(child, found);
    }
  }
  return found;
}

describe("buildPasResponse", () => {
  const answers: Record<string, PasAnswer> = {
    certified: { action: "A1", priorAuthId: "7d4f0f9e-0000-4000-8000-000000000001", authorizationNumber: "PA-7D4F0F9E", notes: ["Approved: every criterion met."], issued: ISSUED },
    pended: { action: "A4", priorAuthId: "7d4f0f9e-0000-4000-8000-000000000002", notes: ["Pended for clinical review: step 2 is not met."], issued: ISSUED },
  };

  it.each(REQUESTS.flatMap((file) => Object.keys(answers).map((kind) => [file, kind])))("%s answered %s conforms to the PAS response profile", async (file, kind) => {
    const response = buildPasResponse(requestOf(file), answers[kind], "http://127.0.0.1:3000");
    expect(await validatePas(response)).toEqual([]);
    const fullUrls = new Set(response.entry!.map((entry) => entry.fullUrl));
    expect(references(response).filter((reference) => !fullUrls.has(reference))).toEqual([]);
  });

  it("answers every item by its sequence with the review action, and a certification with its number and period", () => {
    const request = requestOf("Bundle-HomecareAuthorizationBundleExample.json");
    const response = buildPasResponse(request, answers.certified, "http://127.0.0.1:3000");
    const claimResponse = response.entry![0].resource as ClaimResponse;
    expect(response.entry![0].resource!.resourceType).toBe("ClaimResponse");
    expect(claimResponse.item!.map((item) => item.itemSequence)).toEqual(request.items.map((item) => item.sequence));
    const action = claimResponse.item![0].adjudication[0].extension![0];
    expect(action.extension).toEqual([
      { url: "number", valueString: "PA-7D4F0F9E" },
      expect.objectContaining({ valueCodeableConcept: { coding: [{ system: "https://codesystem.x12.org/005010/306", code: "A1", display: "Certified in total" }] } }),
    ]);
    expect(claimResponse.preAuthRef).toBe("PA-7D4F0F9E");
    expect(claimResponse.item![0].extension!.map((extension) => extension.url.split("/").pop())).toContain("extension-itemPreAuthIssueDate");
  });

  it("an approval with a modified item answers it A6 with the certified quantity and period, the others A1; it conforms", async () => {
    const request = requestOf("Bundle-HomecareAuthorizationBundleExample.json");
    const modified: PasAnswer = { ...answers.certified, modifiedItems: [{ item_sequence: 1, quantity: 6, period: { start: "2026-12-01", end: "2027-02-28" } }] };
    const response = buildPasResponse(request, modified, "http://127.0.0.1:3000");
    expect(await validatePas(response)).toEqual([]);
    const claimResponse = response.entry![0].resource as ClaimResponse;
    const codes = claimResponse.item!.map((item) => item.adjudication[0].extension![0].extension!.at(-1)!.valueCodeableConcept!.coding![0]);
    expect(codes.map((coding) => [coding.code, coding.display])).toEqual([["A6", "Modified"], ["A1", "Certified in total"]]);
    const [first] = claimResponse.item!;
    expect(first.extension).toContainEqual({ url: "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/extension-itemAuthorizedDetail", extension: [{ url: "quantity", valueQuantity: { value: 6 } }] });
    expect(first.extension).toContainEqual({ url: "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/extension-itemPreAuthPeriod", valuePeriod: { start: "2026-12-01", end: "2027-02-28" } });
    expect(first.adjudication[0].extension![0].extension![0]).toEqual({ url: "number", valueString: "PA-7D4F0F9E" });
    expect(claimResponse.preAuthRef).toBe("PA-7D4F0F9E");
    // A pended answer has nothing to modify.
    const pended = buildPasResponse(request, { ...answers.pended, modifiedItems: modified.modifiedItems }, "http://127.0.0.1:3000");
    expect((pended.entry![0].resource as ClaimResponse).item!.every((item) => item.adjudication[0].extension![0].extension!.at(-1)!.valueCodeableConcept!.coding![0].code === "A4")).toBe(true);
  });

  it("a pended answer carries no authorization number and says why in processNote", () => {
    const response = buildPasResponse(requestOf("Bundle-ReferralAuthorizationBundleExample.json"), answers.pended, "http://127.0.0.1:3000");
    const claimResponse = response.entry![0].resource as ClaimResponse;
    expect(claimResponse.preAuthRef).toBeUndefined();
    expect(claimResponse.item![0].adjudication[0].extension![0].extension).toHaveLength(1);
    expect(claimResponse.processNote).toEqual([{ number: 1, type: "display", text: "Pended for clinical review: step 2 is not met." }]);
  });
});

describe("readPasRequest", () => {
  it("keys a resubmission by the Bundle's identifier and by the Claim's identifier and content", () => {
    const first = requestOf("Bundle-ReferralAuthorizationBundleExample.json");
    const again = requestOf("Bundle-ReferralAuthorizationBundleExample.json");
    expect(again.contentHash).toBe(first.contentHash);
    expect(first.bundleKey).toBe("http://example.org/SUBMITTER_TRANSACTION_IDENTIFIER|A12345");
    expect(first.claimKey).toBe("urn:trnorg:9012345678|111099");
    const changed = structuredClone(first.bundle);
    const claim = changed.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as { item: { quantity?: { value: number } }[] };
    claim.item[0].quantity = { value: 9 };
    const reading = readPasRequest(changed);
    expect(reading.ok && reading.request.contentHash).not.toBe(first.contentHash);
  });

  it("says what is missing when there is no Claim or no Claim identifier", () => {
    expect(readPasRequest({ resourceType: "Bundle", type: "collection", entry: [] })).toEqual({ ok: false, expression: "Bundle.entry", message: "the Bundle has no Claim" });
    const bundle = structuredClone(requestOf("Bundle-ReferralAuthorizationBundleExample.json").bundle);
    delete (bundle.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as { identifier?: unknown }).identifier;
    expect(readPasRequest(bundle)).toMatchObject({ ok: false, expression: "Claim.identifier" });
  });
});
