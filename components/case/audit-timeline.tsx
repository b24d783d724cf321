"use client";

import { auditLabel, auditSummary, auditTone, type AuditTone } from "@/lib/portal/audit-labels";
import type { AuditEvent } from "@/lib/portal/types";
import { Section } from "@/components/ui/section";
import { ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";

const DOT: Record<AuditTone, string> = {
  neutral: "bg-slate-400",
  good: "bg-emerald-600",
  bad: "bg-red-600",
  info: "bg-violet-600",
};

const actorText = (e: AuditEvent) => (e.actor_type === "system" ? "the service" : e.actor);

/** Everything that happened to the case, oldest first, in words; documents by their file names where known. */
export function AuditTimeline({ events, documentNames }: { events: { data?: { data: AuditEvent[] }; isPending: boolean; error: Error | null }; documentNames?: Map<string, string> }) {
  return (
    <Section id="timeline" title="Audit timeline">
      {events.isPending ? <Loading label="Loading the timeline…" /> : events.error ? <ErrorState message={events.error.message} /> : !events.data?.data.length ? (
        <p className="text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <ol aria-label="Audit timeline" className="relative space-y-3 border-l-2 border-slate-200 pl-5">
          {events.data.data.map((e) => {
            const details = (e.details && typeof e.details === "object" ? e.details : {}) as Record<string, unknown>;
            const name = typeof details.document_id === "string" && !details.file_name ? documentNames?.get(details.document_id) : undefined;
            const summary = auditSummary(e.action, name ? { ...details, file_name: name } : e.details);
            return (
              <li key={e.id} className="relative text-sm">
                <span aria-hidden="true" className={`absolute -left-[1.72rem] top-1 h-3 w-3 rounded-full ring-4 ring-white ${DOT[auditTone(e.action, details)]}`} />
                <p><span className="font-medium text-slate-900">{auditLabel(e.action)}</span> <span className="text-slate-600">· {formatDateTime(e.created_at)} · by {actorText(e)}</span></p>
                {summary && <p className="mt-0.5 break-words text-slate-800">{summary}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}
