"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/lib/portal/api-client";
import { useReview } from "@/lib/portal/case-queries";
import { newIdempotencyKey } from "@/lib/portal/idempotency-key";
import type { ZWorkspace } from "@/lib/schemas/workspace";
import { statusLabel } from "@/lib/portal/status-labels";
import { DECIDABLE_STATUSES, type Determination, type PriorAuth, type Review, type ReviewDecision } from "@/lib/portal/types";
import { Section } from "@/components/ui/section";
import { Button } from "@/components/ui/button";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { SpinnerIcon } from "@/components/ui/icons";
import { StatusBadge } from "@/components/cases/status-badge";
import { NextCaseLink } from "@/components/cases/next-case";
import { RunProblem } from "./policy-check-panel";
import { recommendationWords, type CaseState } from "@/lib/portal/case-state";
import { NoticePreview } from "./notice-preview";
import { describeModification, EMPTY_MODIFICATION, modificationsOf, PasItemModification } from "./pas-item-modification";
import { TextWithTableQuotes } from "./text-with-table-quotes";

/** The engine's latest determination: outcome, numbered reasoning with sources, recommendation, references. */
export function DeterminationPanel({ determinations, run, pages }: {
  determinations: { data?: { data: Determination[] }; isPending: boolean; error: Error | null; fetchStatus: string };
  run: { isPending: boolean; error: Error | null };
  /** The case's pages' text: where a quoted table row's headers are. */
  pages: readonly string[];
}) {
  const latest = determinations.data?.data[0];
  return (
    <Section id="determination" title="Determination">
      <div className="space-y-3">
        {run.isPending && <Notice title="Running the determination…" tone="waiting" icon={<SpinnerIcon />}>The policy check runs again with the claims and the case history.</Notice>}
        {run.error && <RunProblem error={run.error} what="determination" />}
        {determinations.fetchStatus === "idle" && determinations.isPending ? (
          <Notice title="No determination yet" tone="waiting">A determination can run once the intake is read.</Notice>
        ) : determinations.isPending ? <Loading label="Loading the determination…" /> : determinations.error ? <RunProblem error={determinations.error} what="determination" /> : !latest ? (
          !run.error && !run.isPending && <Notice title="No determination yet" tone="waiting">Use “Run determination” for the engine’s recommendation with its reasoning.</Notice>
        ) : (
          <DeterminationBody d={latest} count={determinations.data?.data.length ?? 1} pages={pages} />
        )}
      </div>
    </Section>
  );
}

