"use client";

import { useNotices } from "@/lib/portal/case-queries";
import { statusLabel } from "@/lib/portal/status-labels";
import { formatDateTime } from "@/components/ui/format";
import { StatusBadge } from "@/components/cases/status-badge";
import { TextWithTableQuotes } from "./text-with-table-quotes";
import { usePageTexts } from "./use-page-texts";

/** The notices sent for this case (decisions and requests for information), each with its reasons and its PDF. */
export function NoticesPanel({ priorAuthId }: { priorAuthId: string }) {
  const notices = useNotices(priorAuthId);
  const pages = usePageTexts(priorAuthId);
  const list = notices.data?.data ?? [];
  return (
    <section id="notices" aria-labelledby="notices-title" className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="notices-title" className="text-lg font-semibold text-slate-900">Notices</h2>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No notice yet: a final decision or a request for information issues one to the prescriber.</p>
      ) : (
        <ul aria-label="Notices" className="mt-3 space-y-3">
          {list.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={n.outcome} />
                <span className="font-medium text-slate-900">{n.content.title}</span>
                <span className="text-slate-600">{formatDateTime(n.created_at)} · by {n.content.decided_by === "engine" ? "the engine" : n.content.decided_by}</span>
                <a href={n.pdf_url} download className="ml-auto font-medium text-blue-800 underline underline-offset-2">Download PDF<span className="sr-only">: {n.content.title} ({statusLabel(n.outcome)})</span></a>
              </div>
              <p className="mt-2 text-slate-900">{n.content.decision}</p>
              {n.content.reasons.length > 0 && (
                <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
                  {n.content.reasons.map((r, i) => (
                    <li key={i}>{r.text}{r.finding ? <TextWithTableQuotes text={` — ${r.finding}`} pages={pages} label={`${n.content.title}, reason ${i + 1}`} className="text-slate-600" /> : null}</li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
