// Which policy check steps read a criterion as a label writes it (pure). Labels quote criteria verbatim or shortened
// with "..." ("Diagnosis ... clinical atherosclerotic cardiovascular disease (ASCVD)"); a step reads the labelled
// criterion when, in normalised words (sentence-match.ts), every part between the "..." stands as a run of
// consecutive words, in order, in the step's policy quote preceded by the texts of the groups it stands in ("Diagnosis
// of one of the following:" + "clinical ASCVD ..."); or when the step's quote (4 words or more) stands whole in the
// label's sentence (a label quoting as one sentence what the criteria split into alternatives, as 104's "surgery,
// radiation, bromocriptine mesylate OR surgical resection is not an option"). A label may lead with the name of the
// row or column the criterion is printed in, which the criterion's own text does not hold: up to four words and a
// colon ("Other Criteria: lifetime limit ..."), or a requirement code ("QL 1 unit per day"); the label is also tried
// without it.
import type { PolicyCheckStep, StepOutcome } from "@/lib/policies/types";
import { normalisedWords } from "./sentence-match";

/** Index of `run` as consecutive words in `words` from `from`, or -1. */
function runAt(words: readonly string[], run: readonly string[], from: number): number {
  outer: for (let i = from; i + run.length <= words.length; i++) {
    for (let k = 0; k < run.length; k++) if (words[i + k] !== run[k]) continue outer;
    return i;
  }
  return -1;
}

/** Every part of the label between "..." in order, each as consecutive words. */
function partsInOrder(words: readonly string[], label: string): boolean {
  const parts = label.split(/\.\.\.|…/).map(normalisedWords).filter((p) => p.length);
  if (!parts.length) return false;
  let at = 0;
  for (const part of parts) {
    const i = runAt(words, part, at);
    if (i < 0) return false;
    at = i + part.length;
  }
  return true;
}

/** The label, and the label without a leading row or column name ("Other Criteria:", "QL"). */
function labelVariants(label: string): string[] {
  const trimmed = label.trim();
  const rowName = /^[^:.]{2,40}:\s*(.+)$/s.exec(trimmed);
  const code = /^(?:QL|PA|ST|AL)\s+(.+)$/s.exec(trimmed);
  return [trimmed, ...(rowName && rowName[1].split(/\s+/).length >= 2 && trimmed.slice(0, trimmed.indexOf(":")).split(/\s+/).length <= 4 ? [rowName[1]] : []), ...(code ? [code[1]] : [])];
}

/** True when a step's policy quote (after the texts of its groups, `context`) reads the labelled criterion (see above). */
export function quoteReadsLabel(quote: string, label: string, context = ""): boolean {
  const q = normalisedWords(quote);
  if (!q.length) return false;
  const withContext = normalisedWords(`${context} ${quote}`);
  if (labelVariants(label).some((variant) => partsInOrder(withContext, variant))) return true;
  const whole = normalisedWords(label);
  return !/\.\.\.|…/.test(label) && q.length >= 4 && runAt(whole, q, 0) >= 0;
}

/** A labelled criterion as the check answered it: met when a step reading it is met, else its worst open answer. */
export type LabelledAnswer = StepOutcome | "unread";

/** `contextOf`: the texts of the groups a step's criterion stands in (by criterion id), none by default. */
export function answerOfLabel(steps: readonly PolicyCheckStep[], label: string, contextOf: (criterionId: string) => string = () => ""): { answer: LabelledAnswer; steps: PolicyCheckStep[] } {
  const reading = steps.filter((s) => quoteReadsLabel(s.policyQuote?.text || s.policy_guideline_quoted_source, label, contextOf(s.criterionId)));
  const has = (o: StepOutcome) => reading.some((s) => s.outcome === o);
  const answer: LabelledAnswer = !reading.length ? "unread" : has("met") ? "met" : has("not_met") ? "not_met" : has("missing") ? "missing" : "manual";
  return { answer, steps: reading };
}
