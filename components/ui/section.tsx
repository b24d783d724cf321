import { useId, type ReactNode } from "react";

/** A titled region of a page (a landmark with its heading as name), with optional actions beside the title. */
export function Section({ title, actions, children, id, className = "" }: { title: ReactNode; actions?: ReactNode; children: ReactNode; id?: string; className?: string }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-4 rounded-lg border border-slate-200 bg-white ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">{title}</h2>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}
