import { describe, expect, it } from "vitest";
import type { Bundle, Claim, ClaimResponse } from "@medplum/fhirtypes";
import { readFhirPackage } from "@/lib/fhir/packages/read-fhir-package";
import { PAS_PACKAGE } from "@/lib/fhir/pas/pas-profiles";
import { readPasRequest } from "@/lib/fhir/pas/read-pas-request";
import { planPasUpdate } from "@/lib/fhir/pas/plan-pas-update";
import { readPasAttachments } from "@/lib/fhir/pas/read-pas-attachments";
import { buildPasResponse } from "@/lib/fhir/pas/build-pas-response";
import { validatePas } from "@/lib/fhir/pas/validate-pas";
import { PAS_CANONICAL } from "@/lib/fhir/pas/pas-profiles";

const pkg = readFhirPackage(PAS_PACKAGE);
const example = (file: string) => structuredClone(pkg.get(`package/example/${file}`)) as Bundle;
const read = (bundle: Bundle) => {
  const reading = readPasRequest(bundle);
  if (!reading.ok) throw new Error(reading.message);
  return reading.request;
};
const claimOf = (bundle: Bundle) => bundle.entry!.find((entry) => entry.resource!.resourceType === "Claim")!.resource as Claim;
const CANCEL = { url: `${PAS_CANONICAL}/extension-certificationType`, valueCodeableConcept: { coding: [{ system: "https://codesystem.x12.org/005010/1322", code: "3" }] } };

describe("the guide's Claim Update example", () => {
  const initial = example("Bundle-HomecareAuthorizationBundleExample.json");
  const update = read(example("Bundle-HomecareAuthorizationUpdateBundleExample.json"));

  it("is a valid PAS request read as an update of the initial claim, item by item", async () => {
    expect(await validatePas(update.bundle, `${PAS_CANONICAL}/profile-pas-request-bundle`)).toEqual([]);
    expect(update.claimKey).toBe("http://example.org/PATIENT_EVENT_TRACE_NUMBER|111099-UPDATE");
    expect(update.relatedClaimKeys).toEqual(["http://example.org/PATIENT_EVENT_TRACE_NUMBER|111099"]);
    expect(update.items.map((item) => [item.sequence, item.infoChanged ?? null, item.cancelled])).toEqual([[1, null, false], [2, "changed", true], [3, "added", false]]);
  });

  it("cancels item 2 and adds item 3 to the authorization's request", () => {
    const planning = planPasUpdate(initial, update);
    if (!planning.ok) throw new Error(JSON.stringify(planning.problems));
    expect(planning.plan).toMatchObject({ added: [3], modified: [], cancelled: [2], cancelsAll: false });
    const merged = claimOf(planning.plan.merged);
    expect(merged.identifier![0].value).toBe("111099");
    expect(merged.item!.map((item) => [item.sequence, item.productOrService.coding![0].code])).toEqual([[1, "G0154"], [3, "B4185"]]);
    expect(planning.plan.merged.entry!.filter((entry) => entry.resource!.resourceType === "Claim")).toHaveLength(1);
  });

  it("cancelling every item cancels the authorization; items it does not have are named", () => {
    const cancelAll = example("Bundle-HomecareAuthorizationUpdateBundleExample.json");
    const claim = claimOf(cancelAll);
    claim.item = claim.item!.slice(0, 2).map((item) => ({ ...item, extension: [...item.extension!.filter((e) => !e.url.endsWith("certificationType")), CANCEL] }));
    const planning = planPasUpdate(initial, read(cancelAll));
    expect(planning.ok && planning.plan).toMatchObject({ cancelled: [1, 2], cancelsAll: true });

    const unknown = example("Bundle-HomecareAuthorizationUpdateBundleExample.json");
    claimOf(unknown).item![1].sequence = 7;
    const refused = planPasUpdate(initial, read(unknown));
    expect(refused.ok ? [] : refused.problems).toEqual([{ expression: "Claim.item[1]", message: "item 7 is cancelled but is not on the authorization" }]);
  });

  it("answers a cancelled item C and the others by the case's action, and the answer conforms", async () => {
    const answer = buildPasResponse(update, { action: "A4", priorAuthId: "case-1", notes: ["Pended for review by a clinician."], issued: "2026-11-27T10:00:00.000Z", cancelledItems: [2] }, "https://payer.example");
    const actions = (answer.entry![0].resource as ClaimResponse).item!.map((item) => item.adjudication[0].extension![0].extension!.at(-1)!.valueCodeableConcept!.coding![0].code);
    expect(actions).toEqual(["A4", "C", "A4"]);
    expect(await validatePas(answer)).toEqual([]);
  });
});

describe("readPasAttachments", () => {
  it("reads the guide's DocumentReference (base64), a Binary it names, a supportingInfo URL, and a Binary alone", () => {
    const bundle = example("Bundle-ReferralAuthorizationBundleExample.json");
    const claim = claimOf(bundle);
    claim.supportingInfo!.push({ sequence: 2, category: { coding: [{ code: "additionalInformation" }] }, valueAttachment: { contentType: "application/pdf", url: "https://ehr.example/note.pdf" } } as never);
    bundle.entry!.push(
      { fullUrl: "http://example.org/fhir/DocumentReference/Pointer", resource: { resourceType: "DocumentReference", status: "current", content: [{ attachment: { contentType: "text/plain", url: "Binary/Named" } }] } },
      { fullUrl: "http://example.org/fhir/Binary/Named", resource: { resourceType: "Binary", contentType: "text/plain", data: "bmFtZWQ=" } },
      { fullUrl: "http://example.org/fhir/Binary/Alone", resource: { resourceType: "Binary", contentType: "text/plain", data: "YWxvbmU=" } },
    );
    const found = readPasAttachments(bundle, claim);
    expect(found.map((attachment) => [attachment.expression, attachment.data ?? attachment.url])).toEqual([
      [`Bundle.entry[9].resource.content[0].attachment`, "VGhpcyBpcyBzYW1wbGUgYmFzZTY0IGVuY29kaW5nLg=="],
      [`Bundle.entry[10].resource.content[0].attachment`, "bmFtZWQ="],
      ["Claim.supportingInfo[1].valueAttachment", "https://ehr.example/note.pdf"],
      [`Bundle.entry[12].resource`, "YWxvbmU="],
    ]);
  });
});
