"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import type { TCorrectionMetrics, TMetricsGroup, TMetricsReport, TMetricsStats } from "@/lib/schemas/report";

const DAY_MS = 86400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const num = (value: number | null, suffix = "") => (value === null ? "—" : `${value}${suffix}`);

function StatsCells({ stats }: { stats: TMetricsStats }) {
  return (
    <>
      <td className="px-3 py-2 text-right tabular-nums">{stats.requests}</td>
      <td className="px-3 py-2 text-right tabular-nums">{num(stats.approved_pct, "%")}</td>
      <td className="px-3 py-2 text-right tabular-nums">{num(stats.denied_pct, "%")}</td>
      <td className="px-3 py-2 text-right tabular-nums">{num(stats.approved_after_review_pct, "%")}</td>
      <td className="px-3 py-2 text-right tabular-nums">{num(stats.avg_hours_to_decision, " h")}</td>
      <td className="px-3 py-2 text-right tabular-nums">{num(stats.median_hours_to_decision, " h")}</td>
    </>
  );
}

function GroupRows({ label, kind, group, strong }: { label: string; kind: string; group: TMetricsGroup; strong?: boolean }) {
  const segments = [["All", group.all], ["Standard", group.standard], ["Expedited", group.expedited]] as const;
  return (
    <>
      {segments.map(([segment, stats], i) => (
        <tr key={segment} className={`border-t ${i === 0 ? "border-slate-200" : "border-slate-100 text-slate-600"} ${strong ? "bg-slate-50" : ""}`}>
          {i === 0 ? (
            <th scope="rowgroup" rowSpan={3} className="px-3 py-2 text-left align-top font-medium">
              {label}
              <span className="block text-xs font-normal text-slate-500">{kind}</span>
            </th>
          ) : null}
          <td className="px-3 py-2">{segment}</td>
          <StatsCells stats={stats} />
        </tr>
      ))}
    </>
  );
}

const pct = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10}%`);

/** How often reviewers corrected each intake fact: the engine's reading errors as people see them, most corrected first. */
function CorrectionsTable({ metrics }: { metrics: TCorrectionMetrics }) {
  const fields = [...metrics.by_field].sort((a, b) => b.cases_corrected - a.cases_corrected || b.corrections - a.corrections);
  return (
    <section aria-labelledby="corrections-title" className="space-y-2">
      <h2 id="corrections-title" className="text-lg font-semibold">Corrections by reviewers</h2>
      <p className="text-sm text-slate-600">
        {metrics.total === 0
          ? `No intake fact of the period's ${metrics.cases} cases was corrected.`
          : `${metrics.total} correction${metrics.total === 1 ? "" : "s"} on ${metrics.cases_corrected} of ${metrics.cases} cases: how often the engine misread each fact, as reviewers found it.`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <caption className="sr-only">Corrections per intake fact from the period&apos;s cases</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">Fact</th>
              <th scope="col" className="px-3 py-2 text-right">Corrections</th>
              <th scope="col" className="px-3 py-2 text-right">Cases corrected</th>
              <th scope="col" className="px-3 py-2 text-right">Share of cases</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.field} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-medium">{f.label}</th>
                <td className="px-3 py-2 text-right tabular-nums">{f.corrections}</td>
                <td className="px-3 py-2 text-right tabular-nums">{f.cases_corrected}</td>
                <td className="px-3 py-2 text-right tabular-nums">{pct(f.case_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function MetricsReport() {
  const [period, setPeriod] = useState(() => {
    const to = new Date();
    return { from: isoDay(new Date(to.getTime() - 29 * DAY_MS)), to: isoDay(to) };
  });
  const query = new URLSearchParams(period).toString();
  const report = useQuery({ queryKey: ["metrics", query], queryFn: () => apiFetch<TMetricsReport>(`/reports/metrics?${query}`) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPeriod({ from: String(form.get("from")), to: String(form.get("to")) });
  }

  return (
    <section aria-labelledby="reports-title" className="space-y-6">
      <div>
        <h1 id="reports-title" className="text-2xl font-semibold">Reports</h1>
        <p className="text-sm text-slate-600">
          Prior authorization metrics as CMS-0057-F asks payers to publish: per drug or procedure and overall, standard and expedited requests
          received in the period. Percentages are shares of all requests; times run from receipt to the final decision.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Report period">
        <div><Field label="From" name="from" type="date" defaultValue={period.from} required /></div>
        <div><Field label="To" name="to" type="date" defaultValue={period.to} required /></div>
        <Button type="submit">Show</Button>
        <a href={`/api/v1/reports/metrics?${query}&format=csv`} download className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Download CSV
        </a>
      </form>
      {report.isPending ? <Loading /> : report.error ? <ErrorState message={report.error.message} /> : report.data.overall.all.requests === 0 ? (
        <Empty title="No requests in this period">Choose another period.</Empty>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
            <caption className="sr-only">Metrics from {report.data.from} to {report.data.to}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">Item</th>
                <th scope="col" className="px-3 py-2 text-left">Requests</th>
                <th scope="col" className="px-3 py-2 text-right">Number</th>
                <th scope="col" className="px-3 py-2 text-right">Approved</th>
                <th scope="col" className="px-3 py-2 text-right">Denied</th>
                <th scope="col" className="px-3 py-2 text-right">Approved after review</th>
                <th scope="col" className="px-3 py-2 text-right">Average time to decision</th>
                <th scope="col" className="px-3 py-2 text-right">Median time to decision</th>
              </tr>
            </thead>
            <tbody>
              <GroupRows label="All items" kind="overall" group={report.data.overall} strong />
              {report.data.items.map((item) => (
                <GroupRows key={`${item.item_type}:${item.item}`} label={item.item} kind={item.item_type} group={item} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.data && report.data.overall.all.requests > 0 && report.data.corrections && <CorrectionsTable metrics={report.data.corrections} />}
    </section>
  );
}
