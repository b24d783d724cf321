"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useState, type MouseEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { caseKeys, useAssign, useQueueCounts } from "@/lib/portal/case-queries";
import { OPEN_STATUSES, type Page, type PriorAuth } from "@/lib/portal/types";
import { withoutCutParenthesis } from "@/lib/notices/policy-words";
import { Button } from "@/components/ui/button";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { SpinnerIcon } from "@/components/ui/icons";
import { TableScroll } from "@/components/ui/table-scroll";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { StatusBadge } from "./status-badge";
import { ChannelBadge } from "./channel-badge";
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
  const phone = useMediaQuery("(max-width: 767px)");

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
      {phone ? (
        <ul aria-label="Cases" className="space-y-2">
          {rows.map((c) => (
            <CaseCard key={c.id} priorAuth={c} me={me} selected={selected.has(c.id)} onSelect={(on) => toggle(c.id, on)} assigning={assign.isPending && assign.variables?.id === c.id} onAssign={() => assign.mutate({ id: c.id, assignee: "me" })} />
          ))}
        </ul>
      ) : (
      <TableScroll label="Cases" className="rounded-lg border border-slate-200 bg-white">
        {/* Fits 1280 px without scrolling sideways: when the case was received sits under its id, and the engine's
            recommendation under the status, instead of columns of their own. */}
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Cases{live ? ", updating while some are processing" : ""}</caption>
          <colgroup>
            <col className="w-10" /><col className="w-[17%]" /><col className="w-[16%]" /><col /><col className="w-[21%]" /><col className="w-[14%]" /><col className="w-[13%]" />
          </colgroup>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                <input type="checkbox" aria-label="Select all cases shown" checked={allChosen} onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((c) => c.id)) : new Set())}
                  className="h-4 w-4 rounded border-slate-400" />
              </th>
              <th scope="col" className="px-3 py-2 font-semibold" aria-sort={filters.sort === "due" ? undefined : filters.sort === "oldest" ? "ascending" : "descending"}>Case · received</th>
              <th scope="col" className="px-3 py-2 font-semibold">Patient</th>
              <th scope="col" className="px-3 py-2 font-semibold">Drug</th>
              <th scope="col" className="px-3 py-2 font-semibold">Status</th>
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
      )}
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

type CaseItemProps = { priorAuth: PriorAuth; me: { id: string }; selected: boolean; onSelect: (on: boolean) => void; assigning: boolean; onAssign: () => void };

/** The engine's outcome as what it is, a recommendation a person confirms: words, not a final status's colour. */
const RECOMMENDS: Record<string, string> = {
  approved: "approve",
  denied: "deny",
  request_for_information: "request information",
  pending_review: "clinician review",
};

function CaseStatus({ priorAuth: c }: { priorAuth: PriorAuth }) {
  return (
    <>
      <StatusBadge status={c.status} />
      {c.failure_reason && <p className="mt-1 text-xs text-red-800">{c.failure_reason}</p>}
      {c.unchecked_reason && (
        <div className="mt-1 text-xs" data-testid="unchecked-reason">
          {/* The engine's full reason names what it looked for; two lines of it and the action fit the row. */}
          <p className="line-clamp-2 break-words text-slate-800" title={c.unchecked_reason}>Not checked: {c.unchecked_reason}</p>
          <p className="text-slate-600">Upload or choose a policy for this drug, or correct the drug.</p>
        </div>
      )}
      {c.decided_by && <p className="mt-1 text-xs text-slate-700">{c.decided_by === "engine" ? "Approved automatically" : `By ${c.decided_by}`}</p>}
      {c.status_reason && c.status === "Cancelled" && <p className="mt-1 text-xs text-slate-700">{c.status_reason}</p>}
      {c.engine_recommendation && !c.decided_by && (
        <p className="mt-1 text-xs text-slate-700" data-testid="engine-recommendation">Engine recommends: {RECOMMENDS[c.engine_recommendation] ?? c.engine_recommendation}</p>
      )}
      {c.policy_title && <p className="mt-0.5 line-clamp-2 break-words text-xs text-slate-600" title={c.policy_title}>{withoutCutParenthesis(c.policy_title)}</p>}
    </>
  );
}

function CaseAssignee({ priorAuth: c, me, assigning, onAssign }: Pick<CaseItemProps, "priorAuth" | "me" | "assigning" | "onAssign">) {
  const open = (OPEN_STATUSES as readonly string[]).includes(c.status);
  if (c.assignee) return <span className="break-words text-slate-800">{c.assignee.id === me.id ? "You" : c.assignee.email}</span>;
  if (!open) return <span className="text-slate-500">Unassigned</span>;
  return (
    <Button type="button" variant="secondary" className="whitespace-nowrap px-2 py-1 text-xs" onClick={onAssign} disabled={assigning}>
      {assigning ? "Assigning…" : "Assign to me"}<span className="sr-only">: case {c.case_id}</span>
    </Button>
  );
}

const dash = <span className="text-slate-500">—</span>;

function CaseRow({ priorAuth: c, me, selected, onSelect, assigning, onAssign }: CaseItemProps) {
  const router = useRouter();
  const href = `/cases/${c.id}`;
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
        <Link href={href} className="break-all font-medium text-blue-800 underline-offset-2 hover:underline">{c.case_id}</Link>
        {c.expedited && <span className="mt-0.5 block w-fit rounded bg-orange-100 px-1.5 py-0.5 text-xs font-medium text-orange-900">Expedited</span>}
        <ChannelBadge channel={c.channel} className="mt-0.5 block" />
        <span className="mt-0.5 block text-xs text-slate-600">{formatDateTime(c.received_at ?? c.created_at)}</span>
      </td>
      <td className="break-words px-3 py-2.5">{c.patient_name ?? dash}</td>
      <td className="px-3 py-2.5">{c.drug_name ? <span className="line-clamp-2 break-words" title={c.drug_name}>{c.drug_name}</span> : dash}</td>
      <td className="px-3 py-2.5"><CaseStatus priorAuth={c} /></td>
      <td className="px-3 py-2.5"><SlaClock priorAuth={c} /></td>
      <td className="px-3 py-2.5"><CaseAssignee priorAuth={c} me={me} assigning={assigning} onAssign={onAssign} /></td>
    </tr>
  );
}

/** On a phone, each case is a card: the same facts, one under another, nothing wider than the screen. */
function CaseCard({ priorAuth: c, me, selected, onSelect, assigning, onAssign }: CaseItemProps) {
  return (
    <li className={`rounded-lg border border-slate-200 p-3 text-sm ${selected ? "bg-blue-50" : "bg-white"}`} data-testid="case-card">
      <div className="flex items-start gap-3">
        <input type="checkbox" aria-label={`Select case ${c.case_id}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400" />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <Link href={`/cases/${c.id}`} className="break-all font-medium text-blue-800 underline-offset-2 hover:underline">{c.case_id}</Link>
            <SlaClock priorAuth={c} empty="" />
          </div>
          <p className="break-words text-slate-900">{c.patient_name ?? "Patient not read yet"}{c.drug_name ? ` · ${c.drug_name}` : ""}</p>
          <div><CaseStatus priorAuth={c} /></div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
            <span>Received {formatDateTime(c.received_at ?? c.created_at)}{c.expedited ? " · Expedited" : ""}{c.channel === "pas" ? " · PAS" : ""}</span>
            <CaseAssignee priorAuth={c} me={me} assigning={assigning} onAssign={onAssign} />
          </div>
        </div>
      </div>
    </li>
  );
}
