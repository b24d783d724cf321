// The PAS Response Bundle for a request: a ClaimResponse first, then the request's patient, insurer and requestor
// entries it refers to (copied with their fullUrl, so every reference of the answer resolves inside it). Each item of
// the request is answered by its sequence with the X12 306 review action. Pure.
import type { Bundle, BundleEntry, ClaimResponse, ClaimResponseItem, Extension, Period, Reference, Resource } from "@medplum/fhirtypes";
import { PAS_CANONICAL } from "@/lib/fhir/pas/pas-profiles";
import { type PasRequest, resolveEntry } from "@/lib/fhir/pas/read-pas-request";
import type { ItemModification } from "@/lib/fhir/pas/item-modifications";

/** X12 306 codes the service answers with: certified, not certified (a clinician's denial only), pended, modified, cancelled. */
export type ReviewAction = "A1" | "A3" | "A4" | "A6" | "C";

const REVIEW_ACTION_DISPLAY: Record<ReviewAction, string> = { A1: "Certified in total", A3: "Not Certified", A4: "Pended", A6: "Modified", C: "Cancelled" };
const X12_306 = "https://codesystem.x12.org/005010/306";

export interface PasAnswer {
  action: ReviewAction;
  /** The service's id of the case: the ClaimResponse's identifier. */
  priorAuthId: string;
  /** For A1 and A6: the authorization number. */
  authorizationNumber?: string;
  /** For A1 and A6: the period the certification covers (default: each item's requested dates). */
  certifiedPeriod?: Period;
  /** Reasons and what is missing, one note each. */
  notes: string[];
  /** When the answer was made (ISO date-time). */
  issued: string;
  /**
   * Items withdrawn (a PAS Claim Update): answered cancelled (C) whatever the case's action. A withdrawn item that is
   * no longer on the request is still answered, by its sequence alone: every item ever asked for keeps its answer.
   */
  cancelledItems?: number[];
  /**
   * Items answered as an earlier version did, kept word for word (a certification that stands while other items of the
   * authorization are reviewed again). They take precedence over the case's action.
   */
  keptItems?: ClaimResponseItem[];
  /**
   * An approval's modified items: answered A6 (modified) with what is certified instead of what was asked, the
   * quantity in extension-itemAuthorizedDetail and the period in extension-itemPreAuthPeriod.
   */
  modifiedItems?: ItemModification[];
}

export function buildPasResponse(request: PasRequest, answer: PasAnswer, serverBase: string): Bundle {
  const { bundle, claim } = request;
  const copied = new Map<string, BundleEntry>();
  const refer = <T extends Resource>(reference: Reference<T> | undefined): Reference<T> | undefined => {
    const entry = resolveEntry(bundle, reference?.reference);
    if (!entry?.fullUrl) return undefined;
    copied.set(entry.fullUrl, { fullUrl: entry.fullUrl, resource: entry.resource });
    return { reference: entry.fullUrl };
  };
  const patient = refer(claim.patient);
  const insurer = refer(claim.insurer);
  const requestor = refer(claim.provider);
  const issuedDay = answer.issued.slice(0, 10);
  const kept = new Map((answer.keptItems ?? []).map((item) => [item.itemSequence, item]));
  const asked = new Set(request.items.map((item) => item.sequence));
  const withdrawn = (answer.cancelledItems ?? []).filter((sequence) => !asked.has(sequence) && !kept.has(sequence));
  const items = [
    ...request.items.map((item): ClaimResponseItem => kept.get(item.sequence) ?? answerItem(item, answer, issuedDay)),
    ...withdrawn.map((sequence) => answerItem({ sequence }, answer, issuedDay)),
  ].sort((a, b) => a.itemSequence - b.itemSequence);
  const certified = items.some((item) => isCertified(actionOf(item)));

  const claimResponse: ClaimResponse = {
    resourceType: "ClaimResponse",
    id: answer.priorAuthId,
    meta: { profile: [`${PAS_CANONICAL}/profile-claimresponse`] },
    identifier: [{ system: `${serverBase}/prior-auth`, value: answer.priorAuthId }],
    status: "active",
    type: claim.type,
    use: "preauthorization",
    patient: patient ?? { identifier: claim.patient.identifier, display: claim.patient.display ?? "the patient of the request" },
    created: answer.issued,
    insurer: insurer ?? { display: claim.insurer?.display ?? "the payer" },
    ...(requestor ? { requestor } : {}),
    request: { identifier: request.claimIdentifier },
    outcome: "complete",
    // Items certified by an earlier version keep the authorization they were certified under (the case).
    ...(certified ? { preAuthRef: answer.authorizationNumber ?? answer.priorAuthId } : {}),
    item: items,
    ...(answer.notes.length ? { processNote: answer.notes.map((text, index) => ({ number: index + 1, type: "display" as const, text })) } : {}),
  };

  return {
    resourceType: "Bundle",
    meta: { profile: [`${PAS_CANONICAL}/profile-pas-response-bundle`] },
    ...(bundle.identifier ? { identifier: bundle.identifier } : {}),
    type: "collection",
    timestamp: answer.issued,
    entry: [{ fullUrl: `${serverBase}/fhir/ClaimResponse/${answer.priorAuthId}`, resource: claimResponse }, ...copied.values()],
  };
}

