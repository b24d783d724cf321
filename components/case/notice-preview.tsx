"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/lib/portal/api-client";
import { caseKeys } from "@/lib/portal/case-queries";
import type { ZNoticePreview } from "@/lib/schemas/notice-preview";
import { ErrorState, Loading } from "@/components/ui/states";
import { AlertIcon } from "@/components/ui/icons";
import { TextWithTableQuotes } from "./text-with-table-quotes";
import { usePageTexts } from "./use-page-texts";
import { noticeSubjectRows } from "@/lib/notices/notice-letter-rows";

type Preview = z.infer<typeof ZNoticePreview>;

/** The letter's lines as the PDF prints them (the same rows: lib/notices/notice-letter-rows.ts): label and value. */
const letterRows = (n: Preview["notice"]): [string, string][] => noticeSubjectRows(n).map(([label, value]) => [label, value]);

/** A value that settles for a moment before it is used (the note is typed). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The notice the chosen decision would send, built and worded by the service exactly as it will be issued (from the
 * corrected facts), before it is recorded; it says what to correct while the patient or the drug is unread.
 */
export function NoticePreview({ priorAuthId, decision, note, reasonCode, amendmentReason }: {
  priorAuthId: string; decision: string; note: string; reasonCode: string; amendmentReason: string;
}) {
  const pages = usePageTexts(priorAuthId);
  const params = new URLSearchParams({ outcome: decision });
  if (note.trim()) params.set("note", note.trim());
  if (decision === "denied" && reasonCode) params.set("reason_code", reasonCode);
  if (amendmentReason.trim()) params.set("amendment_reason", amendmentReason.trim());
  const query = useSettled(params.toString());
  const preview = useQuery({
    queryKey: [...caseKeys.part(priorAuthId, "notice-preview"), query],
    queryFn: () => apiFetch<Preview>(`/prior_auths/${encodeURIComponent(priorAuthId)}/notice_preview?${query}`),
    enabled: Boolean(decision),
    placeholderData: (previous) => previous,
  });
  if (!decision) return null;
  const pdfUrl = `/api/v1/prior_auths/${encodeURIComponent(priorAuthId)}/notice_preview?${query}&format=pdf`;
  return (
    <section aria-label="Notice preview" className="rounded-md border border-slate-300 bg-slate-50 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Notice preview <span className="font-normal text-slate-600">(sent when you record the decision)</span></h3>
        <a href={pdfUrl} target="_blank" rel="noreferrer" className="text-sm text-blue-800 underline underline-offset-2">Open the letter (PDF)</a>
      </div>
      {preview.isPending ? <Loading label="Preparing the notice…" /> : preview.error ? <ErrorState message={preview.error.message} /> : (
        <div className="mt-2 space-y-2">
          {!preview.data.ready && (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-2.5 text-sm text-red-900">
              <p className="flex items-center gap-1.5 font-medium"><AlertIcon /> This notice cannot be sent yet</p>
              <ul className="mt-1 list-disc pl-6">{preview.data.unverified.map((u) => <li key={u.field}>{u.message}</li>)}</ul>
              <a href="#corrections" className="mt-1 inline-block font-medium underline underline-offset-2">Correct the facts</a>
            </div>
          )}
          <article data-testid="notice-letter" className="space-y-2 rounded border border-slate-200 bg-white p-3 text-sm text-slate-900">
            <p className="text-base font-semibold">{preview.data.notice.title}</p>
            {preview.data.notice.correction && <p className="font-medium text-red-900">{preview.data.notice.correction.statement}</p>}
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
              {letterRows(preview.data.notice).map(([label, value]) => (
                <div key={label} className="contents"><dt className="text-slate-600">{label}:</dt><dd className="min-w-0 break-words">{value}</dd></div>
              ))}
            </dl>
            <p>{preview.data.notice.decision}</p>
            {preview.data.notice.reasons.length > 0 && (
              <ol className="list-decimal space-y-1 pl-5">
                {preview.data.notice.reasons.map((r, i) => <li key={i}><span className="font-medium">{r.text}</span>{r.finding ? <TextWithTableQuotes text={r.finding} pages={pages} label={`Reason ${i + 1}`} className="block text-xs text-slate-700" /> : null}</li>)}
              </ol>
            )}
            {preview.data.notice.requested_information.length > 0 && (
              <ol className="list-decimal space-y-0.5 pl-5">{preview.data.notice.requested_information.map((item) => <li key={item}>{item}</li>)}</ol>
            )}
            {preview.data.notice.reviewer_note && <p>Reviewer&apos;s note: {preview.data.notice.reviewer_note}</p>}
            {preview.data.notice.appeal && <p className="text-xs text-slate-700">{preview.data.notice.appeal}</p>}
          </article>
        </div>
      )}
    </section>
  );
}
