// One line of a notice as runs of text that each one font can draw, in the order they are drawn left to right.
// Pure: which font covers a character is asked of `fontFor`, so this is tested without any font file.
//
// Bidirectional text, simply: the letter reads left to right; a stretch of right-to-left runs (Hebrew, Arabic,
// with the spaces, punctuation and numbers between them) is drawn in reverse run order, and each right-to-left run
// is handed to the font engine in logical order, which shapes it (Arabic joining forms and ligatures, through the
// font's OpenType tables) and lays its glyphs out right to left. Not handled (the full Unicode bidi algorithm):
// explicit embeddings and isolates, mirrored brackets, a right-to-left paragraph direction, and neutral punctuation at
// the very end of a right-to-left stretch (it stays inside the stretch instead of taking the letter's direction).

/** What is drawn where no embedded font has a glyph: visible, and recorded in the audit trail, never a silent "?". */
export const MISSING_GLYPH_MARKER = "\uFFFD";

export type Direction = "ltr" | "rtl" | "neutral";

export interface TextRun {
  text: string;
  /** Index of the font in the fallback list. */
  font: number;
  direction: Direction;
}

export interface LineRuns {
  runs: TextRun[];
  /** Characters no font covers, in the order met (each drawn as MISSING_GLYPH_MARKER). */
  missing: string[];
}

// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms, and the historic
// right-to-left scripts of the supplementary planes.
const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const MARK = /^\p{M}$/u;
// Invisible characters (controls, zero-width joiners and bidi marks, variation selectors): kept inside the run they
// belong to when its font has them (a Persian zero-width non-joiner shapes the word), otherwise left out, not "missing".
const INVISIBLE = /^[\p{Cc}\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const NEUTRAL = /^[\s\p{P}\p{S}]$/u;
const DIGIT = /^\p{Nd}$/u;

// Digits (Arabic-Indic ones too) read left to right even inside right-to-left text: neutral here, never reversed.
const directionOf = (ch: string): Direction => (DIGIT.test(ch) || NEUTRAL.test(ch) ? "neutral" : STRONG_RTL.test(ch) ? "rtl" : "ltr");

/**
 * Splits `text` (one line, no newline) into runs of one font and one direction. A combining mark stays with its base
 * when that font has it; a space or punctuation in right-to-left text stays in its run when its font has it; a digit
 * never joins a right-to-left run (the engine would reverse the number); anything else takes the first font that
 * covers it.
 */
export function splitRuns(text: string, fontFor: (codePoint: number, preferred: number | null) => number | null, markerFont: number): LineRuns {
  const logical: TextRun[] = [];
  const missing: string[] = [];
  for (const ch of text.normalize("NFC")) {
    const last = logical.at(-1);
    if (INVISIBLE.test(ch)) {
      if (last && fontFor(ch.codePointAt(0)!, last.font) === last.font) last.text += ch;
      continue;
    }
    const digitAfterRtl = last?.direction === "rtl" && DIGIT.test(ch);
    // A mark stays with its letter; a space or punctuation inside right-to-left text stays in its run. Elsewhere the
    // list's order decides, so Latin punctuation after Chinese is not drawn with the wide CJK forms.
    const preferred = last && (MARK.test(ch) || (last.direction === "rtl" && NEUTRAL.test(ch))) ? last.font : null;
    const font = fontFor(ch.codePointAt(0)!, preferred);
    if (font === null) {
      missing.push(ch);
      logical.push({ text: MISSING_GLYPH_MARKER, font: markerFont, direction: "neutral" });
      continue;
    }
    const direction = directionOf(ch);
    if (last && last.font === font && !digitAfterRtl && (MARK.test(ch) || direction === "neutral" || direction === last.direction || last.direction === "neutral" && direction === "ltr")) {
      last.text += ch;
      if (last.direction === "neutral" && direction === "ltr") last.direction = "ltr";
    } else {
      logical.push({ text: ch, font, direction: MARK.test(ch) ? "neutral" : direction });
    }
  }
  return { runs: visualOrder(trimRtlEdges(logical)), missing };
}

const edges = (text: string) => /^(\s*)([\s\S]*?)(\s*)$/u.exec(text)!.slice(1) as [string, string, string];

/** Leading and trailing spaces of a right-to-left run become their own runs, so they stay on the side they were typed. */
function trimRtlEdges(runs: TextRun[]): TextRun[] {
  return runs.flatMap((run) => {
    if (run.direction !== "rtl") return [run];
    const [lead, body, tail] = edges(run.text);
    return [
      ...(lead ? [{ text: lead, font: run.font, direction: "neutral" as const }] : []),
      { ...run, text: body },
      ...(tail ? [{ text: tail, font: run.font, direction: "neutral" as const }] : []),
    ];
  });
}

/** Reverses each maximal stretch that starts and ends with a right-to-left run and holds only right-to-left or neutral runs. */
function visualOrder(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (let i = 0; i < runs.length; ) {
    if (runs[i].direction !== "rtl") {
      out.push(runs[i++]);
      continue;
    }
    let end = i;
    for (let j = i + 1; j < runs.length && runs[j].direction !== "ltr"; j++) if (runs[j].direction === "rtl") end = j;
    // Inside the stretch a neutral run (a number with its spaces) keeps its own order, its spaces swap sides.
    for (const run of runs.slice(i, end + 1).reverse()) {
      const [lead, body, tail] = edges(run.text);
      out.push(run.direction === "neutral" ? { ...run, text: tail + body + lead } : run);
    }
    i = end + 1;
  }
  return out;
}
