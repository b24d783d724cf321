// A named measure's own value as the documents write it ("CNS-LS (Center for Neurologic Study–Lability Scale) |
// 08/29/2025 | 21", "mild by CNS-LS (12)", "ACT score of 14"), with its date when the row or sentence gives one. The
// value belongs to the name: never another measure's number ("PHQ-9 | 6", the 9 of "PHQ-9"), never a date's digits,
// never one end of a range ("CNS-LS 21–22" states no single value).
import { findDates } from "@/lib/lexicon/dates";
import { escapeRegExp } from "@/lib/escape-reg-exp";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import type { StepEvidence } from "../types";

export interface NamedScore {
  value: number;
  /** YYYY-MM-DD (or partial) when the row or sentence dates it. */
  date: string | null;
  evidence: StepEvidence;
}

/** Words that may stand between a measure's name and its value. */
const FILLER = /^(?:score[sd]?|total|was|is|of|at|=|:|\||and|date|baseline|today|on|result|value|-|–)$/i;

/** Every value written for the measure `name` in the documents, in document order. */
export function readNamedScores(documents: readonly SourceDocument[], name: string, opts: { referenceYear?: number } = {}): NamedScore[] {
  const out: NamedScore[] = [];
  const nameRe = new RegExp(`(?<![A-Za-z0-9-])${escapeRegExp(name)}(?![A-Za-z0-9-])`, "gi");
  for (const doc of documents) {
    for (const page of doc.pages ?? []) {
      const text = page.text ?? "";
      for (const m of text.matchAll(nameRe)) {
        const lineEnd = text.indexOf("\n", m.index) < 0 ? text.length : text.indexOf("\n", m.index);
        const lineStart = text.lastIndexOf("\n", m.index - 1) + 1;
        const found = valueAfter(text.slice(m.index + m[0].length, lineEnd), opts);
        if (!found) continue;
        out.push({
          value: found.value,
          date: found.date,
          evidence: { documentId: doc.id, page: page.page, start: lineStart, end: lineEnd, quote: text.slice(lineStart, lineEnd).replace(/\s+/g, " ").trim() },
        });
      }
    }
  }
  return out;
}

/** The value right after a name: past its spelled-out form in parentheses, filler words and a date. */
function valueAfter(rest: string, opts: { referenceYear?: number }): { value: number; date: string | null } | null {
  let text = rest.replace(/^\s*\((?![\d.]+\))[^)]*\)/, " ");
  let date: string | null = null;
  for (let step = 0; step < 8; step++) {
    text = text.replace(/^\s+/, "");
    if (!text) return null;
    const d = findDates(text, opts)[0];
    if (d && d.start === 0) {
      date ??= d.iso;
      text = text.slice(d.end);
      continue;
    }
    const number = /^\(?(\d{1,4}(?:\.\d+)?)\)?(?![\d/.]|\s*[-–]\s*\d|\s*%)/.exec(text);
    if (number) {
      const after = text.slice(number[0].length);
      const trailing = /^\s*\((\d{1,2}\/\d{1,2}\/\d{2,4}|\d{4}-\d{2}-\d{2})\)/.exec(after);
      if (trailing) date ??= findDates(trailing[1], opts)[0]?.iso ?? null;
      return { value: Number(number[1]), date };
    }
    const token = /^(?:[A-Za-z]+|[|:=\-–])/.exec(text);
    if (!token || !FILLER.test(token[0])) return null;
    text = text.slice(token[0].length);
  }
  return null;
}
