"use client";

import { useMemo } from "react";
import { PortalApiError } from "@/lib/portal/api-client";
import { formatNdc } from "@/lib/portal/intake-view";
import type { PolicyCheck, SupportingInformation } from "@/lib/portal/types";
import { Section } from "@/components/ui/section";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { CheckIcon } from "@/components/ui/icons";
import { TableScroll } from "@/components/ui/table-scroll";

const STATUS_TEXT: Record<string, string> = { paid: "text-emerald-800", denied: "text-red-800", pending: "text-slate-700", approved: "text-emerald-800" };

const formatDate = (d: string) => {
  const [y, m, day] = d.split("-").map(Number);
  return y && m && day ? new Date(Date.UTC(y, m - 1, day)).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" }) : d;
};

/** Claim history and test claim; claims the latest policy check cites as step-therapy trials are marked. */
export function ClaimsPanel({ info, latestCheck, highlighted }: {
  info: { data?: SupportingInformation; isPending: boolean; error: Error | null };
  latestCheck: PolicyCheck | undefined;
  highlighted: string[];
}) {
  // claim id -> the steps that cite it
  const trials = useMemo(() => {
    const map = new Map<string, number[]>();
    for (const step of latestCheck?.policy_check ?? []) {
      for (const e of step.evidence) if (e.claim_id) map.set(e.claim_id, [...new Set([...(map.get(e.claim_id) ?? []), step.step])]);
    }
    return map;
  }, [latestCheck]);

  return (
    <Section id="claims" title="Supporting information">
      {info.isPending ? <Loading label="Loading claims…" /> : info.error ? (
        info.error instanceof PortalApiError && info.error.status === 404 ? <Notice title="No supporting information yet" tone="waiting" /> : <ErrorState message={info.error.message} />
      ) : !info.data || (info.data.claim_history.length === 0 && !info.data.test_claim) ? (
        <Notice title="No claims attached yet" tone="waiting">Claim history and a test claim arrive through the API (POST /api/v1/prior_auths/…/supporting_information).</Notice>
      ) : (
        <div className="space-y-4">
          {info.data.claim_history.length > 0 && (
            <div>
              <TableScroll label="Claim history">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Claim history</caption>
                  <thead className="text-xs uppercase tracking-wide text-slate-700">
                    <tr className="border-b border-slate-200">
                      <th scope="col" className="py-1.5 pr-3 font-semibold">Claim</th>
                      <th scope="col" className="py-1.5 pr-3 font-semibold">Date</th>
                      <th scope="col" className="py-1.5 pr-3 font-semibold">Type</th>
                      <th scope="col" className="py-1.5 pr-3 font-semibold">Drug or procedure</th>
                      <th scope="col" className="py-1.5 pr-3 font-semibold">Status</th>
                      <th scope="col" className="py-1.5 font-semibold">Step therapy</th>
                    </tr>
                  </thead>
                  <tbody>
                    {info.data.claim_history.map((c) => {
                      const steps = trials.get(c.claim_id);
                      const isHighlighted = highlighted.includes(c.claim_id);
                      return (
                        <tr key={c.claim_id} id={`claim-${c.claim_id}`} className={`scroll-mt-24 border-b border-slate-100 align-top ${isHighlighted ? "bg-yellow-100" : steps ? "bg-emerald-50/60" : ""}`}>
                          <td className="whitespace-nowrap py-1.5 pr-3 font-mono text-xs text-slate-900">{c.claim_id}</td>
                          <td className="whitespace-nowrap py-1.5 pr-3">{formatDate(c.date)}</td>
                          <td className="py-1.5 pr-3 capitalize">{c.type}</td>
                          <td className="py-1.5 pr-3">
                            {c.drug_name ?? c.procedure_code ?? "—"}
                            {c.ndc && <span className="block text-xs text-slate-600">NDC {formatNdc(c.ndc)}{c.days_supply ? ` · ${c.days_supply} days` : ""}</span>}
                            {c.drug_name && c.procedure_code && <span className="block text-xs text-slate-600">{c.procedure_code}</span>}
                          </td>
                          <td className={`py-1.5 pr-3 capitalize ${STATUS_TEXT[c.status] ?? ""}`}>{c.status}</td>
                          <td className="py-1.5">
                            {steps ? (
                              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                                <CheckIcon className="h-3.5 w-3.5 shrink-0" /> Counted as a trial · step {steps.join(", ")}
                              </span>
                            ) : <span className="text-slate-500">—</span>}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableScroll>
              {!latestCheck && <p className="mt-2 text-xs text-slate-600">Run the policy check to see which claims count as step-therapy trials.</p>}
            </div>
          )}
          {info.data.test_claim && (
            <div className="rounded-md border border-slate-200 p-3 text-sm">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-700">Test claim</h3>
              <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
                <dt className="text-slate-600">Claim</dt><dd className="font-mono text-xs">{info.data.test_claim.claim_id}</dd>
                <dt className="text-slate-600">Date</dt><dd>{formatDate(info.data.test_claim.date)}</dd>
                <dt className="text-slate-600">Status</dt><dd className={`capitalize ${STATUS_TEXT[info.data.test_claim.status] ?? ""}`}>{info.data.test_claim.status}</dd>
                {info.data.test_claim.expected_coverage !== undefined && <><dt className="text-slate-600">Coverage expected</dt><dd>{info.data.test_claim.expected_coverage ? "Yes" : "No"}</dd></>}
                {info.data.test_claim.adjudication_notes && <><dt className="text-slate-600">Notes</dt><dd>{info.data.test_claim.adjudication_notes}</dd></>}
              </dl>
            </div>
          )}
        </div>
      )}
    </Section>
  );
}
