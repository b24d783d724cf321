"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useState } from "react";
import type { CaseDocument } from "@/lib/portal/types";
import { findQuote } from "@/components/ui/highlighted-text";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { DocumentIcon } from "@/components/ui/icons";
import { DocumentText } from "./document-text";
import { PdfPageView } from "./pdf-page-view";
import { DRAWABLE_IMAGE_TYPES, ImagePageView } from "./image-page-view";
import { sameText, type Selection } from "./selection";
import { EvidencePlacement } from "./evidence-placement";

const isPdf = (d: CaseDocument) => d.content_type === "application/pdf";
const isJson = (d: CaseDocument) => /json/.test(d.content_type);
const isDrawableImage = (d: CaseDocument) => DRAWABLE_IMAGE_TYPES.includes(d.content_type);
const pageCount = (d: CaseDocument) => Math.max(d.page_count ?? 0, d.pages?.length ?? 0, 1);
const docName = (d: CaseDocument, i: number) => d.file_name ?? (isJson(d) ? `Document ${i + 1} (JSON)` : `Document ${i + 1}`);

/** Where the quote stands in a text: the stored span when it still says the quote, else a search for it. */
function locate(text: string, selection: Selection): { start: number; end: number } | null {
  if (selection.start !== undefined && selection.end !== undefined && selection.end <= text.length && sameText(text.slice(selection.start, selection.end), selection.quote)) {
    return { start: selection.start, end: selection.end };
  }
  return selection.quote ? findQuote(text, selection.quote) : null;
}

