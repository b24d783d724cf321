"use client";

import { useEffect, useRef } from "react";

/** Where a whitespace-normalised quote stands in a text (quotes collapse runs of spaces and line breaks). */
export function findQuote(text: string, quote: string): { start: number; end: number } | null {
  const words = quote.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "i");
  const match = pattern.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/** A page's text with one span marked and scrolled into view. */
export function HighlightedText({ text, span, label }: { text: string; span: { start: number; end: number } | null; label: string }) {
  const mark = useRef<HTMLElement>(null);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [span?.start, span?.end, text]);
  const valid = span && span.start >= 0 && span.end <= text.length && span.start < span.end ? span : null;
  return (
    <pre aria-label={label} tabIndex={0} className="max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-3 font-sans text-xs leading-5 text-slate-800">
      {valid ? (
        <>
          {text.slice(0, valid.start)}
          <mark ref={mark} className="rounded bg-yellow-200 px-0.5 text-slate-900">{text.slice(valid.start, valid.end)}</mark>
          {text.slice(valid.end)}
        </>
      ) : (
        text || "(no text on this page)"
      )}
    </pre>
  );
}
