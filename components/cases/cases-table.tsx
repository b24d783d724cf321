"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useState, type MouseEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { caseKeys, useAssign, useQueueCounts } from "@/lib/portal/case-queries";
import { OPEN_STATUSES, type Page, type PriorAuth } from "@/lib/portal/types";
import { Button } from "@/components/ui/button";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { SpinnerIcon } from "@/components/ui/icons";
import { TableScroll } from "@/components/ui/table-scroll";
import { StatusBadge } from "./status-badge";
import { BulkAssignBar } from "./bulk-assign-bar";
import { SlaClock } from "./sla-clock";
import { filtersToQuery, hasFilters, type QueueFilters } from "./queue-filters";

const PAGE_SIZE = 25;

/** The work queue: one row per case, a link to the case page, live while any case is processing. */
export function CasesTable({ filters, me, onClearFilters }: { filters: QueueFilters; me: { id: string; role?: string }; onClearFilters: () => void }) {
  const params = filtersToQuery(filters);
  const cases = useInfiniteQuery({
    queryKey: caseKeys.list(params),
    queryFn: ({ pageParam }) => apiFetch<Page<PriorAuth>>(`/prior_auths?${params}&limit=${PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.data.some((c) => c.status === "Processing")) ? 2_000 : 30_000),
  });
  const assign = useAssign();
  const counts = useQueueCounts();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  if (cases.isPending) return <Loading label="Loading cases…" />;
  if (cases.error && !cases.data) return <ErrorState message={cases.error.message} />;
  const rows = cases.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) {
    const workspaceEmpty = !hasFilters(filters) && counts.data?.counts.all === 0;
    return !workspaceEmpty ? (
      <Empty title={hasFilters(filters) ? "No cases match these filters" : "No cases in this view"}>
        {hasFilters(filters) && <Button type="button" variant="secondary" onClick={onClearFilters}>Clear filters</Button>}
      </Empty>
    ) : (
      <Empty title="No cases yet">
        <p>Cases arrive through the API (POST /api/v1/prior_auths), or <Link href="/cases/new" className="font-medium text-blue-800 underline">create one here</Link>.</p>
      </Empty>
    );
  }
  const live = rows.some((c) => c.status === "Processing");
  // Only rows still on screen count as selected (a filter change hides some).
  const chosen = rows.filter((c) => selected.has(c.id)).map((c) => c.id);
  const allChosen = chosen.length === rows.length;
  const toggle = (id: string, on: boolean) => setSelected((prev) => { const next = new Set(prev); if (on) next.add(id); else next.delete(id); return next; });

  return (
    <div className="space-y-3">
      <BulkAssignBar selected={chosen} me={me} onDone={() => setSelected(new Set())} />
      <TableScroll label="Cases" className="rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Cases{live ? ", updating while some are processing" : ""}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="w-8 px-3 py-2">
                <input type="checkbox" aria-label="Select all cases shown" checked={allChosen} onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((c) => c.id)) : new Set())}
                  className="h-4 w-4 rounded border-slate-400" />
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">Case</th>
              <th scope="col" className="px-3 py-2 font-semibold">Patient</th>
              <th scope="col" className="px-3 py-2 font-semibold">Drug</th>
              <th scope="col" className="px-3 py-2 font-semibold">Status</th>
              <th scope="col" className="px-3 py-2 font-semibold">Engine</th>
              <th scope="col" className="px-3 py-2 font-semibold" aria-sort={filters.sort === "due" ? undefined : filters.sort === "oldest" ? "ascending" : "descending"}>Received</th>
              <th scope="col" className="px-3 py-2 font-semibold" aria-sort={filters.sort === "due" ? "ascending" : undefined}>Decision due</th>
              <th scope="col" className="px-3 py-2 font-semibold">Assignee</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <CaseRow key={c.id} priorAuth={c} me={me} selected={selected.has(c.id)} onSelect={(on) => toggle(c.id, on)} assigning={assign.isPending && assign.variables?.id === c.id} onAssign={() => assign.mutate({ id: c.id, assignee: "me" })} />
            ))}
          </tbody>
        </table>
      </TableScroll>
      {assign.error && <ErrorState message={assign.error.message} />}
      {cases.error && <ErrorState message={`The list could not be refreshed: ${cases.error.message}`} />}
      <div className="flex items-center justify-between gap-3 text-sm text-slate-700">
        <p aria-live="polite">
          {rows.length} case{rows.length === 1 ? "" : "s"} shown
          {live && <span className="ml-2 inline-flex items-center gap-1 text-sky-800"><SpinnerIcon className="h-3.5 w-3.5" /> updating while cases are processing</span>}
        </p>
        {cases.hasNextPage && (
          <Button type="button" variant="secondary" onClick={() => cases.fetchNextPage()} disabled={cases.isFetchingNextPage}>
            {cases.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        )}
      </div>
    </div>
  );
}

function CaseRow({ priorAuth: c, me, selected, onSelect, assigning, onAssign }: {
  priorAuth: PriorAuth; me: { id: string }; selected: boolean; onSelect: (on: boolean) => void; assigning: boolean; onAssign: () => void;
}) {
  const router = useRouter();
  const href = `/cases/${c.id}`;
  const open = (OPEN_STATUSES as readonly string[]).includes(c.status);
  // The whole row opens the case for pointer users; keyboard users have the case link (no nested controls in a link).
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("a,button,input,label")) return;
    if (event.metaKey || event.ctrlKey) window.open(href, "_blank");
    else router.push(href);
  };
  return (
    <tr onClick={onClick} className={`cursor-pointer border-t border-slate-100 align-top hover:bg-slate-50 ${selected ? "bg-blue-50" : ""}`}>
      <td className="px-3 py-2.5">
        <input type="checkbox" aria-label={`Select case ${c.case_id}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
      </td>
      <td className="px-3 py-2.5">
        <Link href={href} className="whitespace-nowrap font-medium text-blue-800 underline-offset-2 hover:underline">{c.case_id}</Link>
        {c.expedited && <span className="mt-0.5 block w-fit rounded bg-orange-100 px-1.5 py-0.5 text-xs font-medium text-orange-900">Expedited</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2.5">{c.patient_name ?? <span className="text-slate-500">—</span>}</td>
      <td className="max-w-52 px-3 py-2.5">{c.drug_name ? <span className="line-clamp-2" title={c.drug_name}>{c.drug_name}</span> : <span className="text-slate-500">—</span>}</td>
      <td className="px-3 py-2.5">
        <StatusBadge status={c.status} />
        {c.failure_reason && <p className="mt-1 max-w-56 text-xs text-red-800">{c.failure_reason}</p>}
        {c.decided_by && <p className="mt-1 text-xs text-slate-700">{c.decided_by === "engine" ? "Approved automatically" : `By ${c.decided_by}`}</p>}
        {c.status_reason && c.status === "Cancelled" && <p className="mt-1 max-w-56 text-xs text-slate-700">{c.status_reason}</p>}
      </td>
      <td className="max-w-52 px-3 py-2.5">
        {c.engine_recommendation ? <StatusBadge status={c.engine_recommendation} /> : <span className="text-slate-500">—</span>}
        {c.policy_title && <p className="mt-1 line-clamp-2 text-xs text-slate-700" title={c.policy_title}>{c.policy_title}</p>}
      </td>
      <td className="whitespace-nowrap px-3 py-2.5 text-slate-700">{formatDateTime(c.received_at ?? c.created_at)}</td>
      <td className="px-3 py-2.5"><SlaClock priorAuth={c} /></td>
      <td className="px-3 py-2.5">
        {c.assignee ? (
          <span className="text-slate-800">{c.assignee.id === me.id ? "You" : c.assignee.email}</span>
        ) : open ? (
          <Button type="button" variant="secondary" className="whitespace-nowrap px-2 py-1 text-xs" onClick={onAssign} disabled={assigning}>
            {assigning ? "Assigning…" : "Assign to me"}<span className="sr-only">: case {c.case_id}</span>
          </Button>
        ) : (
          <span className="text-slate-500">Unassigned</span>
        )}
      </td>
    </tr>
  );
}
