"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/lib/portal/api-client";
import { useCaseDocuments, useNotices, usePolicyChecks } from "@/lib/portal/case-queries";
import { rfiView, type RfiItemState } from "@/lib/portal/rfi-view";
import type { ZWorkspace } from "@/lib/schemas/workspace";
import type { PriorAuth } from "@/lib/portal/types";
import { formatDateTime } from "@/components/ui/format";
import { ClockIcon } from "@/components/ui/icons";

const STATE_WORDS: Record<RfiItemState, { label: string; className: string }> = {
  waiting: { label: "Waiting", className: "bg-violet-100 text-violet-900" },
  not_checked: { label: "Not checked yet", className: "bg-slate-100 text-slate-900" },
  answered: { label: "Answered", className: "bg-emerald-100 text-emerald-900" },
  still_missing: { label: "Still missing", className: "bg-amber-100 text-amber-950" },
  check_by_hand: { label: "Check by hand", className: "bg-slate-100 text-slate-900" },
};

/**
 * The latest request for information: what was asked for, item by item, which added document answered each (or that
 * none did yet), and the decision clock's state under the workspace's rule. Nothing when no information was requested.
 */
export function RequestForInformationPanel({ priorAuth }: { priorAuth: PriorAuth }) {
  const notices = useNotices(priorAuth.id);
  const documents = useCaseDocuments(priorAuth.id, true);
  const checks = usePolicyChecks(priorAuth.id, priorAuth.intake_status === "Succeeded");
  const workspace = useQuery({ queryKey: ["workspace"], queryFn: () => apiFetch<z.infer<typeof ZWorkspace>>("/workspace") });
  const view = useMemo(() => rfiView({
    notices: notices.data?.data ?? [], documents: documents.data?.data ?? [], check: checks.data?.data[0], priorAuth,
    pauseClockWhileWaiting: workspace.data?.pause_clock_while_waiting ?? null, formatTime: formatDateTime,
  }), [notices.data, documents.data, checks.data, priorAuth, workspace.data]);
  if (!view) return null;
  const waiting = priorAuth.status === "request_for_information";
  return (
    <section aria-labelledby="rfi-title" data-testid="rfi-panel" className={`space-y-3 rounded-lg border p-4 text-sm ${waiting ? "border-violet-300 bg-violet-50" : "border-slate-200 bg-white"}`}>
      <div>
        <h2 id="rfi-title" className="text-base font-semibold text-slate-900">Request for information</h2>
        <p className="text-slate-700">Asked by {view.askedBy} on {formatDateTime(view.askedAt)}.</p>
        {view.note && <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">“{view.note}”</p>}
      </div>
      <div>
        <h3 className="font-medium text-slate-900">What was asked for</h3>
        <ol aria-label="Information asked for" className="mt-1 space-y-1.5">
          {view.items.map((item, i) => (
            <li key={i} className="flex min-w-0 flex-wrap items-start gap-x-2 gap-y-0.5">
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_WORDS[item.state].className}`}>{STATE_WORDS[item.state].label}</span>
              <span className="min-w-0 flex-1 break-words">
                {item.step !== null && <span className="font-medium">Step {item.step}: </span>}{item.text}
                {item.answeredBy.length > 0 && <span className="block text-xs text-slate-700">from {item.answeredBy.map((a) => `${a.documentName}${a.page ? `, page ${a.page}` : ""}`).join("; ")}</span>}
              </span>
            </li>
          ))}
        </ol>
      </div>
      {view.answers.length > 0 && (
        <div>
          <h3 className="font-medium text-slate-900">Documents received since</h3>
          <ul aria-label="Documents received since the request" className="mt-1 space-y-1">
            {view.answers.map((a) => (
              <li key={`${a.name}-${a.addedAt}`} className="min-w-0 break-words">
                <span className="font-medium">{a.name}</span>
                <span className="text-slate-700"> — {a.matchedSteps.length ? `matched to ${a.matchedSteps.map((s) => `step ${s}`).join(", ")} (its evidence answers ${a.matchedSteps.length === 1 ? "it" : "them"})` : "not matched to any item asked for"}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div data-testid="rfi-clock" className="flex items-start gap-1.5 text-slate-800">
        <ClockIcon className="mt-0.5 h-3.5 w-3.5 shrink-0" />
        <p className="min-w-0 break-words">{view.clock.text}{view.clock.rule && <span className="block text-xs text-slate-700">{view.clock.rule}</span>}</p>
      </div>
    </section>
  );
}
