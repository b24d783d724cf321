import { statusLabel } from "@/lib/portal/status-labels";

const COLORS: Record<string, string> = {
  Processing: "bg-sky-100 text-sky-900 ring-sky-200",
  Succeeded: "bg-blue-50 text-blue-900 ring-blue-200",
  Failed: "bg-red-100 text-red-900 ring-red-200",
  Cancelled: "bg-slate-200 text-slate-800 ring-slate-300",
  approved: "bg-emerald-100 text-emerald-900 ring-emerald-200",
  denied: "bg-red-100 text-red-900 ring-red-200",
  pending_review: "bg-amber-100 text-amber-900 ring-amber-200",
  request_for_information: "bg-violet-100 text-violet-900 ring-violet-200",
};

/** A case status as a coloured pill; the words carry the meaning, the colour only helps scanning. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${COLORS[status] ?? "bg-slate-100 text-slate-900 ring-slate-200"}`}>
      {status === "Processing" && <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-sky-600 motion-reduce:animate-none" />}
      {statusLabel(status)}
    </span>
  );
}
