// List markers at the start of a policy line: "1.", "A)", "(ii)", "a.", "1.2", bullets. A marker has a style (kind
// and punctuation) and an ordinal; "i", "v", "x" and "I" may be letters or roman numerals, so both readings are
// offered and the outline builder keeps the one that continues a list.

export type MarkerKind = "decimal" | "upper" | "lower" | "roman" | "ROMAN" | "dotted" | "bullet";

export interface Marker {
  kind: MarkerKind;
  /** "." | ")" | "()" for enumerations; the bullet character for bullets; segment count for dotted ("1.2"). */
  punct: string;
  value: number;
  /** As an id part: "1", "A", "ii", "1.2"; bullets have none. */
  label: string;
  /** Characters of the marker and the space after it in the line's text. */
  length: number;
}

export const styleOf = (m: Marker) => `${m.kind}${m.punct}`;

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50 };

/** "iv" -> 4; 0 when it is not a roman numeral up to 39. */
export function romanValue(text: string): number {
  const s = text.toLowerCase();
  if (!/^(x{0,3})(ix|iv|v?i{0,3})$/.test(s) || !s) return 0;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN[s[i]];
    const next = ROMAN[s[i + 1]] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

const ENUM = /^(\()?([0-9]{1,2}|[A-Za-z]{1,5})([.)])\s+(?=\S)/;
/** "(1)Patient has ...": a parenthesised number or small letter the reader ran into its text (no space). */
const TIGHT = /^(\()([0-9]{1,2}|[a-z]{1,4})(\))(?=[A-Z])/;
const DOTTED = /^((?:\d{1,2}\.){1,3}\d{1,2})\.?\s+(?=[A-Za-z(])/;
const BULLET = /^([•●○◦▪■□◆◇►▶➢➤✓✔·*\u2013\u2014\uf0b7\uf0a7\uf0d8-]|o(?=\s+[A-Z]))\s+(?=\S)/;

/** Readings of the marker at the start of a line (most likely first), or none. */
export function readMarkers(text: string): Marker[] {
  const dotted = DOTTED.exec(text);
  if (dotted) {
    const parts = dotted[1].split(".");
    return [{ kind: "dotted", punct: String(parts.length), value: Number(parts[parts.length - 1]), label: dotted[1], length: dotted[0].length }];
  }
  const bullet = BULLET.exec(text);
  if (bullet) {
    const char = /[-\u2013\u2014]/.test(bullet[1]) ? "-" : bullet[1];
    return [{ kind: "bullet", punct: char, value: 0, label: "", length: bullet[0].length }];
  }
  const m = ENUM.exec(text) ?? TIGHT.exec(text);
  if (!m) return [];
  const open = Boolean(m[1]);
  if (open && m[3] !== ")") return [];
  const punct = open ? "()" : m[3];
  const token = m[2];
  const length = m[0].length;
  if (/^\d+$/.test(token)) {
    const value = Number(token);
    return value >= 1 ? [{ kind: "decimal", punct, value, label: token, length }] : [];
  }
  const out: Marker[] = [];
  const roman = romanValue(token);
  const isUpper = token === token.toUpperCase();
  if (token.length === 1) {
    const letter = token.toLowerCase().charCodeAt(0) - 96;
    out.push({ kind: isUpper ? "upper" : "lower", punct, value: letter, label: token, length });
  }
  if (roman && (token === token.toLowerCase() || isUpper)) out.push({ kind: isUpper ? "ROMAN" : "roman", punct, value: roman, label: token, length });
  // A single letter reads as a letter first, except "i" and "I" which usually open a roman list.
  if (out.length === 2 && /^[iI]$/.test(token)) out.reverse();
  return out;
}

/** A line that is only a connector between list items: "AND", "- OR -", "-AND-". */
export function connectorLine(text: string): "and" | "or" | null {
  const m = /^[-\u2013\u2014(\s]*(and|or)[-\u2013\u2014)\s]*$/i.exec(text.trim());
  return m ? (m[1].toLowerCase() as "and" | "or") : null;
}

/** A connector that ends an item's text: "...; AND", "...; or", "... OR". */
export function trailingConnector(text: string): "and" | "or" | null {
  const m = /(?:[;,]\s*(and|or)|\s(AND|OR)|\s-(AND|OR)-)\s*$/i.exec(text) ?? /[;,]\s*(and|or)\s*$/i.exec(text);
  if (!m) return null;
  if (m[2] === undefined && m[3] === undefined && m[1] === undefined) return null;
  return (m[1] ?? m[2] ?? m[3]).toLowerCase() as "and" | "or";
}

/** The item's text without a trailing connector. */
export const withoutConnector = (text: string) => text.replace(/(?:[;,]\s*(?:and|or)|\s(?:AND|OR)|\s-(?:AND|OR)-)\s*$/i, "").replace(/[;,]\s*$/, "").trim();
