// A patient's sex as forms write it: a letter or word ("F", "Female", "male"), or options with boxes where one is
// marked ("☒ Female ☐ Male", "[X] M [ ] F", "( ) Male (X) Female", "Female [X] Male [ ]", and on typed-in forms a
// bare "X" before the chosen option with a blank "__" before the other). Glyphs are data
// (lib/lexicon/data/checkbox-glyphs.json). Both options printed with neither or both marked (a circled choice is a
// drawing the text layer does not keep): unread, null, never a guess.
import GLYPHS from "@/lib/lexicon/data/checkbox-glyphs.json";
import { escapeRegExp } from "@/lib/escape-reg-exp";

export type Sex = "male" | "female" | "other" | "unknown";

const alternatives = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|");
const OPTION = "(male|female|man|woman|boy|girl|m|f)";
// A bare "X" marks the option after it only when it stands alone ("X Female __ Male"), not inside a word.
const MARK_BEFORE = new RegExp(`(?:^|[\\s|:])(?:${alternatives([...GLYPHS.marked, ...GLYPHS.markedOcr])}|x(?=\\s))\\s*${OPTION}\\b`, "gi");
const MARK_AFTER = new RegExp(`(?<![a-z])${OPTION}\\s*(?:${alternatives(GLYPHS.marked)})`, "gi");
// Which side of its option a box is on, told by what the value starts with: a box ("[ ] Male") or an option word.
const STARTS_WITH_OPTION = new RegExp(`^\\s*${OPTION}\\b`, "i");
const sexOf = (option: string): Sex => (/^(?:f|female|woman|girl)$/i.test(option) ? "female" : "male");

/** The sex a form's value gives, or null when it gives none readable. */
export function sexFrom(raw: string): Sex | null {
  const marks = STARTS_WITH_OPTION.test(raw) ? raw.matchAll(MARK_AFTER) : raw.matchAll(MARK_BEFORE);
  const marked = new Set([...marks].map((m) => sexOf(m[1])));
  if (marked.size === 1) return [...marked][0];
  if (marked.size > 1) return null;
  const value = raw.trim().toLowerCase();
  const hasMale = /\b(?:m|male|man|boy)\b/.test(value);
  const hasFemale = /\b(?:f|female|woman|girl)\b/.test(value);
  if (hasMale && !hasFemale) return "male";
  if (hasFemale && !hasMale) return "female";
  if (hasMale || hasFemale) return null;
  const word = value.replace(/[\s.:;,|]+$/, "");
  if (/^(?:o|other|x|non-?binary|intersex)$/.test(word)) return "other";
  if (/^(?:u|unknown|unk|not (?:stated|specified))$/.test(word)) return "unknown";
  return null;
}
