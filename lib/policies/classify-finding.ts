// Findings a document can show beyond a single word: a count of events or lesions ("Two or more bursts of systemic
// corticosteroids", "greater than or equal to 20 nodular lesions") and a named category with its examples
// ("symptoms related to esophageal dysfunction (e.g., dysphagia, food impaction ...)"), where any example shown is
// the finding. What needs a clinician's judgement ("secondary causes have been ruled out") stays manual elsewhere.
import type { Check } from "./types";

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
const N = "(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)";
const toNumber = (s: string) => NUMBER_WORDS[s] ?? Number(s);

/** Words that end the counted noun phrase: "bursts" of "bursts of systemic corticosteroids for at least 3 days". */
const NOUN_END = /\s+(?:[a-z]+ing|of|in|for|over|within|during|per|that|which|with|despite|while|since|on|at)\b|[.,;:(\[]|$/;

/** "N or more X", "at least N X", ">= N X": the noun X and the least count. */
export function countedFinding(text: string, lower: string): (Check & { kind: "documentation" }) | null {
  const m = new RegExp(`\\b(?:${N}\\s+or\\s+more|at\\s+least\\s+${N}|(?:greater than or equal to|>=|no fewer than|a minimum of)\\s*${N})\\s+([a-z][a-z -]+)`).exec(lower);
  if (!m) return null;
  const count = toNumber(m[1] ?? m[2] ?? m[3]);
  const rest = m[4];
  const noun = rest.slice(0, rest.search(NOUN_END)).trim();
  // A duration or an age is not a count of findings; nor is a drug trial (read as step therapy before this).
  if (!noun || count < 2 || /^(?:years?|months?|weeks?|days?|hours?|times|prior|previous|other|different|of)\b/.test(noun) || noun.split(" ").length > 4) return null;
  return { kind: "documentation", what: text.replace(/[.;:]+$/, ""), terms: [noun], minCount: count };
}

/** "Category (e.g., a, b, or c)": the examples as the words to search, any one of them shows the finding. */
export function exampleFinding(text: string): (Check & { kind: "documentation" }) | null {
  const m = /^(.*?)\s*\((?:e\.g\.|eg\.|such as|including)[,:]?\s*([^)]*)\)/i.exec(text);
  if (!m || /\b(?:not|no|never|without)\b/i.test(m[1])) return null;
  const items = m[2]
    .split(/,\s*|\s+or\s+|\s*\/\s*/)
    .map((s) => s.replace(/^(?:or|and)\s+/i, "").replace(/['’]s\b/g, "").replace(/\b(?:that|which|for|with)\b.*$/i, "").replace(/[^A-Za-z0-9' -]/g, " ").replace(/\s+/g, " ").trim().toLowerCase())
    .filter((s) => s.length >= 4 && s.split(" ").length <= 4 && !/\b(?:other|etc)\b/.test(s));
  if (items.length < 2) return null;
  return { kind: "documentation", what: text.replace(/[.;:]+$/, ""), terms: [...new Set(items)] };
}
