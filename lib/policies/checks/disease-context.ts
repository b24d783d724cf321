// A word of disease state ("relapsed", "refractory", "metastatic", "progression") is a finding only about the disease:
// "recurrent infections" or "refractory hypokalemia" say nothing of the cancer's state. A mention counts when a word
// of the disease stands close to it: a disease noun ("disease", "leukemia", "-oma", "lesions"), the criterion's own
// disease words ("B-ALL" of "Relapsed or refractory B-ALL") or a word of the case's diagnoses.
import { phraseWords, stemPattern } from "../case-search";

/** Term families that describe a disease's state, not a finding of their own. */
export const STATE_WORDS = /^(?:relaps\w*|recurr\w*|metasta\w*|mets|progress\w*|refractory|resistant|unresectable|inoperable|not resectable|stage iv)$/;

const DISEASE_NOUN = /^(?:disease|diseases|cancers?|tumou?rs?|malignan\w*|neoplas\w*|lesions?|metasta\w*|blasts?|masse?s?|nodes?|\w+omas?|\w*(?:leuka?emia|lymphoma|myeloma|carcinoma|sarcoma|melanoma)s?)$/;

/** Words a window may hold: the stated "of"/"in" between "recurrence of disease" and the like are skipped. */
const WINDOW = 6;

const tokensOf = (text: string) => text.toLowerCase().split(/[^a-z0-9+-]+/).filter(Boolean);

/** The disease words of a criterion's statement and of the case's diagnoses, beyond the generic nouns. */
export function diseaseWords(statement: string, diagnoses: readonly (string | null)[]): string[] {
  const own = tokensOf(statement).filter((w) => w.length >= 3 && !STATE_WORDS.test(w) && !/^(?:and|or|the|disease|is|has|with|for|was|are)$/.test(w));
  const dx = diagnoses.flatMap((d) => tokensOf(d ?? "")).filter((w) => w.length >= 4 && !/^(?:with|without|other|type|unspecified|chronic|acute|severe|moderate|disease)$/.test(w));
  return [...new Set([...own, ...dx])];
}

/** True when a state word of the variants stands within a few words of a disease word in the sentence. */
export function statesDiseaseState(sentence: string, variants: readonly string[], anchors: readonly string[]): boolean {
  const tokens = tokensOf(sentence);
  const stateRes = variants.flatMap(phraseWords).map((w) => new RegExp(`^${stemPattern(w)}$`, "i"));
  const anchorRes = anchors.map((w) => new RegExp(`^${stemPattern(w)}$`, "i"));
  const isAnchor = (t: string) => DISEASE_NOUN.test(t) || anchorRes.some((re) => re.test(t));
  return tokens.some((t, i) => stateRes.some((re) => re.test(t)) && tokens.slice(Math.max(0, i - WINDOW), i + WINDOW + 1).some((n, j) => j !== Math.min(i, WINDOW) && isAnchor(n)));
}
