// A code in running text counts only after its keyword ("NDC", "CPT", "ICD-10") earlier on the same line: the one
// test the code finders share.

/** True when `keyword` stands before `index` on the line of `index`, at most `reach` characters back. */
export function keywordBeforeOnLine(text: string, index: number, keyword: RegExp, reach: number): boolean {
  const lineStart = text.lastIndexOf("\n", index) + 1;
  return keyword.test(text.slice(Math.max(lineStart, index - reach), index));
}