function DeterminationBody({ d, count, pages }: { d: Determination; count: number; pages: readonly string[] }) {
  return (
    <div className="space-y-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StatusBadge status={d.status} />
        {d.recommended_status && d.recommended_status !== d.status && (
          <span className="text-slate-700">The engine recommends <span className="font-medium">{recommendationWords(d.recommended_status)}</span> ({d.recommended_status === "approved" ? "this workspace has a reviewer confirm every outcome" : "a clinician must confirm adverse outcomes"})</span>
        )}
        {d.approved_automatically && (
          <span className="rounded bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900" title={d.approved_automatically.rule}>Approved automatically</span>
        )}
        <span className="text-slate-600">generated {formatDateTime(d.generated_at)}{count > 1 ? ` · ${count} runs` : ""}</span>
      </div>
      {d.summary && <TextWithTableQuotes text={d.summary} pages={pages} label="Summary" className="block text-slate-900" />}
      {d.recommendation && <div className="rounded-md bg-slate-50 p-3 text-slate-900"><span className="font-medium">Recommendation: </span><TextWithTableQuotes text={d.recommendation} pages={pages} label="Recommendation" /></div>}
      {d.missing_information && d.missing_information.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">Missing information</p>
          <ul className="mt-1 list-disc pl-5">{d.missing_information.map((m) => <li key={m}>{m}</li>)}</ul>
        </div>
      )}
      {d.reasoning.length > 0 && (
        <div>
          <h3 className="font-medium text-slate-900">Reasoning</h3>
          <ol className="mt-1 space-y-1.5">
            {d.reasoning.map((r) => (
              <li key={r.step} className="flex gap-2">
                <span className="w-6 shrink-0 text-right font-semibold tabular-nums text-slate-600">{r.step}.</span>
                <div className="min-w-0">
                  <TextWithTableQuotes text={r.description} pages={pages} label={`Reasoning ${r.step}`} />
                  {r.source && <span className="ml-1.5 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{r.source}</span>}
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      {d.references.length > 0 && (
        <div>
          <h3 className="font-medium text-slate-900">References</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-800">{d.references.map((r) => <li key={r}>{r}</li>)}</ul>
        </div>
      )}
    </div>
  );
}

const DECISIONS: { value: ReviewDecision; label: string; hint: string }[] = [
  { value: "approved", label: "Approve", hint: "The request meets the policy." },
  { value: "denied", label: "Deny", hint: "The request does not meet the policy." },
  { value: "request_for_information", label: "Request information", hint: "Ask the prescriber for what is missing." },
];

/** The reviewer's decision with a required note, and the decisions recorded so far. */
export function DecisionPanel({ priorAuth, reviews, determination, state }: {
  priorAuth: PriorAuth;
  reviews: { data?: { data: Review[] }; isPending: boolean; error: Error | null };
  determination: Determination | undefined;
  /** The case's one state: the history shown here is the one the header and the stepper read. */
  state: CaseState;
}) {
  const ids = { note: useId(), noteError: useId(), decisionError: useId(), legend: useId(), amendment: useId(), amendmentError: useId() };
  const review = useReview(priorAuth.id);
  // One key per opening of the form: a double click or a retry is the same request, answered once (a new key after a
  // recorded decision). The ref stops a second submit before the pending state has rendered.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const submitting = useRef(false);
  const [amendmentReason, setAmendmentReason] = useState("");
  const [decision, setDecision] = useState<ReviewDecision | "">("");
  const [note, setNote] = useState("");
  const [reasonCode, setReasonCode] = useState("");
  const [modification, setModification] = useState(EMPTY_MODIFICATION);
  const modifying = decision === "approved" && priorAuth.channel === "pas";
  const reasonCodes = useQuery({ queryKey: ["workspace"], queryFn: () => apiFetch<z.infer<typeof ZWorkspace>>("/workspace") }).data?.denial_reason_codes ?? [];
  const [errors, setErrors] = useState<{ decision?: string; note?: string; amendment?: string; modification?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // Focus goes to the outcome (announced) once it is on the page, and again if the case's refresh re-renders it.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const decidable = (DECIDABLE_STATUSES as readonly string[]).includes(priorAuth.status);
  // The decision that stands (the latest, while the case is where it put it): another decision is an amendment.
  const latestReview = reviews.data?.data[0];
  const standing = latestReview && latestReview.decision === priorAuth.status ? latestReview : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    const next = {
      decision: decision ? undefined : "Choose a decision.",
      note: note.trim() ? undefined : "Write a note that says why.",
      amendment: !standing || amendmentReason.trim() ? undefined : "Say why the decision changes.",
      modification: modifying ? modificationsOf(modification).problem : undefined,
    };
    setErrors(next);
    setDone(null);
    if (next.decision || next.note || next.amendment || next.modification) {
      document.getElementById(next.decision ? `${ids.legend}-first` : next.note ? ids.note : ids.amendment)?.focus();
      return;
    }
    submitting.current = true;
    review.mutate({
      decision: decision as ReviewDecision, note: note.trim(), idempotencyKey,
      // The determination the reviewer read: a newer one arriving meanwhile is not decided unseen.
      ...(determination ? { determination_id: determination.id } : {}),
      ...(decision === "denied" && reasonCode ? { reason_code: reasonCode } : {}),
      ...(standing ? { amendment: { reason: amendmentReason.trim() } } : {}),
      ...(modifying ? modificationsOf(modification) : {}),
    }, {
      onSuccess: (r) => {
        setDone(`${r.amends_review_id ? "Decision amended" : "Decision recorded"}: ${statusLabel(r.decision)}. ${r.amends_review_id ? "A corrected notice was issued." : "A notice was issued."}`);
        setDecision("");
        setNote("");
        setReasonCode("");
        setModification(EMPTY_MODIFICATION);
        setAmendmentReason("");
        setIdempotencyKey(newIdempotencyKey());
      },
      onSettled: () => {
        submitting.current = false;
      },
    });
  }

  return (
    <Section id="decision" title="Decision">
      <div className="space-y-4">
        {!decidable ? (
          <Notice title={priorAuth.status === "Processing" ? "The case is still processing" : `A ${statusLabel(priorAuth.status).toLowerCase()} case cannot be decided`} tone="waiting" />
        ) : (
          <form onSubmit={submit} noValidate aria-label="Record a decision" className="space-y-3">
            {standing ? (
              <p className="text-sm text-slate-700">This case is decided: {statusLabel(standing.decision).toLowerCase()} by {standing.reviewer}. A different decision is an amendment: give its reason; a corrected notice is issued and both stay in the history.</p>
            ) : state.decided && (
              <p className="text-sm text-slate-700">{state.standing} A new decision replaces it and is kept in the history.</p>
            )}
            <fieldset aria-describedby={errors.decision ? ids.decisionError : undefined}>
              <legend id={ids.legend} className="text-sm font-medium text-slate-800">Decision{state.recommendation ? <span className="font-normal text-slate-600"> ({state.recommendation.text.replace(/^The engine/, "the engine")})</span> : null}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {DECISIONS.map((d, i) => (
                  <label key={d.value} className={`flex cursor-pointer gap-2 rounded-md border p-2.5 text-sm ${decision === d.value ? "border-blue-700 bg-blue-50" : "border-slate-300 hover:bg-slate-50"}`}>
                    <input id={i === 0 ? `${ids.legend}-first` : undefined} type="radio" name="decision" value={d.value} checked={decision === d.value} onChange={() => setDecision(d.value)} className="mt-0.5 accent-blue-700" />
                    <span><span className="block font-medium text-slate-900">{d.label}</span><span className="block text-xs text-slate-600">{d.hint}</span></span>
                  </label>
                ))}
              </div>
              {errors.decision && <p id={ids.decisionError} className="mt-1 text-sm text-red-700">{errors.decision}</p>}
            </fieldset>
            {decision === "denied" && reasonCodes.length > 0 && (
              <div>
                <label htmlFor={`${ids.note}-reason`} className="block text-sm font-medium text-slate-800">Denial reason <span className="font-normal text-slate-600">(printed on the notice beside the criteria not met)</span></label>
                <select id={`${ids.note}-reason`} value={reasonCode} onChange={(e) => setReasonCode(e.target.value)}
                  className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600">
                  <option value="">The criteria not met (no code)</option>
                  {reasonCodes.map((r) => <option key={r.code} value={r.code}>{r.text}</option>)}
                </select>
              </div>
            )}
            {modifying && <PasItemModification value={modification} onChange={setModification} error={errors.modification} />}
            <div>
              <label htmlFor={ids.note} className="block text-sm font-medium text-slate-800">Note <span className="font-normal text-slate-600">(required; kept in the audit trail)</span></label>
              <textarea id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} rows={3} required aria-invalid={Boolean(errors.note)} aria-describedby={errors.note ? ids.noteError : undefined}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600" />
              {errors.note && <p id={ids.noteError} className="mt-1 text-sm text-red-700">{errors.note}</p>}
            </div>
            {standing && (
              <div>
                <label htmlFor={ids.amendment} className="block text-sm font-medium text-slate-800">Reason for the amendment <span className="font-normal text-slate-600">(required; printed on the corrected notice)</span></label>
                <textarea id={ids.amendment} value={amendmentReason} onChange={(e) => setAmendmentReason(e.target.value)} rows={2} required aria-invalid={Boolean(errors.amendment)} aria-describedby={errors.amendment ? ids.amendmentError : undefined}
                  className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600" />
                {errors.amendment && <p id={ids.amendmentError} className="mt-1 text-sm text-red-700">{errors.amendment}</p>}
              </div>
            )}
            <NoticePreview priorAuthId={priorAuth.id} decision={decision} note={note} reasonCode={reasonCode} amendmentReason={standing ? amendmentReason : ""} />
            <div className="flex items-center gap-3">
              <Button type="submit" disabled={review.isPending}>{review.isPending ? "Recording…" : "Record decision"}</Button>
              {done && <p ref={doneRef} tabIndex={-1} role="status" className="text-sm text-emerald-800 focus:outline-none">{done}</p>}
              {done && <NextCaseLink currentId={priorAuth.id} />}
            </div>
            {review.error && <ErrorState message={review.error.message} />}
          </form>
        )}

        <div>
          <h3 className="text-sm font-medium text-slate-900">Decision history</h3>
          {reviews.isPending ? <Loading label="Loading decisions…" /> : reviews.error ? <ErrorState message={reviews.error.message} /> : !state.history.length ? (
            <p className="mt-1 text-sm text-slate-600">No decision recorded yet.</p>
          ) : (
            <ol aria-label="Decision history" className="mt-2 space-y-2">
              {state.history.map((r) => (
                <li key={r.key} className="rounded-md border border-slate-200 p-2.5 text-sm">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <StatusBadge status={r.decision} />
                    <span className="text-slate-800">{r.by}</span>
                    <span className="text-slate-600">{formatDateTime(r.at)}</span>
                    {r.recommendation && <span className="text-xs text-slate-600">{r.recommendation}</span>}
                  </div>
                  {r.note && <p className="mt-1 whitespace-pre-wrap text-slate-900">{r.note}</p>}
                  {r.rule && <p className="mt-1 text-xs text-slate-700">Rule: {r.rule}</p>}
                  {r.amendmentReason && <p className="mt-1 text-xs text-slate-700">Amends the earlier decision: {r.amendmentReason}</p>}
                  {reviews.data?.data.find((recorded) => recorded.id === r.key)?.modifications?.map((m) => <p key={m.item_sequence} className="mt-1 text-slate-800">{describeModification(m)}</p>)}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </Section>
  );
}
