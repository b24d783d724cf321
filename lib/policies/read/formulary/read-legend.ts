// The document's legend of requirement codes: "PA | Prior Authorization Required" rows, "QL - Quantity Limits"
// lines and running footers "• PA: Prior Authorization is required • ST: Step Therapy is required". Each entry keeps
// its verbatim quote so a criterion can show the line that explains its code.
import type { Quote } from "../../types";
import type { Line } from "./page-lines";
import { codeKind, kindFromMeaning, LEGEND_LINES, type CodeKind } from "./vocabulary";

export interface LegendEntry {
  code: string;
  kind: CodeKind;
  meaning: string;
  quote: Quote;
  rule: string;
}

/** Every legend entry of the document, in page order (a running footer gives one per page). */
export function readLegend(lines: readonly Line[]): LegendEntry[] {
  const out: LegendEntry[] = [];
  for (const line of lines) {
    if (line.cells.length > 2) continue;
    for (const rule of LEGEND_LINES) {
      const found = [...line.text.matchAll(new RegExp(rule.pattern.source, "g"))].flatMap((m) => entryOf(m, line, rule.id));
      out.push(...found);
      if (found.length) break;
    }
  }
  return out;
}

const EXPLAINS = /\b(?:applied|applies|apply|required|requires|limits?|limitations?|program|counter|order|benefit|covered|excluded|access|therapy|authorization)\b/i;

function entryOf(m: RegExpMatchArray, line: Line, rule: string): LegendEntry[] {
  const code = m.groups?.code ?? "";
  const meaning = (m.groups?.meaning ?? "").trim();
  if (!code || !meaning || meaning.includes(" | ")) return [];
  const kind = codeKind(code) ?? kindFromMeaning(meaning);
  // A drug row ("PA | thioguanine") is no legend line: a legend's meaning names a requirement or explains one.
  if (!kind || (!kindFromMeaning(meaning) && !EXPLAINS.test(meaning))) return [];
  return [{ code, kind, meaning, quote: { page: line.page, text: m[0].replace(/^•\s*/, "").trim() }, rule }];
}

/** The legend line for a code, preferring the row's page (a footer legend) and an exact spelling ("PA**"). */
export function legendFor(legend: readonly LegendEntry[], code: string, page: number): LegendEntry | null {
  const bare = code.replace(/[*†‡¹²³^]+$/, "");
  const exact = legend.filter((e) => e.code === code);
  const pool = exact.length ? exact : legend.filter((e) => e.code === bare);
  return pool.find((e) => e.quote.page === page) ?? pool[0] ?? null;
}
