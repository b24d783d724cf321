// The approval period and the renewal's requirements as criteria cells write them among the criteria ("Initial
// authorizations will be for 84 days", "Subsequent authorizations require documentation of clinical response",
// "Approval duration 12 months."), read by the rules of authorization-periods.json: a period is the section's
// approval duration, not a criterion; a renewal's requirement is a criterion of the continuation section.
import { z } from "zod";
import { readMarkers } from "@/lib/policies/list-markers";
import type { TextSegment } from "./text-criteria";
import data from "./authorization-periods.json";

const ZPeriodRule = z.strictObject({
  name: z.string().regex(/^period\.[a-z0-9-]+$/),
  pattern: z.string().includes("SPAN"),
  phase: z.enum(["initial", "continuation", "both"]),
  duration: z.boolean(),
  criterion: z.boolean(),
  why: z.string().min(1),
});
const ZPeriodTable = z.strictObject({ $comment: z.string().optional(), rules: z.array(ZPeriodRule).min(1) });
export type TPeriodRule = z.infer<typeof ZPeriodRule>;

/** A length of time as criteria write it; captured so the duration ends with it. */
const SPAN = "(\\d+\\s*-?\\s*(?:days?|weeks?|months?|years?)|(?:one|two|three|six|twelve)\\s+(?:days?|weeks?|months?|years?)|(?:the\\s+)?(?:plan|calendar|benefit)\\s+year)";

export function loadPeriodRules(table: unknown): { rule: TPeriodRule; re: RegExp }[] {
  const parsed = ZPeriodTable.parse(table);
  const names = new Set<string>();
  return parsed.rules.map((rule) => {
    if (names.has(rule.name)) throw new Error(`period rule "${rule.name}" is listed twice`);
    names.add(rule.name);
    return { rule, re: new RegExp(rule.pattern.replace("SPAN", SPAN), "id") };
  });
}

const RULES = loadPeriodRules(data);

export interface PeriodReading {
  rule: string;
  phase: TPeriodRule["phase"];
  /** The period as written ("Initial authorizations will be for 84 days"), when the item states one. */
  duration: string | null;
  /** The item also asks something of its phase (kept as a criterion). */
  criterion: boolean;
}

/** The period rule an item or sentence of a criteria cell matches (its list marker removed), or null. */
export function readAuthorizationPeriod(text: string): PeriodReading | null {
  const clean = text.replace(/\s+/g, " ").trim();
  for (const { rule, re } of RULES) {
    const m = re.exec(clean);
    if (!m) continue;
    // The duration ends with its span: "Subsequent authorizations will be for 180 days" of "... and require ...".
    const end = m.indices?.[1]?.[1];
    const duration = !rule.duration || end === undefined ? null : rule.criterion ? clean.slice(0, end) : clean;
    return { rule: rule.name, phase: rule.phase, duration, criterion: rule.criterion };
  }
  return null;
}

export interface CellPeriods {
  /** The cell's lines that remain criteria of every phase (or of the initial request). */
  criteria: TextSegment[];
  /** Lines of the renewal's requirements: criteria of the continuation section. */
  continuation: TextSegment[];
  initial: string | null;
  renewal: string | null;
  /** Rules that read the cell's periods, for the record. */
  rules: string[];
}

/**
 * A criteria cell's lines -> its items (a list marker opens one; so does a line after one that ended a sentence),
 * each item read by the period rules: periods leave the criteria, a renewal's requirements go to the continuation.
 */
export function splitPeriods(segments: readonly TextSegment[]): CellPeriods {
  const items: TextSegment[][] = [];
  for (const seg of segments) {
    const last = items[items.length - 1];
    const previous = last?.[last.length - 1]?.text.trim() ?? "";
    if (!last || readMarkers(seg.text.trim()).length > 0 || /[.;]$/.test(previous)) items.push([seg]);
    else last.push(seg);
  }
  const out: CellPeriods = { criteria: [], continuation: [], initial: null, renewal: null, rules: [] };
  for (const item of items) {
    const first = item[0].text.trim();
    const marker = readMarkers(first)[0];
    const text = [first.slice(marker?.length ?? 0), ...item.slice(1).map((s) => s.text)].join(" ");
    const period = readAuthorizationPeriod(text);
    if (!period) {
      out.criteria.push(...item);
      continue;
    }
    out.rules.push(period.rule);
    if (period.duration) {
      if (period.phase !== "continuation") out.initial ??= period.duration;
      if (period.phase !== "initial") out.renewal ??= period.duration;
    }
    if (!period.criterion) continue;
    if (period.phase === "continuation") out.continuation.push(...item);
    else out.criteria.push(...item);
  }
  return out;
}
