import type { PriorAuth } from "@/lib/portal/types";

type Progress = NonNullable<PriorAuth["intake_progress"]>;

const PHASE: Record<Progress["phase"], string> = {
  fetching: "Fetching",
  reading: "Reading text of",
  recognizing: "Recognising scanned pages of",
  extracting: "Extracting the intake from",
};

/** What the reading of a Processing case is doing, in words and as a bar of the current document's pages. */
export function readingProgressText(progress: Progress): string {
  const of = progress.documents > 1 ? `document ${progress.document} of ${progress.documents}` : "the document";
  if (progress.phase === "extracting") return `${PHASE.extracting} ${progress.documents > 1 ? "the documents" : "the document"}`;
  const pages = progress.pages_total > 0 ? `: page ${Math.min(progress.pages_done, progress.pages_total)} of ${progress.pages_total}` : "";
  return `${PHASE[progress.phase]} ${of}${pages}`;
}

export function ReadingProgress({ progress }: { progress: PriorAuth["intake_progress"] }) {
  if (!progress) return null;
  const share = progress.pages_total > 0 ? Math.min(1, progress.pages_done / progress.pages_total) : 0;
  const label = readingProgressText(progress);
  return (
    <div className="mt-2 space-y-1">
      <p className="text-xs text-slate-700">{label}</p>
      <div
        role="progressbar"
        aria-label="Reading the documents"
        aria-valuetext={label}
        aria-valuemin={0}
        aria-valuemax={progress.pages_total || 1}
        aria-valuenow={progress.pages_total ? progress.pages_done : 0}
        className="h-1.5 w-full max-w-md overflow-hidden rounded-full bg-sky-100"
      >
        <div className="h-full rounded-full bg-sky-600 transition-[width]" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
