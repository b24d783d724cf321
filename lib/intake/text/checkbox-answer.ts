// A form's own question line with its check boxes ("3. Trial of ketoconazole ≥30 days within past 60 days | [ ] Yes
// [X] No", "Prescriber is endocrinologist ... | ☒ Yes ☐ No"): an attestation by whoever filled the form, never the
// clinical evidence itself. Which box is marked says what the form attests: yes, no, or nothing readable (none or
// both marked). Glyphs are data (lib/lexicon/data/checkbox-glyphs.json).
import GLYPHS from "@/lib/lexicon/data/checkbox-glyphs.json";
import { escapeRegExp } from "@/lib/escape-reg-exp";

export type CheckboxAttestation = "yes" | "no" | "unclear";

export interface CheckboxLine {
  /** The question or statement before the boxes, without its list number and cell separators. */
  statement: string;
  answer: CheckboxAttestation;
  /** Where the boxes start in the line. */
  boxesAt: number;
}

const glyph = (list: string[]) => list.map(escapeRegExp).sort((a, b) => b.length - a.length).join("|");
const MARKED = glyph([...GLYPHS.marked, ...GLYPHS.markedOcr]);
const BOX = `(?:${MARKED}|${glyph([...GLYPHS.unmarked, ...GLYPHS.unmarkedOcr])})`;
const WORD = `(?:${[...GLYPHS.yes, ...GLYPHS.no].join("|")})`;
// "[ ] Yes [X] No" (box before its word) or "Yes [ ] No [X]" (word before its box), at the end of the line.
const BOX_FIRST = new RegExp(`(?:^|\\s|\\|)((?:${BOX}[^\\S\\n]*${WORD}\\b[^\\S\\n]*){2,})$`, "i");
const WORD_FIRST = new RegExp(`(?:^|\\s|\\|)((?:${WORD}[^\\S\\n]*${BOX}[^\\S\\n]*){2,})$`, "i");
const PAIR_BOX_FIRST = new RegExp(`(${BOX})[^\\S\\n]*(${WORD})\\b`, "gi");
const PAIR_WORD_FIRST = new RegExp(`(${WORD})[^\\S\\n]*(${BOX})`, "gi");
const IS_MARKED = new RegExp(`^(?:${MARKED})$`, "i");
// Yes and No at the line's end, each next to a few characters that may be a box: "| [1 Yes [X[ No".
const GARBLED_YES_NO = /(?:^|[\s|])(?:\S{1,3}\s*)yes\b\s*\S{0,3}\s*(?:\S{1,3}\s*)no\b\s*\S{0,3}\s*$/i;
const IS_YES = new RegExp(`^(?:${GLYPHS.yes.join("|")})$`, "i");

// "☒ Two preferred agents tried (one methylphenidate-based, one amphetamine-based)": a checklist item, its box first.
const LEADING_BOX = new RegExp(`^\\s*(${BOX})\\s*(?=[A-Za-z])`, "i");

/**
 * The line's statement and its marked answer, when the line ends in Yes/No check boxes, or is a checklist item
 * opening with its box (marked: yes; unmarked: unclear, since a box left empty in "check all that apply" denies
 * nothing); null otherwise.
 */
export function readCheckboxLine(line: string): CheckboxLine | null {
  const trimmed = line.replace(/\s+$/, "");
  const item = LEADING_BOX.exec(trimmed);
  if (item && !BOX_FIRST.test(trimmed) && !WORD_FIRST.test(trimmed)) {
    const statement = trimmed.slice(item[0].length).trim();
    // Several boxes on the line are choices ("[X] Tablet [ ] Capsule"), not one checklist item.
    if (new RegExp(BOX).test(statement)) return null;
    return statement.length >= 4 ? { statement, answer: IS_MARKED.test(item[1]) ? "yes" : "unclear", boxesAt: item.index } : null;
  }
  const boxFirst = BOX_FIRST.exec(trimmed);
  const m = boxFirst ?? WORD_FIRST.exec(trimmed);
  if (!m) {
    // Boxes a recogniser garbled past reading ("| [1 Yes [X[ No", "Yes [? No ?"): still the form's question, its answer unread.
    const garbled = GARBLED_YES_NO.exec(trimmed);
    const statement = garbled ? trimmed.slice(0, garbled.index).replace(/[\s|:]+$/, "").replace(/^\s*(?:\(?\d{1,2}[.)]|[a-h][.)])\s*/, "").trim() : "";
    return garbled && statement.length >= 4 ? { statement, answer: "unclear", boxesAt: garbled.index } : null;
  }
  const boxes = m[1];
  const boxesAt = m.index + m[0].length - boxes.length;
  const statement = trimmed.slice(0, boxesAt).replace(/[\s|:]+$/, "").replace(/^\s*(?:\(?\d{1,2}[.)]|[a-h][.)])\s*/, "").trim();
  if (statement.length < 4) return null;
  const marked: ("yes" | "no")[] = [];
  for (const p of boxes.matchAll(boxFirst ? PAIR_BOX_FIRST : PAIR_WORD_FIRST)) {
    const [box, word] = boxFirst ? [p[1], p[2]] : [p[2], p[1]];
    if (IS_MARKED.test(box)) marked.push(IS_YES.test(word) ? "yes" : "no");
  }
  return { statement, answer: marked.length === 1 ? marked[0] : "unclear", boxesAt };
}

/** The check box line a position of a text lies on, if its line is one. */
export function checkboxLineAt(text: string, at: number): CheckboxLine | null {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const endAt = text.indexOf("\n", at);
  return readCheckboxLine(text.slice(start, endAt < 0 ? text.length : endAt));
}
