import type { RefObject } from "react";
import type { PageBox, Recognition } from "@/lib/portal/recognised-boxes";

/** The quote's marks over a drawn page (a PDF page or an image), each box in fractions of the page. */
export function PageHighlights({ boxes, firstRef }: { boxes: PageBox[]; firstRef?: RefObject<HTMLDivElement | null> }) {
  return boxes.map((b, i) => (
    <div key={i} ref={i === 0 ? firstRef : undefined} aria-hidden="true" data-testid="page-highlight"
      className="pointer-events-none absolute rounded-sm bg-yellow-300/45 ring-2 ring-yellow-500/80"
      style={{ left: `${b.left * 100}%`, top: `${b.top * 100}%`, width: `${b.width * 100}%`, height: `${b.height * 100}%` }} />
  ));
}

/** What a reviewer should know of a recognised page: its text came from the image, how sure, and how it was turned. */
export function RecognitionCaption({ what, recognition }: { what: string; recognition: Recognition }) {
  return (
    <figcaption className="text-xs text-slate-700">{what} (confidence {Math.round(recognition.confidence)}{recognition.rotation ? `, read turned ${recognition.rotation}°` : ""}).</figcaption>
  );
}
