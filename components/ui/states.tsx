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
