// Dates as people write them on forms and in notes, to ISO 8601 (YYYY-MM-DD, or YYYY-MM / YYYY when that is all
// the text says). US order (month first) for numeric dates, as on US payer forms.

export interface DateMatch {
  iso: string;
  start: number;
  end: number;
  raw: string;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH_NAME = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

const pad = (n: number) => String(n).padStart(2, "0");

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1850 || y > 2200) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A two-digit year: in this century unless that would be after the reference year (then the last century). */
export function expandYear(yy: number, referenceYear: number): number {
  const candidate = 2000 + yy;
  return candidate > referenceYear ? candidate - 100 : candidate;
}

export interface DateOptions {
  /** The year "now" for two-digit years; default the current year. */
  referenceYear?: number;
}

const currentYear = () => new Date().getUTCFullYear();

const PATTERNS: { re: RegExp; toIso(m: RegExpExecArray, ref: number): string | null }[] = [
  {
    // 2024-06-15, 2024/06/15
    re: /(?<![\d/-])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d/-])/gi,
    toIso: (m) => (validDay(+m[1], +m[2], +m[3]) ? `${m[1]}-${pad(+m[2])}-${pad(+m[3])}` : null),
  },
  {
    // 06/15/2022, 6-15-22, 06.15.2022
    re: /(?<![\d/.-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-]|\.\d)/gi,
    toIso: (m, ref) => {
      const y = m[4].length === 2 ? expandYear(+m[4], ref) : +m[4];
      return validDay(y, +m[1], +m[3]) ? `${y}-${pad(+m[1])}-${pad(+m[3])}` : null;
    },
  },
  {
    // March 1, 2024 / Mar 1 2024 / March 1st, 2024
    re: new RegExp(`\\b(${MONTH_NAME})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "gi"),
    toIso: (m) => {
      const month = MONTHS[m[1].slice(0, 3).toLowerCase()];
      return validDay(+m[3], month, +m[2]) ? `${m[3]}-${pad(month)}-${pad(+m[2])}` : null;
    },
  },
  {
    // 1 March 2024
    re: new RegExp(`\\b(\\d{1,2})\\s+(${MONTH_NAME})\\.?,?\\s+(\\d{4})\\b`, "gi"),
    toIso: (m) => {
      const month = MONTHS[m[2].slice(0, 3).toLowerCase()];
      return validDay(+m[3], month, +m[1]) ? `${m[3]}-${pad(month)}-${pad(+m[1])}` : null;
    },
  },
  {
    // March 2024, Mar. 2024
    re: new RegExp(`\\b(${MONTH_NAME})\\.?,?\\s+(\\d{4})\\b`, "gi"),
    toIso: (m) => {
      const month = MONTHS[m[1].slice(0, 3).toLowerCase()];
      return +m[2] >= 1850 && +m[2] <= 2200 ? `${m[2]}-${pad(month)}` : null;
    },
  },
  {
    // 01/2023, 1-2023
    re: /(?<![\d/.-])(\d{1,2})[/-](\d{4})(?![\d/-])/g,
    toIso: (m) => (+m[1] >= 1 && +m[1] <= 12 && +m[2] >= 1850 && +m[2] <= 2200 ? `${m[2]}-${pad(+m[1])}` : null),
  },
];

/** Every date in a text, in order; overlapping readings keep the longest (most specific) one. */
export function findDates(text: string, opts: DateOptions = {}): DateMatch[] {
  const ref = opts.referenceYear ?? currentYear();
  const all: DateMatch[] = [];
  for (const { re, toIso } of PATTERNS) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const iso = toIso(m as RegExpExecArray, ref);
      if (iso) all.push({ iso, start: m.index, end: m.index + m[0].length, raw: m[0] });
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: DateMatch[] = [];
  for (const d of all) {
    const last = kept[kept.length - 1];
    if (last && d.start < last.end) continue;
    kept.push(d);
  }
  return kept;
}

/** The first date in a text, or null. */
export function parseDate(text: string, opts: DateOptions = {}): string | null {
  return findDates(text, opts)[0]?.iso ?? null;
}

/** A full date of birth: a complete date that is not in the future (relative to the reference year). */
export function parseBirthDate(text: string, opts: DateOptions = {}): DateMatch | null {
  const ref = opts.referenceYear ?? currentYear();
  const found = findDates(text, opts).find((d) => d.iso.length === 10 && Number(d.iso.slice(0, 4)) <= ref);
  return found ?? null;
}

export interface DateRange {
  start: string | null;
  end: string | null;
  ongoing: boolean;
}

const ONGOING = /\b(?:current(?:ly)?|present|ongoing|now|to date|continuing)\b/i;
const MONTH_DAY_RANGE = new RegExp(
  `\\b(${MONTH_NAME})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*(?:-|–|—|to|through|until)\\s*(?:(${MONTH_NAME})\\.?\\s+)?(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
  "i",
);

/** "May 1-June 1, 2024", "March 10, 2024 – April 21, 2024", "10/20/2022 - current", "from 01/2023 to 06/2023". */
export function parseDateRange(text: string, opts: DateOptions = {}): DateRange {
  const shared = MONTH_DAY_RANGE.exec(text);
  if (shared) {
    // The year is written once, after the second date.
    const year = +shared[5];
    const m1 = MONTHS[shared[1].slice(0, 3).toLowerCase()];
    const m2 = shared[3] ? MONTHS[shared[3].slice(0, 3).toLowerCase()] : m1;
    const start = validDay(year, m1, +shared[2]) ? `${year}-${pad(m1)}-${pad(+shared[2])}` : null;
    const end = validDay(year, m2, +shared[4]) ? `${year}-${pad(m2)}-${pad(+shared[4])}` : null;
    return { start, end, ongoing: false };
  }
  const dates = findDates(text, opts);
  const ongoing = ONGOING.test(text) && dates.length < 2;
  return { start: dates[0]?.iso ?? null, end: dates.length > 1 ? dates[1].iso : null, ongoing };
}

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, wk: 7, month: 30, mo: 30, year: 365, yr: 365 };

/** An age ("at age 5 y 11 mo", "a 57-year-old", "8 yrs old") or a time since ("ended two weeks ago"): no duration. */
const AGE_BEFORE = /\b(?:age[sd]?|aged)\s*(?:of\s*)?(?:\d+(?:\.\d+)?\s*(?:y|yrs?|years?)\s*,?\s*)?$/i;
const AGE_OR_AGO_AFTER = /^\s*(?:-|\s)?(?:old\b|of age\b|ago\b|\/o\b|o\b)/i;

/** "4 weeks" -> 28, "6 cycles over 12 weeks" -> 84, "3 months" -> 90, "~30 months" -> 900; null without a duration. */
export function parseDurationDays(text: string): number | null {
  const over = /\bover\s+(\d+(?:\.\d+)?)\s*(day|week|wk|month|mo|year|yr)s?\b/i.exec(text);
  if (over) return Math.round(Number(over[1]) * UNIT_DAYS[over[2].toLowerCase()]);
  // "every 21 days" and "q14 days" are intervals, not durations.
  for (const m of text.matchAll(/(?<!\bevery\s{1,3}|\bper\s{1,3}|\bq\s{0,2}|\d)(\d+(?:\.\d+)?)\s*-?\s*(day|week|wk|month|mo|year|yr|y)(s?)\b/gi)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 10);
    if (AGE_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index)) || AGE_OR_AGO_AFTER.test(after)) continue;
    // A bare "y" is a year only in an age ("5 y 11 mo"), never a duration.
    if (m[2].toLowerCase() === "y") continue;
    return Math.round(Number(m[1]) * UNIT_DAYS[m[2].toLowerCase()]);
  }
  return null;
}

/** Whole days from one full date to another; null unless both are full dates. */
export function daysBetween(start: string | null, end: string | null): number | null {
  if (!start || !end || start.length !== 10 || end.length !== 10) return null;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
  return Number.isFinite(days) && days >= 0 ? Math.round(days) : null;
}
