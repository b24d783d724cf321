"use client";

import { useEffect, useState } from "react";
import { recognisedQuoteBoxes, type Recognition } from "@/lib/portal/recognised-boxes";
import { PageHighlights, RecognitionCaption } from "./page-highlights";

/** Image documents the browser can draw as they are (TIFF, as fax servers send it, is not among them). */
export const DRAWABLE_IMAGE_TYPES = ["image/png", "image/jpeg"];

/** A stored image document (one page), with the selected quote marked from the word boxes text recognition kept. */
export function ImagePageView({ documentId, quote, label, recognition, onPlacement }: {
  documentId: string; quote: string | null; label: string; recognition?: Recognition;
  /** Told, once the image is drawn, whether the quote could be marked on it. */
  onPlacement?: (placed: boolean) => void;
}) {
  const [aspect, setAspect] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const boxes = quote && recognition && aspect ? recognisedQuoteBoxes(recognition, quote, aspect) : [];
  const placed = !quote ? null : failed ? false : aspect ? boxes.length > 0 : null;
  useEffect(() => {
    if (placed !== null) onPlacement?.(placed);
  }, [placed, onPlacement]);
  if (failed) return <p className="text-sm text-slate-700">The image could not be drawn; its recognised text is shown.</p>;
  return (
    <figure className="space-y-1">
      <div className="relative overflow-hidden rounded border border-slate-200 bg-white shadow-sm">
        {/* eslint-disable-next-line @next/next/no-img-element -- the stored document itself, behind the session, not a static asset */}
        <img src={`/api/v1/documents/${documentId}/content`} alt={label} className="block h-auto w-full"
          onLoad={(e) => setAspect(e.currentTarget.naturalHeight / Math.max(1, e.currentTarget.naturalWidth))} onError={() => setFailed(true)} />
        <PageHighlights boxes={boxes} />
      </div>
      {recognition && aspect && (
        <RecognitionCaption what="Image: its text was recognised" recognition={recognition} />
      )}
    </figure>
  );
}
