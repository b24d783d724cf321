"use client";

import type { Determination, PriorAuth } from "@/lib/portal/types";
import { DECIDABLE_STATUSES } from "@/lib/portal/types";
import { Button } from "@/components/ui/button";
import { StatusBadge } from "./status-badge";
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
 * The case page's sticky action bar: the engine's recommendation, "Decide" (straight to the decision form, focused)
 * and "Next case", always in reach however far the reviewer has scrolled.
 */
export function CaseActionBar({ priorAuth, determination }: { priorAuth: PriorAuth; determination: Determination | undefined }) {
  const decidable = (DECIDABLE_STATUSES as readonly string[]).includes(priorAuth.status);
  const recommendation = determination?.recommended_status ?? determination?.status ?? priorAuth.engine_recommendation ?? null;
  return (
    <div role="region" aria-label="Case actions" data-testid="case-action-bar"
      className="sticky top-0 z-20 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white/95 px-4 py-2 text-sm shadow-sm backdrop-blur">
      <span className="font-medium text-slate-900">Case {priorAuth.case_id}</span>
      <span className="flex items-center gap-1.5 text-slate-700">Engine: {recommendation ? <StatusBadge status={recommendation} /> : <span className="text-slate-600">no recommendation yet</span>}</span>
      {priorAuth.policy_title && <span className="hidden truncate text-slate-600 md:inline" title={priorAuth.policy_title}>{priorAuth.policy_title}</span>}
      <div className="ml-auto flex items-center gap-2">
        {decidable && <Button type="button" onClick={focusDecisionForm}>Decide</Button>}
        <NextCaseLink currentId={priorAuth.id} />
      </div>
    </div>
  );
}
