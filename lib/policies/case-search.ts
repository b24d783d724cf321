// Searching a case's documents for what a criterion needs ("metastatic", "neurology ... consult", "Nexavar"), one
// sentence at a time, with the span and the sentence as evidence. Whether a mention is asserted is the one context
// engine's answer (lib/lexicon/context.ts): under a negation ("no evidence of metastatic disease") it is negated,
// under a hedge or a relative ("concerning for", "C/f", "to prevent", "mother has") it is hedged, never a finding;
// under a plan ("will start") it is planned: a drug not yet taken.
import { contextOf, type ContextCategory } from "@/lib/lexicon/context";
import type { StepEvidence } from "./types";
import { escapeRegExp } from "@/lib/escape-reg-exp";
import { checkboxLineAt, type CheckboxAttestation } from "@/lib/intake/text/checkbox-answer";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

export interface TextHit {
  documentId: string;
  documentName: string;
  page: number;
  /** Span of the sentence in the page text as stored. */
  start: number;
  end: number;
  /** The sentence, whitespace collapsed (at most ~300 characters around the match). */
  quote: string;
  /** The context engine's categories of the mention (negated, hypothetical, historical, family, uncertain). */
  categories: ContextCategory[];
  negated: boolean;
  /** Only possible or a relative's: uncertain, hypothetical (a risk, a condition) or family, or the sentence asks. */
  hedged: boolean;
  /** Intended, not done ("plan to start X", "will add X"): a finding still stands, a drug is not yet taken. */
  planned: boolean;
  /** The sentence asks (a form's question "Does your patient have relapsed disease?"): it states nothing. */
  question: boolean;
  /**
   * The mention is on a form's check box question ("Prescriber is endocrinologist or has consulted one | [ ] Yes [X]
   * No"): what the form attests (yes, no, unclear), never a finding of the notes.
   */
  attestation: CheckboxAttestation | null;
}

/** A sentence-ish span: ends at ". " / "! " / "? ", or at a line break before a bullet, a list marker or a "Label:". */
const BOUNDARY = /(?<=[.!?])\s+|(?<=:)[ \t]*\n|\n(?=\s*(?:[-•●○▪*◦]|\d{1,2}[.)]\s|[A-Z][A-Za-z /()#-]{0,40}:|#))/g;

function sentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let last = 0;
  for (const m of text.matchAll(BOUNDARY)) {
    if (m.index > last) out.push({ start: last, end: m.index });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ start: last, end: text.length });
  return out;
}


/** A word's search stem: long words match their family ("metastatic" ~ "metastases", "progressive" ~ "progression"). */
export function stemPattern(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 5 || /\d/.test(w)) return `${escapeRegExp(w)}`;
  return `${escapeRegExp(w.slice(0, Math.max(5, Math.ceil(w.length * 0.7))))}[a-z]*`;
}

/** A pattern for a phrase: all of its words, in any order, in one sentence (checked by the caller). */
export const phraseWords = (phrase: string) => phrase.toLowerCase().split(/[\s/]+/).filter(Boolean);

const HEDGES: readonly ContextCategory[] = ["uncertain", "hypothetical", "family"];

function hitFor(doc: SourceDocument, page: { page: number; text: string }, span: { start: number; end: number }, matchAt: number, matchEnd: number): TextHit {
  let { start, end } = span;
  if (end - start > 320) {
    start = Math.max(span.start, matchAt - 140);
    end = Math.min(span.end, matchAt + 180);
    // Whole words only.
    while (start > span.start && /\S/.test(page.text[start - 1])) start--;
    while (end < span.end && /\S/.test(page.text[end])) end++;
  }
  while (start < end && /\s/.test(page.text[start])) start++;
  while (end > start && /\s/.test(page.text[end - 1])) end--;
  const sentence = page.text.slice(span.start, span.end);
  const categories = contextOf(sentence, matchAt - span.start, matchEnd - span.start);
  const question = /\?\s*$/.test(sentence.trim());
  // A check box marked "No" denies the line's statement; none or both marked say nothing certain.
  const attestation = checkboxLineAt(page.text, matchAt)?.answer ?? null;
  return {
    documentId: doc.id,
    documentName: doc.name || doc.id,
    page: page.page,
    start,
    end,
    quote: page.text.slice(start, end).replace(/\s+/g, " ").trim(),
    categories,
    negated: categories.includes("negated") || attestation === "no",
    hedged: question || attestation === "unclear" || categories.some((c) => HEDGES.includes(c)),
    planned: categories.includes("planned"),
    question,
    attestation,
  };
}

/**
 * Sentences of the documents that contain every word of one of the phrases (words match by stem unless `exact`).
 * A regular expression may be given instead; then each match is a hit.
 */
export function searchDocuments(documents: readonly SourceDocument[], query: { phrases?: string[]; pattern?: RegExp; exact?: boolean }): TextHit[] {
  const hits: TextHit[] = [];
  const phrasePatterns = (query.phrases ?? []).map((p) => phraseWords(p).map((w) => new RegExp(`(?<![a-z0-9])${query.exact ? escapeRegExp(w) : stemPattern(w)}(?![a-z0-9])`, "i")));
  for (const doc of documents) {
    for (const page of doc.pages ?? []) {
      if (!page?.text) continue;
      for (const span of sentences(page.text)) {
        const sentence = page.text.slice(span.start, span.end);
        if (query.pattern) {
          const re = new RegExp(query.pattern.source, query.pattern.flags.includes("g") ? query.pattern.flags : `${query.pattern.flags}g`);
          const m = re.exec(sentence);
          if (m) hits.push(hitFor(doc, page, span, span.start + m.index, span.start + m.index + m[0].length));
          continue;
        }
        for (const words of phrasePatterns) {
          if (!words.length) continue;
          const found = words.map((w) => w.exec(sentence));
          if (found.every((m) => m !== null)) {
            const ms = found as RegExpExecArray[];
            hits.push(hitFor(doc, page, span, span.start + Math.min(...ms.map((m) => m.index)), span.start + Math.max(...ms.map((m) => m.index + m[0].length))));
            break;
          }
        }
      }
    }
  }
  return hits;
}

/** The best hit: affirmed before hedged; never negated. */
export function bestHit(hits: readonly TextHit[]): TextHit | null {
  // A form's check box attestation only when nothing else says it; one marked "No" never affirms.
  const affirmed = hits.filter((h) => !h.negated);
  return affirmed.find((h) => !h.hedged && !h.attestation) ?? affirmed.find((h) => !h.hedged) ?? affirmed[0] ?? null;
}

export const hitEvidence = (hit: TextHit): StepEvidence => ({ documentId: hit.documentId, page: hit.page, start: hit.start, end: hit.end, quote: hit.quote });

/** "002_a (note).pdf p. 2: “…”" */
export const citeHit = (hit: TextHit) => `${hit.documentName} p. ${hit.page}: “${hit.quote}”`;
