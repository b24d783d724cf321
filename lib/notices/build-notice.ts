// A notice's content, from the case as it stands when the decision is made: who and what, the decision, and its
// specific reasons (the policy criteria not met with their quoted text and the evidence, or what is missing), the
// reviewer, the dates and how to appeal. Pure: the same inputs give the same notice.
import type { DenialReasonCode } from "./denial-reason-codes";
import { policyWords } from "./policy-words";

export type NoticeOutcome = "approved" | "denied" | "request_for_information";

/** What a notice needs of a policy check step (the stored API shape). */
export interface NoticeStep {
  step: number;
  question_or_action: string;
  answer: string;
  reason: string;
  outcome: string;
  policy_guideline_quoted_source?: string;
  missing_information?: string;
  unmet_alternative?: boolean;
  not_needed?: boolean;
  evidence?: { quote?: string; page?: number | null; claim_id?: string }[];
}

export interface NoticeInput {
  outcome: NoticeOutcome;
  caseId: string;
  receivedAt: string;
  issuedAt: string;
  patient: { name: string | null; birthDate: string | null; memberId: string | null };
  drug: { name: string | null; strength: string | null; quantity: number | null; quantityUnit: string | null; daysSupply: number | null };
  /** The requested procedure or service (CPT/HCPCS), for a request without a drug; null when the request is for a drug. */
  service: NoticeService | null;
  policy: { title: string; section: string | null } | null;
  steps: readonly NoticeStep[];
  /** The determination's list of what to send, for a request for information. */
  missingInformation: readonly string[];
  decidedBy: string;
  reviewerNote: string | null;
  reasonCode: DenialReasonCode | null;
  appealInstructions: string;
  /** An amended decision: the notice it corrects (null when that decision issued none) and the reason. */
  correction?: { noticeId: string | null; title: string | null; issuedAt: string | null; reason: string } | null;
}

export interface NoticeService {
  code: string;
  system: "CPT" | "HCPCS";
  display: string | null;
}

/** "CPT 70553 (MRI brain without and with contrast)": a service as a notice names it. */
export const serviceWords = (s: NoticeService): string => `${s.system} ${s.code}${s.display ? ` (${s.display})` : ""}`;

/** The mark of a corrected notice: which notice it replaces, and why, in words printed on the letter too. */
export interface NoticeCorrection {
  corrects_notice_id: string | null;
  corrects_title: string | null;
  corrects_issued_at: string | null;
  reason: string;
  statement: string;
}

export interface NoticeReason {
  /** The criterion's number in the policy check, when the reason is one. */
  step: number | null;
  text: string;
  /** The policy's own words for the criterion. */
  policyText: string | null;
  /** What the case's records show (or do not show). */
  finding: string | null;
}

export interface NoticeBody {
  title: string;
  outcome: NoticeOutcome;
  case_id: string;
  patient: NoticeInput["patient"];
  drug: NoticeInput["drug"];
  service: NoticeService | null;
  policy: NoticeInput["policy"];
  decision: string;
  reason_code: DenialReasonCode | null;
  reasons: NoticeReason[];
  requested_information: string[];
  decided_by: string;
  reviewer_note: string | null;
  received_at: string;
  issued_at: string;
  appeal: string | null;
  /** Set when this notice corrects an earlier one (an amended decision); null otherwise. */
  correction: NoticeCorrection | null;
}

const TITLES: Record<NoticeOutcome, string> = {
  approved: "Notice of approval",
  denied: "Notice of denial",
  request_for_information: "Request for additional information",
};

/** What is requested, in words: the drug with its strength and quantity, else the service by its code. */
function requestedWords(d: NoticeInput["drug"], service: NoticeService | null): string {
  if (!d.name && service) return serviceWords(service);
  const name = [d.name, d.strength && !d.name?.includes(d.strength) ? d.strength : null].filter(Boolean).join(" ") || "the requested drug";
  const quantity = d.quantity !== null ? `${d.quantity}${d.quantityUnit ? ` ${d.quantityUnit}` : ""}${d.daysSupply !== null ? ` for ${d.daysSupply} days` : ""}` : null;
  return quantity ? `${name}, ${quantity}` : name;
}

