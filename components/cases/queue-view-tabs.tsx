"use client";

import { useQueueCounts } from "@/lib/portal/case-queries";
import { QUEUE_VIEW_LABELS, QUEUE_VIEWS, type QueueView } from "@/lib/prior-auths/queue-views";

/** The queue's views with their counts; open work first. The counts refresh with the list. */
export function QueueViewTabs({ view, onChange }: { view: QueueView; onChange: (view: QueueView) => void }) {
  const counts = useQueueCounts();
  return (
    <nav aria-label="Queue views" className="-mb-1 overflow-x-auto">
      {/* On a phone the tabs wrap onto a second line instead of scrolling out of sight. */}
      <ul className="flex flex-wrap gap-1 border-b border-slate-200 md:min-w-max md:flex-nowrap">
        {QUEUE_VIEWS.map((v) => {
          const current = v === view;
          const count = counts.data?.counts[v];
          return (
            <li key={v}>
              <button
                type="button"
                aria-pressed={current}
                onClick={() => onChange(v)}
                className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${current ? "border-blue-700 text-blue-800" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"}`}
              >
                {QUEUE_VIEW_LABELS[v]}
                <span data-testid={`count-${v}`} className={`rounded-full px-2 py-0.5 text-xs ${current ? "bg-blue-100 text-blue-900" : "bg-slate-100 text-slate-700"} ${v === "overdue" && count ? "bg-red-100 text-red-900" : ""}`}>
                  {count ?? "…"}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
