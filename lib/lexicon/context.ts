// One engine for "is this mention asserted?": rules in the ConText style (lib/lexicon/data/context-rules.json), each a
// trigger (literal or pattern), a category, a direction and a scope in words. A mention is in a trigger's scope when
// it lies within maxScope words after (forward) or before (backward) the trigger, with no terminating trigger
// (a new clause, a full stop) in between. Text in, categories out: no state, no I/O.
import data from "./data/context-rules.json";
import { escapeRegExp } from "@/lib/escape-reg-exp";

/** planned: intended, not done ("plan to start", "will initiate"); hypothetical: conditional, a risk, prevention. */
export type ContextCategory = "negated" | "planned" | "hypothetical" | "historical" | "family" | "uncertain";
/** "terminate" ends a scope; "pseudo" is a phrase holding a trigger word that is no trigger ("not only"). */
type RuleCategory = ContextCategory | "terminate" | "pseudo";

interface ContextRule {
  literal?: string;
  pattern?: string;
  category: RuleCategory;
  direction?: "forward" | "backward" | "bidirectional";
  maxScope?: number;
}

interface Trigger {
  rule: ContextRule;
  start: number;
  end: number;
}

const RULES = (data.rules as ContextRule[]).map((rule) => {
  const source = rule.pattern ?? escapeRegExp(rule.literal ?? "");
  // Word-like triggers need word boundaries; punctuation triggers ("?", ".") do not.
  const wordy = /^[\w(]/.test(source);
  return { rule, re: new RegExp(wordy ? `(?<![A-Za-z0-9])(?:${source})(?![A-Za-z0-9])` : `(?:${source})`, "gi") };
});

function triggers(text: string): Trigger[] {
  const found: Trigger[] = [];
  for (const { rule, re } of RULES) {
    for (const m of text.matchAll(re)) found.push({ rule, start: m.index, end: m.index + m[0].length });
  }
  // A longer trigger wins over one inside it ("no evidence of" over "no", "has not" over "not", the pseudo-trigger
  // "not only" over "not").
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  return found.filter((t, i) => !found.some((o, j) => j !== i && o.start <= t.start && o.end >= t.end && o.end - o.start > t.end - t.start));
}

const wordsIn = (text: string) => (text.match(/[A-Za-z0-9][A-Za-z0-9'/-]*/g) ?? []).length;

/** A decimal point ("2.5 mg") or an abbreviation's dot is no sentence end. */
function isSentenceEnd(text: string, t: Trigger): boolean {
  const ch = text.slice(t.start, t.end);
  if (ch !== ".") return true;
  return !(/\d/.test(text[t.start - 1] ?? "") && /\d/.test(text[t.end] ?? ""));
}

/** The categories that apply to the mention text[start, end), from the triggers around it. */
export function contextOf(text: string, mentionStart: number, mentionEnd: number): ContextCategory[] {
  const all = triggers(text);
  const terminators = all.filter((t) => t.rule.category === "terminate" && isSentenceEnd(text, t));
  const blocked = (from: number, to: number) => terminators.some((t) => t.start >= from && t.end <= to);
  const out = new Set<ContextCategory>();
  for (const t of all) {
    const { category, direction = "forward", maxScope = 5 } = t.rule;
    if (category === "terminate" || category === "pseudo") continue;
    if (t.start < mentionEnd && t.end > mentionStart) continue; // the trigger is part of the mention
    const forward = t.end <= mentionStart && direction !== "backward";
    const backward = t.start >= mentionEnd && direction !== "forward";
    if (forward && wordsIn(text.slice(t.end, mentionStart)) < maxScope && !blocked(t.end, mentionStart)) out.add(category);
    if (backward && wordsIn(text.slice(mentionEnd, t.start)) < maxScope && !blocked(mentionEnd, t.start)) out.add(category);
  }
  return [...out];
}

/**
 * The categories a text's own words give it, wherever they stand: for a line that is one item or heading ("Proposed
 * Maintenance Phase", "Methotrexate: plan to administer weekly"), where the status word may follow the name.
 */
export function categoriesIn(text: string): ContextCategory[] {
  const out = new Set<ContextCategory>();
  for (const t of triggers(text)) if (t.rule.category !== "terminate" && t.rule.category !== "pseudo") out.add(t.rule.category);
  return [...out];
}

/** The categories of the first place `mention` (a literal, case-insensitive) is written in the text; null when it is not. */
export function contextOfPhrase(text: string, mention: string): ContextCategory[] | null {
  const at = text.toLowerCase().indexOf(mention.toLowerCase());
  return at < 0 ? null : contextOf(text, at, at + mention.length);
}