/** The criteria that decided a denial: those not met (never an alternative another branch could still meet). */
function denialReasons(steps: readonly NoticeStep[]): NoticeReason[] {
  return steps
    .filter((s) => s.outcome === "not_met" && !s.unmet_alternative && !s.not_needed)
    .map((s) => ({ step: s.step, text: s.question_or_action, policyText: s.policy_guideline_quoted_source ?? null, finding: s.reason || s.answer || null }));
}

/** What is missing, per criterion, for a request for information (the determination's own list wins). */
function missingReasons(steps: readonly NoticeStep[]): NoticeReason[] {
  return steps
    .filter((s) => s.outcome === "missing" && !s.not_needed)
    .map((s) => ({ step: s.step, text: s.question_or_action, policyText: s.policy_guideline_quoted_source ?? null, finding: s.missing_information ?? s.reason ?? null }));
}

const CORRECTED_TITLES: Record<NoticeOutcome, string> = {
  approved: "Corrected notice of approval",
  denied: "Corrected notice of denial",
  request_for_information: "Corrected request for additional information",
};

function correctionOf(c: NonNullable<NoticeInput["correction"]>): NoticeCorrection {
  const earlier = c.noticeId
    ? `the ${c.title ? c.title.toLowerCase() : "notice"}${c.issuedAt ? ` dated ${c.issuedAt.slice(0, 10)}` : ""} (notice ${c.noticeId})`
    : "the earlier decision on this request";
  return {
    corrects_notice_id: c.noticeId,
    corrects_title: c.title,
    corrects_issued_at: c.issuedAt,
    reason: c.reason,
    statement: `This notice corrects ${earlier} and replaces its decision. Reason for the correction: ${c.reason}`,
  };
}

export function buildNotice(input: NoticeInput): NoticeBody {
  const drug = requestedWords(input.drug, input.service);
  const policy = input.policy ? policyWords(input.policy) : "the plan's criteria";
  let decision: string;
  let reasons: NoticeReason[] = [];
  let requested: string[] = [];
  if (input.outcome === "approved") {
    decision = `The request for ${drug} is approved under ${policy}.`;
  } else if (input.outcome === "denied") {
    reasons = denialReasons(input.steps);
    decision = `The request for ${drug} is denied${input.reasonCode ? `: ${input.reasonCode.text}` : "."}`;
    // A denial always states a specific reason: the criteria not met, else the reviewer's own words.
    if (!reasons.length && input.reviewerNote) reasons = [{ step: null, text: input.reviewerNote, policyText: null, finding: null }];
  } else {
    reasons = missingReasons(input.steps);
    requested = input.missingInformation.length ? [...input.missingInformation] : reasons.map((r) => r.finding ?? r.text);
    if (!requested.length && input.reviewerNote) requested = [input.reviewerNote];
    decision = `More information is needed to decide the request for ${drug} under ${policy}. Please send what is listed below.`;
  }
  return {
    title: input.correction ? CORRECTED_TITLES[input.outcome] : TITLES[input.outcome],
    outcome: input.outcome,
    case_id: input.caseId,
    patient: input.patient,
    drug: input.drug,
    // A drug request names its drug; the service only when nothing else says what is requested.
    service: input.drug.name ? null : input.service,
    policy: input.policy,
    decision,
    reason_code: input.outcome === "denied" ? input.reasonCode : null,
    reasons,
    requested_information: requested,
    decided_by: input.decidedBy,
    reviewer_note: input.reviewerNote,
    received_at: input.receivedAt,
    issued_at: input.issuedAt,
    appeal: input.outcome === "denied" ? input.appealInstructions : null,
    correction: input.correction ? correctionOf(input.correction) : null,
  };
}
