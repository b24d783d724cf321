"use client";

import { useEffect, useRef } from "react";

/**
 * A page's extracted text with one span marked. The mark is scrolled into view inside this box only, so choosing a
 * fact never moves the rest of the page under the reviewer's pointer.
 */
export function DocumentText({ text, span, label, emptyText = "(no text on this page)" }: { text: string; span: { start: number; end: number } | null; label: string; emptyText?: string }) {
  const box = useRef<HTMLPreElement>(null);
  const mark = useRef<HTMLElement>(null);
  const valid = span && span.start >= 0 && span.end <= text.length && span.start < span.end ? span : null;
  useEffect(() => {
    const container = box.current;
    const target = mark.current;
    if (!container || !target) return;
    const top = target.offsetTop - container.clientHeight / 2 + target.offsetHeight / 2;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    container.scrollTo({ top: Math.max(0, top), behavior: reduced ? "auto" : "smooth" });
  }, [valid?.start, valid?.end, text]);
  return (
    <pre ref={box} aria-label={label} tabIndex={0}
      className="relative max-h-[45vh] min-h-24 overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-white p-3 font-sans text-[13px] leading-6 text-slate-800">
      {valid ? (
        <>
          {text.slice(0, valid.start)}
          <mark ref={mark} data-testid="evidence-highlight" className="rounded bg-yellow-200 px-0.5 text-slate-950 ring-2 ring-yellow-400">{text.slice(valid.start, valid.end)}</mark>
          {text.slice(valid.end)}
        </>
      ) : (
        text || <span className="text-slate-600">{emptyText}</span>
      )}
    </pre>
  );
}
