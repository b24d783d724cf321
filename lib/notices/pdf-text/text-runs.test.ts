import { describe, expect, it } from "vitest";
import { MISSING_GLYPH_MARKER, splitRuns } from "./text-runs";

// Four pretend fonts, as in the real list: 0 Latin (with punctuation and digits), 1 Hebrew (letters and the space),
// 2 Arabic (letters, the space, digits and . ,), 3 CJK (ideographs, kana, Hangul, ≥, its own punctuation, digits).
const COVERS: RegExp[] = [
  /[\x20-\x7E\u00A0-\u024F\u0300-\u036F\u0370-\u03FF\u0400-\u04FF\u2013\u2014\u2018-\u201D\uFFFD]/u,
  /[ \u0590-\u05FF]/u,
  /[ .,0-9\u0600-\u06FF\u200C]/u,
  /[ 0-9\u2265\u3000-\u30FF\u4E00-\u9FFF\uAC00-\uD7A3]/u,
];
const fontFor = (cp: number, preferred: number | null) => {
  const ch = String.fromCodePoint(cp);
  if (preferred !== null && COVERS[preferred].test(ch)) return preferred;
  const i = COVERS.findIndex((re) => re.test(ch));
  return i < 0 ? null : i;
};
const show = (text: string) => splitRuns(text, fontFor, 0).runs.map((r) => `${r.font}:${r.text}`).join("|");

describe("splitRuns", () => {
  // text | runs in drawing order (font:text), right-to-left runs still in logical order (the font engine reverses them)
  const rows: [string, string][] = [
    ["Zoë Ólafsdóttir", "0:Zoë Ólafsdóttir"],
    ["Zoe\u0308", "0:Zoë"], // composed first
    ["Ελένη Παπαδοπούλου / Анна Иванова", "0:Ελένη Παπαδοπούλου / Анна Иванова"],
    ["Patient: 王小明", "0:Patient: |3:王小明"],
    ["山田太郎, 김민준", "3:山田太郎|0:, |3:김민준"],
    ["Age ≥ 18", "0:Age |3:≥|0: 18"],
    ["Patient: דוד כהן", "0:Patient: |1:דוד כהן"],
    ["Patient: محمد الأحمد.", "0:Patient: |2:محمد الأحمد."],
    ["محمد الأحمد born 1980", "2:محمد الأحمد|2: |0:born 1980"],
    // a right-to-left stretch with a number inside: runs reversed, the number kept left to right, its space swapped
    ["בן 5 שנים", "1:שנים|0: 5|1: |1:בן"],
    // two right-to-left names with a neutral between them are one stretch (as the Unicode algorithm has it)
    ["محمد / דוד", "1:דוד|0: /|2: |2:محمد"],
    // invisible characters: a zero-width non-joiner the font has stays in its word; a bidi mark no font has is left out
    ["\u0645\u06CC\u200C\u0631\u0648\u062F", "2:\u0645\u06CC\u200C\u0631\u0648\u062F"],
    ["Ana\u200E Silva\uFE0F", "0:Ana Silva"],
  ];
  it.each(rows)("%s", (text, expected) => expect(show(text)).toBe(expected));

  it("draws a visible marker for a character no font has, and reports it", () => {
    const { runs, missing } = splitRuns("Ana \u{1F600} \uE000", fontFor, 0);
    expect(runs.map((r) => r.text).join("")).toBe(`Ana ${MISSING_GLYPH_MARKER} ${MISSING_GLYPH_MARKER}`);
    expect(missing).toEqual(["\u{1F600}", "\uE000"]);
    expect(splitRuns("Ana", fontFor, 0).missing).toEqual([]);
  });
});
