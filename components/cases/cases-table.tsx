"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/api-client";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { StatusBadge } from "./status-badge";

interface PriorAuthRow { id: string; case_id: string; status: string; intake_status: string; created_at: string; failure_reason: string | null }

export function CasesTable() {
  const cases = useQuery({
    queryKey: ["prior-auths"],
    queryFn: () => apiFetch<{ data: PriorAuthRow[]; next_cursor: string | null }>("/prior_auths?limit=50"),
    refetchInterval: (query) => (query.state.data?.data.some((c) => c.status === "Processing") ? 2_000 : 15_000),
  });
  if (cases.isPending) return <Loading label="Loading cases…" />;
  if (cases.error) return <ErrorState message={cases.error.message} />;
  if (cases.data.data.length === 0) return <Empty title="No cases yet">Cases arrive through the API (POST /api/v1/prior_auths).</Empty>;
  return (
    <table className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
      <thead className="bg-slate-50 text-slate-700"><tr><th className="px-3 py-2">Case</th><th className="px-3 py-2">Status</th><th className="px-3 py-2">Received</th></tr></thead>
      <tbody>
        {cases.data.data.map((c) => (
          <tr key={c.id} className="border-t border-slate-100">
            <td className="px-3 py-2 font-medium">{c.case_id}</td>
            <td className="px-3 py-2"><StatusBadge status={c.status} />{c.failure_reason && <span className="ml-2 text-xs text-red-800">{c.failure_reason}</span>}</td>
            <td className="px-3 py-2">{formatDateTime(c.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
