// A request for information as the reviewer follows it: what was asked for, item by item, which document answered
// each item (the re-evaluated policy check's evidence in a document added after the request), and the decision
// clock's state under the workspace's rule. Pure: the request's notice, the case's documents and latest check in.
import type { CaseDocument, PolicyCheck, PriorAuth } from "./types";

export interface RfiNotice {
  outcome: string;
  created_at: string;
  content: { requested_information: string[]; reasons: { step: number | null; text: string; finding: string | null }[]; decided_by: string; reviewer_note: string | null };
}

export type RfiItemState = "waiting" | "not_checked" | "answered" | "still_missing" | "check_by_hand";
export interface RfiItem {
  text: string;
  step: number | null;
  state: RfiItemState;
  /** The documents (with pages) whose evidence now answers the item. */
  answeredBy: { documentName: string; page: number | null }[];
}
export interface RfiAnswerDocument { name: string; addedAt: string; matchedSteps: number[] }
export interface RfiView {
  askedAt: string;
  askedBy: string;
  note: string | null;
  items: RfiItem[];
  answers: RfiAnswerDocument[];
  clock: { paused: boolean; text: string; rule: string };
}

const docName = (d: Pick<CaseDocument, "file_name" | "position">) => d.file_name ?? `Document ${d.position + 1}`;
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface RfiViewInput {
  /** Notices newest first (GET /notices). */
  notices: readonly RfiNotice[];
  documents: readonly Pick<CaseDocument, "id" | "file_name" | "position" | "created_at">[];
  check: Pick<PolicyCheck, "created_at" | "policy_check"> | null | undefined;
  priorAuth: Pick<PriorAuth, "status" | "waiting_since" | "sla_paused">;
  /** The workspace's rule; null while it loads. */
  pauseClockWhileWaiting: boolean | null;
  formatTime?: (iso: string) => string;
}

/** The latest request for information of the case, or null when none was made. */
export function rfiView(input: RfiViewInput): RfiView | null {
  const at = input.formatTime ?? ((iso: string) => iso);
  const notice = input.notices.find((n) => n.outcome === "request_for_information");
  if (!notice) return null;
  const askedAt = notice.created_at;
  const waiting = input.priorAuth.status === "request_for_information";
  const answerDocs = input.documents.filter((d) => d.created_at > askedAt);
  // Only a check made after the answers arrived says what they answer.
  const check = input.check && input.check.created_at > askedAt && answerDocs.length ? input.check : null;
  const { reasons, requested_information: requested } = notice.content;

  const asked = requested.length ? requested.map((text) => ({ text, step: reasons.find((r) => (r.finding && same(r.finding, text)) || same(r.text, text))?.step ?? null }))
    : reasons.map((r) => ({ text: r.finding ?? r.text, step: r.step }));
  const items: RfiItem[] = asked.map(({ text, step }) => {
    if (!answerDocs.length) return { text, step, state: "waiting", answeredBy: [] };
    // Documents came, but no policy check has read them yet.
    if (!check) return { text, step, state: "not_checked", answeredBy: [] };
    const answer = step !== null ? check?.policy_check.find((s) => s.step === step) : undefined;
    if (!answer) return { text, step, state: "check_by_hand", answeredBy: [] };
    const answeredBy = answer.evidence.flatMap((e) => {
      const d = e.document_id ? input.documents.find((x) => x.id === e.document_id) : undefined;
      return d ? [{ documentName: docName(d), page: e.page ?? null }] : [];
    });
    return { text, step, state: answer.outcome === "met" ? "answered" : "still_missing", answeredBy };
  });

  const answers = answerDocs.map((d) => ({
    name: docName(d), addedAt: d.created_at,
    matchedSteps: check ? check.policy_check.filter((s) => items.some((i) => i.step === s.step) && s.evidence.some((e) => e.document_id === d.id)).map((s) => s.step) : [],
  }));

  const rule = input.pauseClockWhileWaiting === null ? "" : input.pauseClockWhileWaiting
    ? "Workspace rule: the decision clock pauses while a case waits for information; the time waited is added to the due date."
    : "Workspace rule: the decision clock keeps running while a case waits for information.";
  const paused = waiting && input.priorAuth.sla_paused;
  const since = input.priorAuth.waiting_since ? ` since ${at(input.priorAuth.waiting_since)}` : "";
  const text = waiting
    ? (paused ? `The decision clock is paused: the case waits for the information${since}.` : `The decision clock is running while the case waits for the information${since}.`)
    : "The decision clock is running: the case is no longer waiting for information.";
  return {
    askedAt, askedBy: notice.content.decided_by === "engine" ? "the engine" : notice.content.decided_by, note: notice.content.reviewer_note,
    items, answers, clock: { paused, text, rule },
  };
}
