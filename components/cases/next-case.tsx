"use client";

import Link from "next/link";
import { forwardRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/api-client";
import { caseKeys } from "@/lib/portal/case-queries";
import type { Page, PriorAuth } from "@/lib/portal/types";
import { pickNextCase } from "@/lib/prior-auths/pick-next-case";

/** The next case in the queue's order (lib/prior-auths/pick-next-case.ts), from the lists the queue itself shows. */
export function useNextCase(currentId: string) {
  return useQuery({
    queryKey: [...caseKeys.all, "next", currentId],
    queryFn: async () => {
      const needsReview = await apiFetch<Page<PriorAuth>>("/prior_auths?view=needs_review&sort=due&limit=5");
      const picked = pickNextCase(currentId, needsReview.data, []);
      if (picked) return picked;
      const open = await apiFetch<Page<PriorAuth>>("/prior_auths?view=open&sort=due&limit=10");
      return pickNextCase(currentId, [], open.data);
    },
    staleTime: 5_000,
  });
}

/** "Next case →" to the next case of the queue, or a quiet note when the queue is empty. */
export const NextCaseLink = forwardRef<HTMLAnchorElement, { currentId: string; className?: string }>(function NextCaseLink({ currentId, className = "" }, ref) {
  const next = useNextCase(currentId);
  if (next.isPending || next.error) return null;
  if (!next.data) return <span className="text-sm text-slate-600">No other open case in the queue.</span>;
  return (
    <Link ref={ref} href={`/cases/${next.data.id}`} className={`inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-blue-800 hover:bg-slate-50 ${className}`}>
      Next case →<span className="sr-only">: {next.data.case_id}{next.data.patient_name ? `, ${next.data.patient_name}` : ""}</span>
    </Link>
  );
});