const isCertified = (action: string | undefined) => action === "A1" || action === "A6";

/** The X12 306 code an answer's item carries. */
export function actionOf(item: ClaimResponseItem): string | undefined {
  const code = item.adjudication?.[0]?.extension?.find((extension) => extension.url === `${PAS_CANONICAL}/extension-reviewAction`)
    ?.extension?.find((extension) => extension.url === `${PAS_CANONICAL}/extension-reviewActionCode`);
  return code?.valueCodeableConcept?.coding?.[0]?.code;
}

/** One item answered with the case's action (or C when the update withdrew it). */
function answerItem(item: Pick<PasRequest["items"][number], "sequence" | "requested">, answer: PasAnswer, issuedDay: string): ClaimResponseItem {
  const cancelled = answer.cancelledItems?.includes(item.sequence);
  const modified = !cancelled && answer.action === "A1" ? answer.modifiedItems?.find((m) => m.item_sequence === item.sequence) : undefined;
  const action: ReviewAction = cancelled ? "C" : modified ? "A6" : answer.action;
  const itemCertified = isCertified(action);
  // An item asked for without dates is certified from the day of the decision (no end is invented).
  const period = modified?.period ?? answer.certifiedPeriod ?? item.requested ?? { start: issuedDay };
  const extension: Extension[] = itemCertified
    ? [
        ...(modified?.quantity !== undefined
          ? [{ url: `${PAS_CANONICAL}/extension-itemAuthorizedDetail`, extension: [{ url: "quantity", valueQuantity: { value: modified.quantity } }] }]
          : []),
        { url: `${PAS_CANONICAL}/extension-itemPreAuthIssueDate`, valueDate: issuedDay },
        { url: `${PAS_CANONICAL}/extension-itemPreAuthPeriod`, valuePeriod: period },
      ]
    : [];
  return {
    ...(extension.length ? { extension } : {}),
    itemSequence: item.sequence,
    adjudication: [
      {
        extension: [reviewAction(action, itemCertified ? answer.authorizationNumber : undefined)],
        category: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/adjudication", code: "submitted" }] },
      },
    ],
  };
}

function reviewAction(action: ReviewAction, number: string | undefined): Extension {
  return {
    url: `${PAS_CANONICAL}/extension-reviewAction`,
    extension: [
      ...(number ? [{ url: "number", valueString: number }] : []),
      { url: `${PAS_CANONICAL}/extension-reviewActionCode`, valueCodeableConcept: { coding: [{ system: X12_306, code: action, display: REVIEW_ACTION_DISPLAY[action] }] } },
    ],
  };
}
