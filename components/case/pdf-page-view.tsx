"use client";

import { useEffect, useRef, useState } from "react";
import { recognisedQuoteBoxes, type PageBox, type Recognition } from "@/lib/portal/recognised-boxes";
import { placeQuote } from "@/lib/portal/place-quote";
import { PageHighlights, RecognitionCaption } from "./page-highlights";

type PdfJs = typeof import("pdfjs-dist");
type PdfDocument = import("pdfjs-dist").PDFDocumentProxy;
type TextItem = { str: string; transform: number[]; width: number; height: number; hasEOL?: boolean };

let pdfjsPromise: Promise<PdfJs> | null = null;

/**
 * pdf.js in the browser with its worker taken from the installed package (bundled, no CDN, nothing copied to public/).
 * When a module worker cannot start, pdf.js runs on the main thread with the same worker code.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist").then(async (pdfjs) => {
    if (!pdfjs.GlobalWorkerOptions.workerPort && !pdfjs.GlobalWorkerOptions.workerSrc) {
      try {
        pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url), { type: "module" });
      } catch {
        // @ts-expect-error the worker bundle ships without type declarations
        (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import("pdfjs-dist/build/pdf.worker.min.mjs");
      }
    }
    return pdfjs;
  });
  return pdfjsPromise;
}

const documents = new Map<string, Promise<PdfDocument>>();
function openDocument(pdfjs: PdfJs, documentId: string): Promise<PdfDocument> {
  let doc = documents.get(documentId);
  if (!doc) {
    doc = pdfjs.getDocument({ url: `/api/v1/documents/${documentId}/content`, withCredentials: true }).promise;
    doc.catch(() => documents.delete(documentId));
    documents.set(documentId, doc);
  }
  return doc;
}

/** Boxes (fractions of the page) around the quote's characters (a table quote: its cells), from the page's text items. */
function quoteBoxes(items: TextItem[], quote: string, viewport: { width: number; height: number; convertToViewportRectangle: (r: number[]) => number[] }): PageBox[] {
  const fontHeightOf = (item: TextItem) => item.height || Math.hypot(item.transform[0], item.transform[3]);
  const slices = placeQuote(items.map((i) => ({ str: i.str, y: i.transform[5], height: fontHeightOf(i), hasEOL: i.hasEOL })), quote);
  return slices.map(({ run, from, to }) => {
    const item = items[run];
    const [, , , , e, f] = item.transform;
    const length = Math.max(item.str.length, 1);
    const x0 = e + (item.width * from) / length;
    const x1 = e + (item.width * to) / length;
    const fontHeight = fontHeightOf(item);
    const [vx0, vy0, vx1, vy1] = viewport.convertToViewportRectangle([x0, f - fontHeight * 0.25, x1, f + fontHeight * 0.95]);
    const left = Math.min(vx0, vx1), right = Math.max(vx0, vx1), top = Math.min(vy0, vy1), bottom = Math.max(vy0, vy1);
    return { left: left / viewport.width, top: top / viewport.height, width: (right - left) / viewport.width, height: (bottom - top) / viewport.height };
  });
}

/**
 * One page of a stored PDF drawn on a canvas, with the selected quote marked on the page itself: from the PDF's text
 * items, or on a scanned page from the word boxes text recognition kept.
 */
export function PdfPageView({ documentId, page, quote, label, recognition, onPlacement }: {
  documentId: string; page: number; quote: string | null; label: string; recognition?: Recognition;
  /** Told, once the page is drawn, whether the quote could be marked on it (false when the page could not be drawn). */
  onPlacement?: (placed: boolean) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const firstBox = useRef<HTMLDivElement>(null);
  const key = `${documentId}:${page}`;
  const [drawn, setDrawn] = useState<{ key: string; ok: boolean; items: TextItem[]; viewport: Parameters<typeof quoteBoxes>[2] | null } | null>(null);
  const state = drawn?.key === key ? (drawn.ok ? "ready" : "error") : "loading";

  useEffect(() => {
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    (async () => {
      const pdfjs = await loadPdfJs();
      const pdf = await openDocument(pdfjs, documentId);
      const pdfPage = await pdf.getPage(Math.min(Math.max(page, 1), pdf.numPages));
      const target = canvas.current;
      if (!target || cancelled) return;
      // Drawn at device resolution for a column up to ~700 CSS px wide; CSS scales it to the column.
      const base = pdfPage.getViewport({ scale: 1 });
      const scale = (Math.min(window.devicePixelRatio || 1, 2) * 700) / base.width;
      const viewport = pdfPage.getViewport({ scale });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      task = pdfPage.render({ canvas: target, viewport });
      await task.promise;
      const text = await pdfPage.getTextContent();
      const items = text.items.filter((i): i is TextItem & typeof i => "str" in i) as TextItem[];
      if (!cancelled) setDrawn({ key, ok: true, items, viewport });
    })().catch(() => {
      if (!cancelled) setDrawn({ key, ok: false, items: [], viewport: null });
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [documentId, page, key]);

  const viewport = state === "ready" ? drawn?.viewport : null;
  const boxes = !quote || !viewport ? [] : recognition ? recognisedQuoteBoxes(recognition, quote, viewport.height / viewport.width) : quoteBoxes(drawn!.items, quote, viewport);
  const boxesKey = boxes.map((b) => `${b.left.toFixed(3)},${b.top.toFixed(3)}`).join(";");
  const placed = state === "loading" || !quote ? null : state === "ready" && boxes.length > 0;
  useEffect(() => {
    if (placed !== null) onPlacement?.(placed);
  }, [placed, onPlacement]);
  useEffect(() => {
    if (!boxesKey) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    firstBox.current?.scrollIntoView({ block: "nearest", behavior: reduced ? "auto" : "smooth" });
  }, [boxesKey]);

  return (
    <figure className="space-y-1">
      <div className={`relative overflow-hidden rounded border border-slate-200 bg-white shadow-sm ${state === "ready" ? "" : "hidden"}`}>
        <canvas ref={canvas} role="img" aria-label={label} className="block h-auto w-full" />
        <PageHighlights boxes={boxes} firstRef={firstBox} />
      </div>
      {recognition && state === "ready" && (
        <RecognitionCaption what="Scanned page: its text was recognised from the image" recognition={recognition} />
      )}
      {state === "loading" && <p role="status" className="py-8 text-center text-sm text-slate-600">Drawing page {page}…</p>}
      {state === "error" && <p className="text-sm text-slate-700">The page image could not be drawn; the page’s text is shown.</p>}
    </figure>
  );
}
