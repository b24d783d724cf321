"use client";

import { useEffect, useRef, useState } from "react";

type PdfJs = typeof import("pdfjs-dist");
let pdfjsPromise: Promise<PdfJs> | null = null;

/** pdf.js in the browser, with its worker from the installed package (no CDN). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist").then((pdfjs) => {
    if (!pdfjs.GlobalWorkerOptions.workerPort) {
      pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url), { type: "module" });
    }
    return pdfjs;
  });
  return pdfjsPromise;
}

const documents = new Map<string, Promise<import("pdfjs-dist").PDFDocumentProxy>>();

/** One page of a stored PDF drawn on a canvas, for people who would rather look than read. */
export function PdfPageImage({ documentId, page, width = 560 }: { documentId: string; page: number; width?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = `${documentId}:${page}:${width}`;
  const [result, setResult] = useState<{ key: string; ok: boolean } | null>(null);
  const state = result?.key === key ? (result.ok ? "ready" : "error") : "loading";

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const pdfjs = await loadPdfJs();
      if (!documents.has(documentId)) documents.set(documentId, pdfjs.getDocument({ url: `/api/v1/documents/${documentId}/content`, withCredentials: true }).promise);
      const pdf = await documents.get(documentId)!;
      const pdfPage = await pdf.getPage(Math.min(Math.max(page, 1), pdf.numPages));
      const base = pdfPage.getViewport({ scale: 1 });
      const viewport = pdfPage.getViewport({ scale: width / base.width });
      const target = canvas.current;
      if (!target || cancelled) return;
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      await pdfPage.render({ canvas: target, viewport }).promise;
      if (!cancelled) setResult({ key, ok: true });
    })().catch(() => {
      if (!cancelled) setResult({ key, ok: false });
    });
    return () => {
      cancelled = true;
    };
  }, [documentId, page, width, key]);

  return (
    <figure className="space-y-1">
      <canvas ref={canvas} role="img" aria-label={`Page ${page} of the document`} className={`w-full rounded border border-slate-200 bg-white shadow-sm ${state === "ready" ? "" : "hidden"}`} />
      {state === "loading" && <p role="status" className="text-xs text-slate-600">Rendering page {page}…</p>}
      {state === "error" && <p className="text-xs text-slate-600">The page image could not be drawn; its text is shown below.</p>}
    </figure>
  );
}
