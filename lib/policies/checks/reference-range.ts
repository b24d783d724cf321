// A lab result's reference range as the reporting laboratory printed it beside the value ("CRP | 25 mg/L | <5 mg/L",
// "ALT 80 U/L (ref 7-56)", "IGF-1 612 ng/mL (ULN 300)", "Hgb 9.0 L"): a criterion "above the upper limit of normal" is judged against it, never
// against a range the engine assumes.
import type { LabResult } from "@/lib/intake/types";
import type { StepEvidence } from "../types";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

export interface ReferenceRange {
  low?: number;
  high?: number;
  /** The laboratory's flag beside the value: "H" / "High", "L" / "Low". */
  flag?: "high" | "low";
  evidence: StepEvidence;
}

const NUM = "(\\d[\\d,]*(?:\\.\\d+)?)";
const toNumber = (s: string) => Number(s.replace(/,/g, ""));

/** The text after a lab's value on its line (and the next line when the range wraps after a dash). */
function restOfLine(text: string, from: number): { start: number; text: string } {
  let end = text.indexOf("\n", from);
  if (end < 0) end = text.length;
  if (/[-–]\s*$/.test(text.slice(from, end))) {
    const next = text.indexOf("\n", end + 1);
    end = next < 0 ? text.length : next;
  }
  return { start: from, text: text.slice(from, end) };
}

export function referenceRange(lab: LabResult, documents: readonly SourceDocument[]): ReferenceRange | null {
  const value = lab.evidence.find((e) => e.field === "value") ?? lab.evidence[lab.evidence.length - 1];
  if (!value?.documentId || value.end === undefined) return null;
  const page = documents.find((d) => d.id === value.documentId)?.pages?.find((p) => p.page === value.page);
  if (!page?.text) return null;
  const rest = restOfLine(page.text, value.end);
  const cite = (at: number, length: number): StepEvidence => ({ documentId: value.documentId, page: value.page, start: rest.start + at, end: rest.start + at + length, quote: rest.text.slice(at, at + length).replace(/\s+/g, " ") });
  // A flag is a word of its own among the first few after the value ("25 mg/L H", "9.0 (L)"), never a unit's letter.
  const flagWord = rest.text.split(/[\s|]+/).filter(Boolean).slice(0, 3).map((w) => w.replace(/^\(|\)$/g, "")).find((w) => /^(?:H|L|HH|LL|High|Low|HIGH|LOW)$/.test(w));
  const flagAt = flagWord ? rest.text.search(new RegExp(`(?<![A-Za-z/])${flagWord}(?![A-Za-z])`)) : -1;
  // "612 ng/mL (ULN 300)", "ULN: 300", "upper limit of normal 300": the limit named for itself.
  const named = new RegExp(`\\b(ULN|LLN|upper limit(?: of normal)?|lower limit(?: of normal)?)\\s*(?:[:=]|is|of)?\\s*${NUM}`, "i").exec(rest.text);
  if (named) {
    const evidence = cite(named.index, named[0].length);
    return /^(?:uln|upper)/i.test(named[1]) ? { high: toNumber(named[2]), evidence } : { low: toNumber(named[2]), evidence };
  }
  const between = new RegExp(`${NUM}\\s*(?:-|–|to)\\s*${NUM}`).exec(rest.text);
  if (between) return { low: toNumber(between[1]), high: toNumber(between[2]), evidence: cite(between.index, between[0].length) };
  const bound = new RegExp(`(<=?|≤|>=?|≥)\\s*${NUM}`).exec(rest.text);
  if (bound) return /[<≤]/.test(bound[1]) ? { high: toNumber(bound[2]), evidence: cite(bound.index, bound[0].length) } : { low: toNumber(bound[2]), evidence: cite(bound.index, bound[0].length) };
  if (flagWord && flagAt >= 0) return { flag: /^h/i.test(flagWord) ? "high" : "low", evidence: cite(flagAt, flagWord.length) };
  return null;
}
