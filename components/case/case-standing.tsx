import type { CaseState, PendReason } from "@/lib/portal/case-state";
import { statusLabel } from "@/lib/portal/status-labels";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";
import { TextWithTableQuotes } from "./text-with-table-quotes";

const KIND_WORDS: Record<PendReason["kind"], string> = {
  identity: "Identity",
  unread: "Unread",
  not_met: "Not met",
  missing: "Missing",
  manual: "Needs judgement",
  unchecked: "Not checked",
};

/**
 * The first thing on the case: who decided it (the engine, with the rule that let it, or a reviewer), or why it waits
 * for a person (identity conflicts, then each criterion not met, missing or unread). Derived from caseState, as the
 * stepper, the action bar and the decision history are.
 */
export function CaseStanding({ state, pages }: { state: CaseState; pages: readonly string[] }) {
  if (state.decided) {
    return (
      <div role="status" data-testid="case-standing" className="flex items-start gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
        <CheckIcon className="mt-0.5 h-4 w-4 shrink-0" />
        <p className="min-w-0 break-words">{state.standing}</p>
      </div>
    );
  }
  // A pended case always says so first, even with no reason of its own (the workspace has a person confirm every outcome).
  if (!state.pendReasons.length && state.statusLabel !== statusLabel("pending_review")) return null;
  return (
    <section aria-label="Why this case waits for a person" data-testid="case-standing" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="flex items-center gap-1.5 font-semibold"><AlertIcon className="h-4 w-4 shrink-0" />{state.standing}</p>
      {state.recommendation && state.recommendation.status !== "pending_review" && <p className="mt-0.5 text-slate-800">{state.recommendation.text}; a person decides.</p>}
      {state.pendReasons.length > 0 && <ul className="mt-1.5 space-y-1">
        {state.pendReasons.map((r, i) => (
          <li key={`${r.kind}-${r.step ?? i}`} className="flex min-w-0 flex-wrap gap-x-2">
            <span className="shrink-0 font-medium">{r.step !== null ? `Step ${r.step} · ` : ""}{KIND_WORDS[r.kind]}:</span>
            <span className="min-w-0 break-words">{r.text}{r.detail && r.detail !== r.text ? <TextWithTableQuotes text={` — ${r.detail}`} pages={pages} label={`Reason ${i + 1}`} className="text-slate-700" /> : null}</span>
          </li>
        ))}
      </ul>}
    </section>
  );
}
