"use client";

import type { PriorAuth } from "@/lib/portal/types";
import type { CaseState } from "@/lib/portal/case-state";
import { withoutCutParenthesis } from "@/lib/notices/policy-words";
import { Button } from "@/components/ui/button";
import { NextCaseLink } from "./next-case";

/** Brings the decision form into view and puts the keyboard on its first choice. */
export function focusDecisionForm() {
  const section = document.getElementById("decision");
  if (!section) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
  const target = section.querySelector<HTMLElement>("input[type=radio], textarea, button") ?? section;
  target.focus({ preventScroll: true });
}

/**
 * The case page's sticky action bar: where the case stands (who decided, or the engine's recommendation worded as
 * advice), the main action (Decide, or Change the decision once decided; straight to the decision form, focused) and
 * "Next case", always in reach however far the reviewer has scrolled. All from the case's one state.
 */
export function CaseActionBar({ priorAuth, state }: { priorAuth: PriorAuth; state: CaseState }) {
  return (
    <div role="region" aria-label="Case actions" data-testid="case-action-bar"
      className="sticky top-0 z-20 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white/95 px-4 py-2 text-sm shadow-sm backdrop-blur">
      <span className="font-medium text-slate-900">Case {priorAuth.case_id}</span>
      {state.decided ? (
        <span data-testid="case-decided" className="font-medium text-slate-900">{state.statusLabel} {state.decider?.kind === "engine" ? "by the engine" : `by ${state.decider?.who ?? "a reviewer"}`}</span>
      ) : (
        <span data-testid="engine-recommendation" className="text-slate-700">{state.recommendation ? `${state.recommendation.text}.` : "The engine has no recommendation yet."}</span>
      )}
      {priorAuth.policy_title && <span data-testid="case-policy-title" className="hidden truncate text-slate-600 md:inline" title={priorAuth.policy_title}>{withoutCutParenthesis(priorAuth.policy_title)}</span>}
      <div className="ml-auto flex items-center gap-2">
        {state.mainAction.kind !== "none" && (
          <Button type="button" variant={state.mainAction.kind === "decide" ? "primary" : "secondary"} onClick={focusDecisionForm}>{state.mainAction.label}</Button>
        )}
        <NextCaseLink currentId={priorAuth.id} />
      </div>
    </div>
  );
}
