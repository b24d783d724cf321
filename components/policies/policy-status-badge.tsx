const STYLE = { active: "bg-emerald-100 text-emerald-900", draft: "bg-amber-100 text-amber-900", retired: "bg-slate-200 text-slate-800" } as const;

export function PolicyStatusBadge({ status }: { status: keyof typeof STYLE }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STYLE[status] ?? STYLE.draft}`}>{status}</span>;
}
