// A requirements cell of a drug row, as payers write it: a list of codes ("QL, ST", "PA, SP"), a code with its
// criterion inline ("ST - Claims for ... within the past 90 days.", "QL - 9 for 30 days supply"), a code with its
// amount in parentheses ("QL (18 tabs every 28 days)") or a code and a sentence ("PA; High Risk Medications require
// PA for members age 70 and older"). Codes come from the vocabulary and from the document's own legend.
import { escapeRegExp } from "@/lib/escape-reg-exp";
import { CODES } from "./vocabulary";

export interface RequirementItem {
  /** The code as written, markers kept ("PA**"). */
  code: string;
  /** What the cell says after the code, or null for a bare code. */
  detail: string | null;
}

export interface RequirementCell {
  items: RequirementItem[];
  /** Only codes, no text after any of them ("QL, ST"). */
  pureCodes: boolean;
}

const MARKERS = "(?:\\*{1,3}|[†‡¹²³]|\\^)?";

function codePattern(extra: readonly string[]): RegExp {
  const codes = [...new Set([...CODES.map((c) => c.code), ...extra])].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // A code stands at the start or after "," / ";" and is followed by a separator, a parenthesis or the end.
  return new RegExp(`(?:^|(?<=[,;]\\s*))(?:${codes.join("|")})${MARKERS}(?=$|[\\s,;:(\\-–])`, "g");
}

const cache = new Map<string, RegExp>();

/** The requirements a cell states, or null when it does not open with a requirement code. */
export function parseRequirementCell(raw: string, extraCodes: readonly string[] = []): RequirementCell | null {
  const text = raw.replace(/^[•●▪■\s]+/, "").trim();
  if (!text) return null;
  const key = extraCodes.join(",");
  const pattern = cache.get(key) ?? codePattern(extraCodes);
  cache.set(key, pattern);
  const starts = [...text.matchAll(new RegExp(pattern.source, "g"))].map((m) => ({ at: m.index, code: m[0] }));
  if (!starts.length || starts[0].at !== 0) return null;
  const items: RequirementItem[] = starts.map((s, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].at : text.length;
    let rest = text.slice(s.at + s.code.length, end).trim().replace(/[,;]\s*$/, "").trim();
    rest = rest.replace(/^[-–:;,]\s*/, "").trim();
    const paren = /^\(([^()]*)\)\s*(.*)$/.exec(rest);
    if (paren) rest = [paren[1], paren[2]].filter(Boolean).join(" ").trim();
    return { code: s.code, detail: rest || null };
  });
  return { items, pureCodes: items.every((i) => i.detail === null) };
}
