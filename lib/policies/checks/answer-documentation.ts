// Documentation of a finding: one sentence of the case's documents that states it ("recurrence", "metastatic"), not
// under a negation or a hedge. Only negated mentions: the finding is contradicted. Nothing: it is missing.
import { citeHit, hitEvidence, searchDocuments, stemPattern, type TextHit } from "../case-search";
import { inSentence, manualAnswer, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import { diseaseWords, statesDiseaseState, STATE_WORDS } from "./disease-context";

/** Words that mean the same finding in notes ("relapsed" is written "recurrence", "metastatic" as "mets"). */
const SAME: [RegExp, string[]][] = [
  [/^(?:relapsed?|recurrent|recurrence)$/, ["relapse", "recurrent", "recurrence", "recurred"]],
  [/^metasta/, ["metastatic", "metastasis", "metastases", "mets", "stage iv"]],
  [/^progress/, ["progressive", "progression", "progressed"]],
  [/^refractory$/, ["refractory", "resistant"]],
  [/^unresectable$/, ["unresectable", "inoperable", "not resectable"]],
  [/^adjuvant$/, ["adjuvant"]],
];

export function termVariants(term: string): string[] {
  const words = term.split(" ");
  if (words.length !== 1) return [term];
  const same = SAME.find(([re]) => re.test(term));
  return same ? same[1] : [term];
}

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, several: 0, multiple: 0 };

/** The count written just before a term's first word ("3 oral steroid bursts", "two bursts"), or 0. */
export function countBefore(sentence: string, term: string): number {
  const head = stemPattern(term.split(" ")[0]);
  const m = new RegExp(`\\b(\\d+|${Object.keys(COUNT_WORDS).join("|")})\\s+(?:[a-z-]+\\s+){0,3}?${head}\\b`, "i").exec(sentence);
  return m ? (COUNT_WORDS[m[1].toLowerCase()] ?? Number(m[1])) : 0;
}

export function answerDocumentation(check: CheckOf<"documentation">, ctx: CaseContext): CheckAnswer {
  const terms = check.terms ?? [];
  if (!terms.length) return manualAnswer(check.what);
  const anchors = diseaseWords(check.what, (ctx.facts.diagnoses ?? []).map((d) => d.name));
  const hits = terms.flatMap((term): TextHit[] => {
    const variants = termVariants(term);
    // A form's question ("Does your patient have relapsed disease? | Yes | No") neither states nor denies it.
    const found = searchDocuments(ctx.documents, { phrases: variants }).filter((h) => !h.question && (!check.minCount || countBefore(h.quote, term) >= check.minCount));
    // A lone word of disease state counts only about the disease ("recurrent infections" is not a relapse).
    return term.split(" ").length === 1 && STATE_WORDS.test(term) ? found.filter((h) => statesDiseaseState(h.quote, variants, anchors)) : found;
  });
  const affirmed = hits.find((h) => !h.negated && !h.hedged);
  if (affirmed) return { outcome: "met", answer: `Yes: ${citeHit(affirmed)}.`, reason: `The documents state it (${check.what}).`, evidence: [hitEvidence(affirmed)] };
  const hedged = hits.find((h) => !h.negated);
  if (hedged) {
    return {
      outcome: "missing",
      answer: `Only as a possibility: ${citeHit(hedged)}.`,
      reason: `The documents raise it only as suspected; the policy requires that ${inSentence(check.what)}.`,
      evidence: [hitEvidence(hedged)],
      missingInformation: `Documentation confirming: ${check.what}`,
    };
  }
  const negated = hits[0];
  if (negated) {
    return { outcome: "not_met", answer: `No: ${citeHit(negated)}.`, reason: `The documents state the opposite of: ${check.what}.`, evidence: [hitEvidence(negated)] };
  }
  return {
    outcome: "missing",
    answer: `No document of the case states it (searched for ${terms.map((t) => `“${t}”`).join(", ")}${check.minCount ? `, at least ${check.minCount}` : ""}).`,
    reason: `Documentation is missing: ${check.what}.`,
    evidence: [],
    missingInformation: `Documentation that ${inSentence(check.what)}`,
  };
}
