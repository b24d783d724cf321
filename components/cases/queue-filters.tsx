"use client";

import { useEffect, useId, useState } from "react";
import { STATUS_FILTERS, statusLabel } from "@/lib/portal/status-labels";
import { Button } from "@/components/ui/button";
import { QUEUE_VIEWS, type QueueView } from "@/lib/prior-auths/queue-views";

export type Sort = "newest" | "oldest" | "due";

export interface QueueFilters {
  /** The work-queue view (tabs); open work by default. */
  view: QueueView;
  status: string;
  assignee: "" | "me" | "none";
  overdue: boolean;
  q: string;
  sort: Sort;
}

export const NO_FILTERS: QueueFilters = { view: "open", status: "", assignee: "", overdue: false, q: "", sort: "newest" };

/** The filters kept in the page's URL, so a reload, a shared link or Back shows the same queue. */
export function filtersFromSearch(search: URLSearchParams): QueueFilters {
  const assignee = search.get("assignee");
  const sort = search.get("sort");
  const view = search.get("view");
  return {
    view: (QUEUE_VIEWS as readonly string[]).includes(view ?? "") ? (view as QueueView) : "open",
    status: search.get("status") ?? "",
    assignee: assignee === "me" || assignee === "none" ? assignee : "",
    overdue: search.get("overdue") === "true",
    q: search.get("q") ?? "",
    sort: sort === "oldest" || sort === "due" ? sort : "newest",
  };
}

/** The same filters as the list route's query (the page URL uses the same names). */
export function filtersToQuery(f: QueueFilters): string {
  const params = new URLSearchParams();
  params.set("view", f.view);
  if (f.status) params.set("status", f.status);
  if (f.assignee) params.set("assignee", f.assignee);
  if (f.overdue) params.set("overdue", "true");
  if (f.q.trim()) params.set("q", f.q.trim());
  params.set("sort", f.sort);
  return params.toString();
}

export const hasFilters = (f: QueueFilters) => Boolean(f.status || f.assignee || f.overdue || f.q.trim());

const control = "mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600";
const label = "block text-xs font-medium uppercase tracking-wide text-slate-700";

export function QueueFilterBar({ filters, onChange }: { filters: QueueFilters; onChange: (next: QueueFilters) => void }) {
  const ids = { q: useId(), status: useId(), assignee: useId(), sort: useId(), overdue: useId() };
  // The search box answers as one types, without a request per keystroke.
  const [text, setText] = useState(filters.q);
  const [syncedQ, setSyncedQ] = useState(filters.q);
  if (filters.q !== syncedQ) {
    setSyncedQ(filters.q);
    setText(filters.q);
  }
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: text }), 300);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  return (
    <form role="search" aria-label="Filter cases" onSubmit={(e) => { e.preventDefault(); onChange({ ...filters, q: text }); }}
      className="grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-[minmax(14rem,2fr)_repeat(3,minmax(9rem,1fr))_auto_auto]">
      <div className="col-span-2 md:col-span-1">
        <label htmlFor={ids.q} className={label}>Search</label>
        <input id={ids.q} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Case id, patient or drug" className={control} />
      </div>
      <div>
        <label htmlFor={ids.status} className={label}>Status</label>
        <select id={ids.status} value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value })} className={control}>
          <option value="">Any status</option>
          {STATUS_FILTERS.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={ids.assignee} className={label}>Assignee</label>
        <select id={ids.assignee} value={filters.assignee} onChange={(e) => onChange({ ...filters, assignee: e.target.value as QueueFilters["assignee"] })} className={control}>
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Unassigned</option>
        </select>
      </div>
      <div>
        <label htmlFor={ids.sort} className={label}>Sort</label>
        <select id={ids.sort} value={filters.sort} onChange={(e) => onChange({ ...filters, sort: e.target.value as Sort })} className={control}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
          <option value="due">Due soonest</option>
        </select>
      </div>
      <div className="flex items-center gap-2 pb-2">
        <input id={ids.overdue} type="checkbox" checked={filters.overdue} onChange={(e) => onChange({ ...filters, overdue: e.target.checked })} className="h-4 w-4 rounded border-slate-400 accent-blue-700" />
        <label htmlFor={ids.overdue} className="text-sm text-slate-800">Overdue only</label>
      </div>
      <div className="pb-0.5">
        {hasFilters(filters) && <Button type="button" variant="ghost" onClick={() => { setText(""); onChange({ ...NO_FILTERS, view: filters.view, sort: filters.sort }); }}>Clear</Button>}
      </div>
    </form>
  );
}
