import type { PolicyCheckStep, StepOutcome } from "@/lib/portal/types";
import { CheckIcon, CrossIcon, HandIcon, QuestionIcon } from "@/components/ui/icons";

export const OUTCOME: Record<StepOutcome, { label: string; icon: typeof CheckIcon; chip: string; text: string }> = {
  met: { label: "Met", icon: CheckIcon, chip: "bg-emerald-100 text-emerald-900 ring-emerald-300", text: "text-emerald-800" },
  not_met: { label: "Not met", icon: CrossIcon, chip: "bg-red-100 text-red-900 ring-red-300", text: "text-red-800" },
  missing: { label: "Missing", icon: QuestionIcon, chip: "bg-amber-100 text-amber-950 ring-amber-300", text: "text-amber-900" },
  manual: { label: "Manual", icon: HandIcon, chip: "bg-violet-100 text-violet-900 ring-violet-300", text: "text-violet-900" },
};

/** How a step reads to a reviewer: an unmet alternative (outcome missing for its group) is not met itself, and is
 * nothing to ask for; its reason says which alternative may still meet the requirement. */
export const shownOutcome = (step: Pick<PolicyCheckStep, "outcome" | "unmet_alternative">): StepOutcome => (step.unmet_alternative ? "not_met" : step.outcome);

/** A step's outcome as an icon and a word (never colour alone). */
export function OutcomeLabel({ outcome, className = "" }: { outcome: StepOutcome; className?: string }) {
  const o = OUTCOME[outcome] ?? OUTCOME.manual;
  const Icon = o.icon;
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${o.chip} ${className}`}>
      <Icon className="h-3.5 w-3.5" />{o.label}
    </span>
  );
}

export const OVERALL: Record<string, { label: string; className: string }> = {
  met: { label: "All criteria met", className: "bg-emerald-100 text-emerald-900" },
  not_met: { label: "Criteria not met", className: "bg-red-100 text-red-900" },
  missing: { label: "Information missing", className: "bg-amber-100 text-amber-950" },
};
