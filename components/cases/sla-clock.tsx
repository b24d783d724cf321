"use client";

import { slaState } from "@/lib/portal/sla";
import { useNow } from "@/components/ui/use-now";
import { AlertIcon, ClockIcon } from "@/components/ui/icons";
import { formatDateTime } from "@/components/ui/format";
import type { PriorAuth } from "@/lib/portal/types";

const TONE = {
  on_track: "text-slate-700",
  due_soon: "text-amber-800",
  overdue: "font-semibold text-red-700",
  paused: "text-slate-600",
};

/** Time left to the decision deadline; red with the word "Overdue" past it; nothing once the case is closed. */
export function SlaClock({ priorAuth, empty = "—" }: { priorAuth: Pick<PriorAuth, "status" | "sla_due_at" | "decided_at" | "expedited"> & Partial<Pick<PriorAuth, "sla_paused" | "waiting_since">>; empty?: string }) {
  const now = useNow(30_000);
  const state = slaState(priorAuth, now);
  if (state.kind === "none") return <span className="text-slate-500">{empty}</span>;
  // The waiting note goes on a line of its own: beside the clock it ran into the next column.
  return (
    <span title={`Due ${formatDateTime(priorAuth.sla_due_at)}${priorAuth.expedited ? " (expedited)" : ""}`}>
      <span className={`inline-flex items-center gap-1 whitespace-nowrap ${TONE[state.kind]}`} data-testid="sla-clock">
        {state.kind === "overdue" ? <AlertIcon className="h-3.5 w-3.5" /> : <ClockIcon className="h-3.5 w-3.5" />}
        {state.label}
      </span>
      {priorAuth.waiting_since && priorAuth.status === "request_for_information" && (
        <span className="block text-xs font-normal text-slate-600">waiting since {formatDateTime(priorAuth.waiting_since)}</span>
      )}
    </span>
  );
}
