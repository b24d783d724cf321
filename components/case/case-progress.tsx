import type { ReactNode } from "react";
import type { Stage, StageState as StepState } from "@/lib/portal/case-state";
import { CheckIcon, CrossIcon, SpinnerIcon } from "@/components/ui/icons";

// Where the case stands, as a strip to glance at: received, read, checked, determined, decided. The stages come from
// caseState (lib/portal/case-state.ts), so the strip says what the header, the action bar and the history say.

const ICON: Record<StepState, ReactNode> = {
  done: <span className="flex h-6 w-6 items-center justify-center rounded-full bg-emerald-600 text-white"><CheckIcon className="h-3.5 w-3.5" /></span>,
  active: <span className="flex h-6 w-6 items-center justify-center rounded-full bg-sky-100 text-sky-800 ring-2 ring-sky-600"><SpinnerIcon className="h-3.5 w-3.5" /></span>,
  failed: <span className="flex h-6 w-6 items-center justify-center rounded-full bg-red-100 text-red-800 ring-2 ring-red-600"><CrossIcon className="h-3.5 w-3.5" /></span>,
  todo: <span className="flex h-6 w-6 items-center justify-center rounded-full bg-white ring-2 ring-slate-300" />,
};
const STATE_TEXT: Record<StepState, string> = { done: "done", active: "in progress", failed: "stopped", todo: "not yet" };

export function CaseProgress({ stages }: { stages: Stage[] }) {
  return (
    <ol aria-label="Case progress" className="grid grid-cols-2 gap-3 sm:grid-cols-5 sm:gap-0">
      {stages.map((s, i) => (
        <li key={s.label} className="relative flex items-start gap-2 sm:flex-col sm:items-center sm:text-center">
          {i > 0 && <span aria-hidden="true" className={`absolute top-3 hidden h-0.5 sm:block ${s.state === "todo" ? "bg-slate-200" : "bg-emerald-500"}`} style={{ right: "calc(50% + 0.9rem)", width: "calc(100% - 1.8rem)" }} />}
          <span className="relative z-10 shrink-0">{ICON[s.state]}</span>
          <span className="min-w-0 text-xs sm:mt-1">
            <span className="block font-medium text-slate-900">{s.label}<span className="sr-only">: {STATE_TEXT[s.state]}</span></span>
            <span className="block text-slate-600">{s.detail}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
