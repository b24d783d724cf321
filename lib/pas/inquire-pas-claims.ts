// POST /fhir/Claim/$inquire: which of the workspace's PAS requests an inquiry asks about (same member ID and provider
// NPI, and overlapping service dates when it gives them), each answered as it stands now with a PAS Inquiry Response
// Bundle: the stored latest version of its answer (record-pas-answer.ts). Only the caller's workspace is searched:
// another workspace's requests are never found.
import type { Bundle, ClaimResponse, Parameters } from "@medplum/fhirtypes";
import { prisma } from "@/lib/db/prisma";
import { PAS_CANONICAL } from "@/lib/fhir/pas/pas-profiles";
import { validatePas } from "@/lib/fhir/pas/validate-pas";
import { readPasRequest } from "@/lib/fhir/pas/read-pas-request";
import { inquiryKeys, matchesInquiry } from "@/lib/fhir/pas/read-pas-inquiry";
import { buildPasResponse } from "@/lib/fhir/pas/build-pas-response";
import { pasAnswerFor } from "@/lib/pas/pas-answer";
import { readStoredRecord } from "@/lib/stored-record";
import { ZStoredBundle } from "@/lib/pas/record-pas-answer";
import { refuse, type PasRefusal } from "@/lib/pas/pas-refusal";

/** The most recent requests an inquiry is matched against (the inquiry is about a request in progress or recent). */
const SEARCHED_SUBMISSIONS = 1000;

/** The Parameters of the inquiry's answers, or why the inquiry is refused. */
export type InquireOutcome = { ok: true; answers: Parameters } | ({ ok: false } & PasRefusal);

export async function inquirePasClaims(opts: { workspaceId: string; body: unknown; serverBase: string }): Promise<InquireOutcome> {
  const inquiry = inquiryBundleOf(opts.body);
  if (!inquiry) return invalid([{ expression: "Parameters", message: "the body must be a PAS Inquiry Request Bundle, or a Parameters whose `resource` parameter holds one" }]);
  const problems = await validatePas(inquiry, `${PAS_CANONICAL}/profile-pas-inquiry-request-bundle`);
  if (problems.length) return invalid(problems);
  const asked = inquiryKeys(inquiry);
  if (!asked.memberIds.size || !asked.npis.size) {
    return invalid([{ expression: "Bundle.entry", message: "the inquiry needs the member's ID (Patient.identifier or Coverage.subscriberId) and the provider's NPI" }]);
  }

  // One answer per authorization, newest first: its first submission holds the request it is matched on and the
  // stored, versioned answer (every Claim Update and decision applied); its updates are not answered again.
  const recent = await prisma.pasSubmission.findMany({
    where: { workspaceId: opts.workspaceId, priorAuthId: { not: null } },
    orderBy: { createdAt: "desc" },
    take: SEARCHED_SUBMISSIONS,
    select: { priorAuthId: true },
  });
  const priorAuthIds = [...new Set(recent.map((submission) => submission.priorAuthId!))];
  const firsts = await prisma.pasSubmission.findMany({
    where: { workspaceId: opts.workspaceId, priorAuthId: { in: priorAuthIds } },
    orderBy: { createdAt: "asc" },
    distinct: ["priorAuthId"],
    select: { priorAuthId: true, requestBundle: true, responseBundle: true, priorAuth: { select: { id: true, status: true, decidedAt: true, decidedBy: true, failureReason: true, uncheckedReason: true, statusReason: true } } },
  });
  const firstOf = new Map(firsts.map((submission) => [submission.priorAuthId, submission]));
  const answers: Bundle[] = [];
  const now = new Date();
  for (const priorAuthId of priorAuthIds) {
    const submission = firstOf.get(priorAuthId);
    if (!submission?.priorAuth) continue;
    const reading = readPasRequest(readStoredRecord(ZStoredBundle, submission.requestBundle, { record: "a stored PAS request", remedy: "submit the request again" }));
    if (!reading.ok || !matchesInquiry(asked, inquiryKeys(reading.request.bundle))) continue;
    const latest = submission.responseBundle ? readStoredRecord(ZStoredBundle, submission.responseBundle, { record: "a stored PAS answer", remedy: "submit the request again" }) : null;
    answers.push(asInquiryResponse(latest ?? buildPasResponse(reading.request, pasAnswerFor(submission.priorAuth, now), opts.serverBase), inquiry));
  }
  return { ok: true, answers: { resourceType: "Parameters", ...(answers.length ? { parameter: answers.map((resource) => ({ name: "return", resource })) } : {}) } };
}

/** The guide's Claim/$inquire takes the Bundle itself or a Parameters with it as `resource`. */
function inquiryBundleOf(body: unknown): Bundle | null {
  const resource = body as { resourceType?: unknown; parameter?: { name?: string; resource?: { resourceType?: string } }[] } | null;
  if (resource?.resourceType === "Bundle") return resource as Bundle;
  if (resource?.resourceType !== "Parameters") return null;
  const bundle = resource.parameter?.find((parameter) => parameter.name === "resource")?.resource;
  return bundle?.resourceType === "Bundle" ? (bundle as Bundle) : null;
}

/** A PAS response Bundle as the inquiry's answer: the inquiry profiles, and the inquiry's own Bundle identifier. */
function asInquiryResponse(response: Bundle, inquiry: Bundle): Bundle {
  const [first, ...rest] = response.entry!;
  const claimResponse = first.resource as ClaimResponse;
  // The stored answer's version stays on it (meta.versionId): the inquirer sees which version it read.
  const inquiryResponse: ClaimResponse = { ...claimResponse, meta: { ...claimResponse.meta, profile: [`${PAS_CANONICAL}/profile-claiminquiryresponse`] } };
  return {
    ...response,
    meta: { ...response.meta, profile: [`${PAS_CANONICAL}/profile-pas-inquiry-response-bundle`] },
    entry: [{ ...first, resource: inquiryResponse }, ...rest],
    ...(inquiry.identifier ? { identifier: inquiry.identifier } : {}),
  };
}

function invalid(problems: { expression: string; message: string }[]): InquireOutcome {
  return { ok: false, ...refuse("invalid", problems) };
}
