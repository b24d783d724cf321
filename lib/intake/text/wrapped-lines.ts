// Running text as a sentence reads it: a line break inside a sentence (the line ends without punctuation and the
// next line carries on in lower case) becomes a space. One character for one, so offsets still point into the page.

const TABLE_CELL = " | ";

export function joinWrappedLines(text: string): string {
  const lines = text.split("\n");
  let out = lines[0] ?? "";
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1];
    const wraps = /[A-Za-z0-9,)\-–]$/.test(before.trimEnd()) && before.trimEnd().length === before.length && /^[a-z(]/.test(lines[i]) && !before.includes(TABLE_CELL) && !lines[i].includes(TABLE_CELL);
    out += (wraps ? " " : "\n") + lines[i];
  }
  return out;
}
