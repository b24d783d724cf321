"use client";

import { useCallback, useState } from "react";
import { useCaseDocuments } from "@/lib/portal/case-queries";
import { hasTableQuote, tableQuote } from "@/lib/documents/table-quote";
import { EvidenceTable } from "./evidence-table";
import { TextWithTableQuotes, withoutTableQuotes } from "./text-with-table-quotes";
import { usePageTexts } from "./use-page-texts";
import { PortalApiError } from "@/lib/portal/api-client";
import type { PolicyCheck, PolicyCheckStep, PriorAuth } from "@/lib/portal/types";
import { Section } from "@/components/ui/section";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { AlertIcon, SpinnerIcon } from "@/components/ui/icons";
import { OUTCOME, OutcomeLabel, OVERALL, shownOutcome } from "./step-outcome";
import type { Selection } from "./selection";

/**
 * A failed run explained calmly, always in the API's own words: 422 (no active policy applies), 409 (not ready),
 * 404, a server error (with its request id, so support can find it), anything else as an error.
 */
export function RunProblem({ error, what }: { error: Error; what: "policy check" | "determination" }) {
  const status = error instanceof PortalApiError ? error.status : 0;
  if (status === 422) {
    return <Notice title="No active policy matches this drug" tone="warning" icon={<AlertIcon />}>{error.message}</Notice>;
  }
  if (status === 409) return <Notice title={`The ${what} cannot run yet`} tone="waiting">{error.message}</Notice>;
  if (status === 404) return <Notice title={`The ${what} is not available`} tone="waiting">{error.message}</Notice>;
  if (status >= 500) {
    return <Notice title={`The ${what} could not run`} tone="warning" icon={<AlertIcon />}>{error.message} Try again in a moment.</Notice>;
  }
  return <ErrorState message={error.message} />;
}

/** The reading rule that classified the step's criterion (absent for policies read before rules were recorded). */
const ruleOf = (step: PolicyCheckStep): string | undefined => (step as PolicyCheckStep & { rule?: string }).rule;

export function stepSelection(step: PolicyCheckStep, evidenceIndex = 0): Selection {
  const documentEvidence = step.evidence.filter((e) => e.document_id);
  const ev = documentEvidence[evidenceIndex] ?? documentEvidence[0];
  return {
    key: `step-${step.step}-${evidenceIndex}`,
    label: `Step ${step.step} evidence`,
    documentId: ev?.document_id ?? null,
    page: ev?.page ?? null,
    start: ev?.start,
    end: ev?.end,
    quote: ev?.quote ?? "",
    claimIds: step.evidence.flatMap((e) => (e.claim_id ? [e.claim_id] : [])),
  };
}

/** The latest policy check as a walk-through: a strip to look at, then every step with its quote and evidence. */
export function PolicyCheckPanel({ priorAuth, checks, run, selection, onSelect }: {
  priorAuth: PriorAuth;
  checks: { data?: { data: PolicyCheck[] }; isPending: boolean; error: Error | null; fetchStatus: string };
  run: { isPending: boolean; error: Error | null };
  selection: Selection | null;
  onSelect: (s: Selection | null) => void;
}) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = checks.data?.data ?? [];
  const check = list.find((c) => c.id === chosenId) ?? list[0];
  const openStep = selection?.key.startsWith("step-") ? Number(selection.key.split("-")[1]) : null;
  // The pages' text (the viewer's query, shared), to show a quote from a table as its row under its headers.
  const documents = useCaseDocuments(priorAuth.id, true).data?.data;
  const pageText = useCallback((documentId: string, page: number | null | undefined) =>
    documents?.find((d) => d.id === documentId)?.pages?.find((p) => p.page === (page ?? 1))?.text ?? "", [documents]);
  const pages = usePageTexts(priorAuth.id);

  return (
    <Section id="policy-check" title="Policy check"
      actions={list.length > 1 && check ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Check of
          <select value={check.id} onChange={(e) => setChosenId(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
            {list.map((c, i) => <option key={c.id} value={c.id}>{formatDateTime(c.created_at)}{i === 0 ? " (latest)" : ""}</option>)}
          </select>
        </label>
      ) : undefined}>
      <div className="space-y-3">
        {run.isPending && <Notice title="Running the policy check…" tone="waiting" icon={<SpinnerIcon />} />}
        {run.error && <RunProblem error={run.error} what="policy check" />}
        {checks.fetchStatus === "idle" && checks.isPending ? (
          <Notice title="No policy check yet" tone="waiting">The policy check can run once the intake is read.</Notice>
        ) : checks.isPending ? <Loading label="Loading policy checks…" /> : checks.error ? <RunProblem error={checks.error} what="policy check" /> : !check ? (
          !run.error && !run.isPending && <Notice title="No policy check yet" tone="waiting">Use “Run policy check” to answer each criterion of the matching policy from this case.</Notice>
        ) : (
          <CheckBody check={check} openStep={openStep} selection={selection} onSelect={onSelect} pageText={pageText} pages={pages} />
        )}
      </div>
    </Section>
  );
}

