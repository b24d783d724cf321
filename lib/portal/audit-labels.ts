// The audit trail in words: a label per action and a one-line summary of its details.
import { statusLabel } from "./status-labels";

const LABELS: Record<string, string> = {
  "prior_auth.created": "Case created",
  "document.fetched": "Document fetched",
  "document.attached": "Document attached",
  "document.uploaded": "Document uploaded",
  "prior_auth.succeeded": "Intake read, ready for review",
  "prior_auth.failed": "Processing failed",
  "prior_auth.cancelled": "Case cancelled",
  "prior_auth.updated": "Case updated",
  "prior_auth.reopened": "Case reopened",
  "documents.added": "Documents added",
  "evaluation.skipped": "Not evaluated",
  "supporting_information.added": "Supporting information added",
  "policy_check.completed": "Policy check completed",
  "determination.created": "Determination made",
  "review.decided": "Reviewer decided",
  "review.amended": "Decision amended",
};

export function auditLabel(action: string): string {
  if (LABELS[action]) return LABELS[action];
  const words = action.replace(/[._]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type AuditTone = "neutral" | "good" | "bad" | "info";

export function auditTone(action: string, details: Record<string, unknown>): AuditTone {
  if (action === "prior_auth.failed" || action === "prior_auth.cancelled") return "bad";
  if (action === "review.decided" || action === "review.amended" || action === "determination.created") {
    const outcome = String(details.decision ?? details.status ?? "");
    return outcome === "approved" ? "good" : outcome === "denied" ? "bad" : "info";
  }
  if (action === "prior_auth.succeeded") return "good";
  return "neutral";
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** One readable line about an event's details; null when there is nothing worth saying. */
export function auditSummary(action: string, raw: unknown): string | null {
  const d = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  switch (action) {
    case "prior_auth.created": {
      const docs = num(d.documents);
      return [str(d.case_id) && `Case ${d.case_id}`, docs !== null && plural(docs, "document"), d.epa_payload ? "ePA payload" : null].filter(Boolean).join(" · ") || null;
    }
    case "document.fetched":
    case "document.attached":
    case "document.uploaded": {
      const pages = num(d.pages);
      const source = str(d.file_name) ?? str(d.url);
      const shown = source?.startsWith("pa-document:") ? "uploaded file" : source;
      return [shown, pages !== null && plural(pages, "page")].filter(Boolean).join(" · ") || null;
    }
    case "prior_auth.failed":
      return str(d.reason) ?? str(d.failure_reason) ?? str(d.message);
    case "prior_auth.cancelled":
      return [str(d.previous_status) && `Was ${statusLabel(String(d.previous_status))}`, str(d.reason)].filter(Boolean).join(" · ") || null;
    case "prior_auth.reopened":
      return str(d.reason);
    case "documents.added": {
      const docs = num(d.documents);
      return [docs !== null && plural(docs, "document"), str(d.previous_status) && `was ${statusLabel(String(d.previous_status))}`, str(d.note)].filter(Boolean).join(" · ") || null;
    }
    case "evaluation.skipped":
      return str(d.reason);
    case "prior_auth.updated": {
      const parts: string[] = [];
      if ("assignee" in d) parts.push(d.assignee ? `Assigned to ${d.assignee}` : "Unassigned");
      if ("expedited" in d) parts.push(d.expedited ? "Marked expedited" : "Marked standard");
      return parts.join(" · ") || null;
    }
    case "supporting_information.added": {
      const claims = num(d.claim_records);
      return [claims !== null && plural(claims, "claim record"), str(d.test_claim) && `test claim ${d.test_claim}`].filter(Boolean).join(" · ") || null;
    }
    case "policy_check.completed": {
      const steps = num(d.steps);
      const overall = str(d.overall);
      return [str(d.policy), overall && ({ met: "criteria met", not_met: "criteria not met", missing: "information missing" }[overall] ?? overall), steps !== null && plural(steps, "step")].filter(Boolean).join(" · ") || null;
    }
    case "determination.created":
      return str(d.status) ? `Outcome: ${statusLabel(String(d.status))}${str(d.policy) ? ` · ${d.policy}` : ""}` : null;
    case "review.decided":
      return [str(d.decision) && statusLabel(String(d.decision)), str(d.note) && `“${d.note}”`].filter(Boolean).join(" · ") || null;
    case "review.amended": {
      const before = (d.before && typeof d.before === "object" ? d.before : {}) as Record<string, unknown>;
      const change = str(before.decision) && str(d.decision) ? `${statusLabel(String(before.decision))} → ${statusLabel(String(d.decision))}` : null;
      return [change, str(d.reason) && `“${d.reason}”`].filter(Boolean).join(" · ") || null;
    }
    default:
      return null;
  }
}
