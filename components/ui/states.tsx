import type { ReactNode } from "react";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return <p role="status" className="p-6 text-sm text-slate-600">{label}</p>;
}

export function ErrorState({ message }: { message: string }) {
  return <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{message}</p>;
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}

const NOTICE_TONES = {
  info: "border-sky-200 bg-sky-50 text-sky-950",
  waiting: "border-slate-200 bg-slate-50 text-slate-800",
  warning: "border-amber-200 bg-amber-50 text-amber-950",
};

/** A calm state that is not an error: still processing, nothing applies yet, not found. */
export function Notice({ title, children, tone = "info", icon }: { title: string; children?: ReactNode; tone?: keyof typeof NOTICE_TONES; icon?: ReactNode }) {
  return (
    <div role="status" className={`flex gap-3 rounded-md border p-3 text-sm ${NOTICE_TONES[tone]}`}>
      {icon && <span className="mt-0.5 shrink-0">{icon}</span>}
      <div>
        <p className="font-medium">{title}</p>
        {children && <div className="mt-1">{children}</div>}
      </div>
    </div>
  );
}