type PageText = (documentId: string, page: number | null | undefined) => string;

function CheckBody({ check, openStep, selection, onSelect, pageText, pages }: { check: PolicyCheck; openStep: number | null; selection: Selection | null; onSelect: (s: Selection | null) => void; pageText: PageText; pages: readonly string[] }) {
  const overall = OVERALL[check.summary.overall] ?? OVERALL.missing;
  const counts = (["met", "not_met", "missing", "manual"] as const).map((o) => [o, check.policy_check.filter((s) => shownOutcome(s) === o).length] as const).filter(([, n]) => n > 0);
  const toggle = (step: PolicyCheckStep) => onSelect(openStep === step.step ? null : stepSelection(step));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${overall.className}`}>{overall.label}</span>
        <span className="text-slate-800">{check.policy.title}{check.policy.version ? ` · version ${check.policy.version}` : ""}{check.policy.section && check.policy.section !== check.policy.title ? ` · ${check.policy.section}` : ""}</span>
        <span className="text-slate-600">checked {formatDateTime(check.created_at)}</span>
      </div>

      {check.policy_check.length === 0 ? (
        <Notice title="The policy has no criteria to check" tone="warning">Open the policy in Policies to review how it was read.</Notice>
      ) : (
        <>
          <div>
            <ol aria-label="Steps at a glance" className="flex flex-wrap gap-1.5">
              {check.policy_check.map((s) => {
                const o = OUTCOME[shownOutcome(s)] ?? OUTCOME.manual;
                const Icon = o.icon;
                return (
                  <li key={s.step}>
                    <button type="button" onClick={() => toggle(s)} aria-pressed={openStep === s.step} aria-label={`Step ${s.step}: ${o.label}`} title={s.question_or_action}
                      className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-inset ${o.chip} ${openStep === s.step ? "outline-2 outline-offset-1 outline-blue-700" : ""}`}>
                      <span>{s.step}</span><Icon className="h-3.5 w-3.5" />
                    </button>
                  </li>
                );
              })}
            </ol>
            <p className="mt-1.5 text-xs text-slate-700">{counts.map(([o, n]) => `${n} ${OUTCOME[o].label.toLowerCase()}`).join(" · ")}</p>
          </div>

          <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {check.policy_check.map((s) => (
              <StepItem key={s.step} step={s} open={openStep === s.step} onToggle={() => toggle(s)} selectedKey={selection?.key ?? null} onSelect={onSelect} pageText={pageText} pages={pages} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function StepItem({ step, open, onToggle, selectedKey, onSelect, pageText, pages }: { step: PolicyCheckStep; open: boolean; onToggle: () => void; selectedKey: string | null; onSelect: (s: Selection) => void; pageText: PageText; pages: readonly string[] }) {
  const detailsId = `step-${step.step}-details`;
  const documentEvidence = step.evidence.filter((e) => e.document_id);
  const claimEvidence = step.evidence.filter((e) => e.claim_id);
  return (
    <li className={open ? "bg-slate-50" : ""}>
      <button type="button" onClick={onToggle} aria-expanded={open} aria-controls={detailsId}
        className="flex w-full items-start gap-3 px-3 py-2.5 text-left text-sm hover:bg-slate-50">
        <span className="mt-0.5 w-6 shrink-0 text-right font-semibold tabular-nums text-slate-600">{step.step}.</span>
        <OutcomeLabel outcome={shownOutcome(step)} className="mt-0.5 w-20 justify-center" />
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-slate-900">{step.question_or_action}</span>
          {/* A table cannot sit in a button: a quoted row is named here and shown under its headers in the details. */}
          <span className="block text-slate-700">{withoutTableQuotes(step.answer)}</span>
        </span>
        <span aria-hidden="true" className={`mt-0.5 text-slate-500 transition-transform ${open ? "rotate-90" : ""}`}>›</span>
      </button>
      <div id={detailsId} hidden={!open} className="space-y-3 px-3 pb-3 pl-[3.25rem] text-sm">
        {hasTableQuote(step.answer) && <div className="text-slate-800"><span className="font-medium">Answer: </span><TextWithTableQuotes text={step.answer} pages={pages} label={`Step ${step.step} answer`} /></div>}
        {step.reason && <div className="text-slate-800"><span className="font-medium">Why: </span><TextWithTableQuotes text={step.reason} pages={pages} label={`Step ${step.step} reason`} /></div>}
        {step.missing_information && <p className="text-amber-900"><span className="font-medium">Missing: </span>{step.missing_information}</p>}
        {ruleOf(step) && <p className="text-xs text-slate-600">Read by rule <code className="font-mono">{ruleOf(step)}</code></p>}
        {(step.policy_quote?.text || step.policy_guideline_quoted_source) && (
          <figure className="rounded-md border-l-4 border-blue-300 bg-white px-3 py-2">
            <blockquote className="text-slate-800">“{step.policy_quote?.text || step.policy_guideline_quoted_source}”</blockquote>
            <figcaption className="mt-1 text-xs text-slate-600">Policy text{step.policy_quote?.page ? `, page ${step.policy_quote.page}` : ""}{step.policy_quote?.recognised ? `, read from the page image by text recognition${step.policy_quote.confidence !== undefined ? ` (confidence ${step.policy_quote.confidence})` : ""}` : ""}</figcaption>
          </figure>
        )}
        <div>
          <p className="font-medium text-slate-800">Evidence</p>
          {step.evidence.length === 0 ? (
            <p className="text-slate-600">No evidence in the case for this step.</p>
          ) : (
            <ul className="mt-1 space-y-1">
              {documentEvidence.map((e, i) => {
                const sel = stepSelection(step, i);
                const table = e.document_id ? tableQuote(pageText(e.document_id, e.page), e.quote, e.start) : null;
                if (table) {
                  return (
                    <li key={`d${i}`} className="space-y-1">
                      <EvidenceTable table={table} label={`Step ${step.step} evidence: a table row, page ${e.page ?? 1}`} />
                      <button type="button" aria-pressed={selectedKey === sel.key} onClick={() => onSelect(sel)}
                        className={`rounded-sm text-left text-xs font-medium text-blue-800 underline decoration-dotted underline-offset-4 hover:bg-blue-50 ${selectedKey === sel.key ? "bg-yellow-100" : ""}`}>
                        Show on the page
                      </button>
                      <span className="ml-1 text-xs text-slate-600">{e.page ? `page ${e.page}` : "document"}</span>
                    </li>
                  );
                }
                return (
                  <li key={`d${i}`}>
                    <button type="button" aria-pressed={selectedKey === sel.key} onClick={() => onSelect(sel)}
                      className={`rounded-sm text-left text-slate-900 underline decoration-blue-700/60 decoration-dotted decoration-2 underline-offset-4 wrap-anywhere hover:bg-blue-50 ${selectedKey === sel.key ? "bg-yellow-100" : ""}`}>
                      “{e.quote}”
                    </button>
                    <span className="ml-1 text-xs text-slate-600">{e.page ? `page ${e.page}` : "document"}</span>
                  </li>
                );
              })}
              {claimEvidence.map((e) => (
                <li key={`c${e.claim_id}`} className="text-slate-800">
                  Claim <a href={`#claim-${e.claim_id}`} className="font-medium text-blue-800 underline">{e.claim_id}</a>{e.quote ? `: ${e.quote}` : ""}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </li>
  );
}
