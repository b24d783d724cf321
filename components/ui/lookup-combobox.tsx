"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/lib/portal/api-client";
import type { ZVocabularyList, ZVocabularyTerm } from "@/lib/schemas/vocabulary";
import type { VocabularyKind } from "@/lib/lexicon/search-vocabulary";

export type VocabularyTerm = z.infer<typeof ZVocabularyTerm>;

const INPUT = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600";

/** The typed text, once typing has paused (a look-up per pause, not per key). */
function useSettled(text: string, ms = 200): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * A text box that looks its value up in the lexicon (GET /vocabulary) and offers the matches as a list: the ARIA
 * combobox pattern (arrows move, Enter picks, Escape closes), so it works by keyboard and is announced. A term that
 * may not be picked (an ICD-10-CM category) is listed, marked in words, and refused with `refuse`'s message when chosen
 * (an alert), so a person learns why rather than finding the option dead.
 */
export function LookupCombobox({ kind, label, hint, value, onText, onPick, refuse }: {
  kind: VocabularyKind;
  label: string;
  hint?: string;
  value: string;
  onText: (text: string) => void;
  onPick: (term: VocabularyTerm) => void;
  /** Why a term cannot be picked, or null when it can. */
  refuse?: (term: VocabularyTerm) => string | null;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [open, setOpen] = useState(false);
  // The option the arrows moved to (-1: none yet; Enter then takes the first).
  const [active, setActive] = useState(-1);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const query = useSettled(value.trim());
  const terms = useQuery({
    queryKey: ["vocabulary", kind, query],
    queryFn: () => apiFetch<z.infer<typeof ZVocabularyList>>(`/vocabulary?${new URLSearchParams({ kind, q: query, limit: "12" })}`),
    enabled: open && query.length >= 2,
    staleTime: 5 * 60_000,
  });
  const options = query.length >= 2 ? (terms.data?.data ?? []) : [];
  const showList = open && query.length >= 2;

  function pick(term: VocabularyTerm | undefined) {
    if (!term) return;
    const why = refuse?.(term) ?? null;
    setRefusal(why);
    if (why) return;
    onPick(term);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && showList && options.length) {
      event.preventDefault();
      pick(options[Math.min(Math.max(active, 0), options.length - 1)]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const status = !showList ? "" : terms.isFetching && !options.length ? "Looking up…" : terms.error ? terms.error.message : options.length ? `${options.length} match${options.length === 1 ? "" : "es"}` : "No match";
  return (
    <div className="relative min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && options[active] ? `${listId}-${active}` : undefined}
        aria-describedby={hint ? hintId : undefined}
        value={value}
        onChange={(e) => { onText(e.target.value); setOpen(true); setActive(-1); setRefusal(null); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={INPUT}
      />
      {hint && <p id={hintId} className="mt-1 text-xs text-slate-600">{hint}</p>}
      <p role="status" aria-live="polite" className="sr-only">{status}</p>
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label}: matches`}
        hidden={!(showList && options.length > 0)}
        className="absolute left-0 right-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((term, i) => {
          const why = refuse?.(term) ?? null;
          return (
            <li
              key={term.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Picked on mouse down, before the box loses focus and closes the list.
              onMouseDown={(e) => { e.preventDefault(); setActive(i); pick(term); }}
              className={`cursor-pointer px-2.5 py-1.5 ${i === active ? "bg-blue-50" : ""} ${why ? "text-slate-500" : "text-slate-900"}`}
            >
              <span className="font-medium">{kind === "drug" ? term.label : term.value}</span>
              {kind !== "drug" && <span> {term.label}</span>}
              {why ? <span className="ml-1 text-xs text-red-800">(category, not billable)</span> : term.detail ? <span className="ml-1 text-xs text-slate-600">· {term.detail}</span> : null}
            </li>
          );
        })}
      </ul>
      {showList && !terms.isFetching && !terms.error && options.length === 0 && <p className="mt-1 text-xs text-slate-700">No match in the {kind === "drug" ? "drug vocabulary" : kind === "diagnosis" ? "ICD-10-CM code set" : "NUCC taxonomy"}.</p>}
      {refusal && <p role="alert" className="mt-1 text-sm text-red-700">{refusal}</p>}
    </div>
  );
}
