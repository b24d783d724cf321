"use client";

import type { IntakeView } from "@/lib/portal/intake-view";
import { AlertIcon } from "@/components/ui/icons";

/** Shown first on the case: the documents name different patients, so no approval without a person. */
export function IdentityConflicts({ conflicts }: { conflicts: IntakeView["identityConflicts"] }) {
  if (!conflicts.length) return null;
  return (
    <div role="alert" data-testid="identity-conflicts" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      <p className="flex items-center gap-1.5 font-semibold"><AlertIcon /> The documents may be about different patients</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">{conflicts.map((c) => <li key={c.text}>{c.text}</li>)}</ul>
      <p className="mt-1">Check that every document belongs to this patient. The case cannot be approved without a person&apos;s review.</p>
    </div>
  );
}

/** Member ID, payer and plan for the case header; nothing until the intake is read. */
export function CoverageSummary({ coverage }: { coverage: IntakeView["coverage"] }) {
  const items = [
    { label: "Member ID", value: coverage?.memberId, testId: "case-member-id" },
    { label: "Payer", value: coverage?.payer, testId: "case-payer" },
    { label: "Plan", value: [coverage?.plan, coverage?.group ? `group ${coverage.group}` : null].filter(Boolean).join(" · "), testId: "case-plan" },
  ];
  return (
    <>
      {items.map((i) => (
        <div key={i.label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{i.label}</dt>
          <dd data-testid={i.testId} className="text-slate-900">{i.value || <span className="text-slate-600">Not stated</span>}</dd>
        </div>
      ))}
    </>
  );
}