/** The case's documents page by page: the page drawn by pdf.js, and its text with the selected evidence marked. */
export function DocumentViewer({ documents, selection }: { documents: { data?: { data: CaseDocument[] }; isPending: boolean; error: Error | null }; selection: Selection | null }) {
  const headingId = useId();
  const [manual, setManual] = useState<{ selectionKey: string | null; documentId: string; page: number } | null>(null);
  const [showImage, setShowImage] = useState(true);
  const docs = useMemo(() => documents.data?.data ?? [], [documents.data]);

  // A new selection takes the viewer to its evidence; paging by hand holds until the next selection.
  const selectionKey = selection?.key ?? null;
  const held = manual && manual.selectionKey === selectionKey ? manual : null;
  const selectedDoc = selection?.documentId ? docs.find((d) => d.id === selection.documentId) : undefined;
  const doc = (held && docs.find((d) => d.id === held.documentId)) || selectedDoc || docs[0];
  const page = doc ? Math.min(held?.page ?? (selectedDoc && selection?.page ? selection.page : 1), pageCount(doc)) : 1;
  const go = (documentId: string, nextPage: number) => setManual({ selectionKey, documentId, page: nextPage });

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">Documents</h2>
        {doc && (isPdf(doc) || isDrawableImage(doc)) && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={showImage} onChange={(e) => setShowImage(e.target.checked)} className="h-4 w-4 accent-blue-700" /> Page image
          </label>
        )}
      </div>
      <div className="space-y-3 p-4">
        {documents.isPending ? <Loading label="Loading the documents…" /> : documents.error ? <ErrorState message={documents.error.message} /> : !doc ? (
          <Notice title="No documents yet" tone="waiting">Documents appear here once the service has fetched them.</Notice>
        ) : (
          <>
            {docs.length > 1 && (
              <ul aria-label="Documents of this case" className="flex flex-wrap gap-1.5">
                {docs.map((d, i) => (
                  <li key={d.id}>
                    <button type="button" aria-pressed={d.id === doc.id} onClick={() => go(d.id, 1)}
                      className={`inline-flex max-w-60 items-center gap-1.5 rounded-md border px-2 py-1 text-xs ${d.id === doc.id ? "border-blue-700 bg-blue-50 font-medium text-blue-900" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}>
                      <DocumentIcon className="h-3.5 w-3.5 shrink-0" /><span className="truncate">{docName(d, i)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <DocumentPage doc={doc} name={docName(doc, docs.indexOf(doc))} page={page} onPage={(p) => go(doc.id, p)} selection={selection && selection.documentId === doc.id && (selection.page ?? 1) === page ? selection : null}
              otherPlace={selection && selection.documentId && (selection.documentId !== doc.id || (selection.page ?? 1) !== page) ? selection : null}
              onShowSelection={() => selection?.documentId && setManual(null)} showImage={showImage} />
          </>
        )}
      </div>
    </section>
  );
}

function DocumentPage({ doc, name, page, onPage, selection, otherPlace, onShowSelection, showImage }: {
  doc: CaseDocument; name: string; page: number; onPage: (p: number) => void; selection: Selection | null; otherPlace: Selection | null; onShowSelection: () => void; showImage: boolean;
}) {
  const count = pageCount(doc);
  const json = isJson(doc) || (!isPdf(doc) && !doc.pages?.length);
  const content = useQuery({
    queryKey: ["document-content", doc.id],
    queryFn: async () => {
      const response = await fetch(`/api/v1/documents/${doc.id}/content`, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`The document could not be loaded (HTTP ${response.status}).`);
      const text = await response.text();
      try {
        return JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        return text;
      }
    },
    enabled: json,
    staleTime: Infinity,
  });
  const text = json ? (content.data ?? "") : (doc.pages?.find((p) => p.page === page)?.text ?? "");
  const span = useMemo(() => (selection ? locate(text, selection) : null), [text, selection]);
  // Whether the drawn page could mark the quote, for the selection and page it was drawn for.
  const placementKey = `${selection?.key ?? ""}:${doc.id}:${page}`;
  const [placement, setPlacement] = useState<{ key: string; placed: boolean } | null>(null);
  const onPlacement = useCallback((placed: boolean) => setPlacement({ key: placementKey, placed }), [placementKey]);
  const imageShown = showImage && (isPdf(doc) || isDrawableImage(doc));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="min-w-0 truncate font-medium text-slate-800" title={name}>{name}</p>
        {!json && count > 1 && (
          <nav aria-label="Pages" className="flex items-center gap-1">
            <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} className="rounded border border-slate-300 px-2 py-0.5 text-slate-800 hover:bg-slate-50 disabled:text-slate-400">
              <span aria-hidden="true">‹</span><span className="sr-only">Previous page</span>
            </button>
            {count <= 12 ? Array.from({ length: count }, (_, i) => i + 1).map((p) => (
              <button key={p} type="button" aria-current={p === page ? "page" : undefined} aria-label={`Page ${p}`} onClick={() => onPage(p)}
                className={`min-w-7 rounded px-1.5 py-0.5 text-xs ${p === page ? "bg-blue-700 font-medium text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"}`}>{p}</button>
            )) : <span className="px-2 text-slate-700">Page {page} of {count}</span>}
            <button type="button" onClick={() => onPage(page + 1)} disabled={page >= count} className="rounded border border-slate-300 px-2 py-0.5 text-slate-800 hover:bg-slate-50 disabled:text-slate-400">
              <span aria-hidden="true">›</span><span className="sr-only">Next page</span>
            </button>
          </nav>
        )}
      </div>

      {selection && (
        <EvidencePlacement selection={selection} pageText={text} inText={span !== null} imageShown={imageShown}
          onImage={imageShown ? (placement?.key === placementKey ? placement.placed : null) : null} />
      )}
      {otherPlace && (
        <p className="text-sm text-slate-700">
          The evidence of <span className="font-medium">{otherPlace.label}</span> is elsewhere.{" "}
          <button type="button" onClick={onShowSelection} className="font-medium text-blue-800 underline">Show it</button>
        </p>
      )}

      {json ? (
        content.isPending ? <Loading label="Loading the document…" /> : content.error ? <ErrorState message={content.error.message} /> : (
          <DocumentText text={text} span={span} label={`Content of ${name}`} />
        )
      ) : (
        <>
          {isPdf(doc) && showImage && <PdfPageView documentId={doc.id} page={page} quote={selection?.quote || null} label={`Page ${page} of ${name}`} recognition={doc.pages?.find((p) => p.page === page)?.recognition} onPlacement={onPlacement} />}
          {isDrawableImage(doc) && showImage && <ImagePageView documentId={doc.id} quote={selection?.quote || null} label={`Image ${name}`} recognition={doc.pages?.find((p) => p.page === page)?.recognition} onPlacement={onPlacement} />}
          <div>
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-700">Text read from page {page}</h3>
            <DocumentText text={text} span={span} label={`Text of ${name}, page ${page}`} emptyText={isPdf(doc) ? "No text was found on this page (a scanned image?)." : undefined} />
          </div>
        </>
      )}
    </div>
  );
}
