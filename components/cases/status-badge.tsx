const COLORS: Record<string, string> = {
  Processing: "bg-sky-100 text-sky-900",
  Succeeded: "bg-slate-100 text-slate-900",
  Failed: "bg-red-100 text-red-900",
  Cancelled: "bg-slate-200 text-slate-800",
  approved: "bg-emerald-100 text-emerald-900",
  denied: "bg-red-100 text-red-900",
  pending_review: "bg-amber-100 text-amber-900",
  request_for_information: "bg-violet-100 text-violet-900",
};

const LABELS: Record<string, string> = {
  Succeeded: "Ready for review",
  pending_review: "Pending review",
  request_for_information: "Info requested",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${COLORS[status] ?? "bg-slate-100 text-slate-900"}`}>{LABELS[status] ?? status.replace(/_/g, " ")}</span>;
}
