// Directions (a sig) read for the amount of one administration and how many administrations a day: "take 1 capsule
// by mouth every morning" -> 1 capsule, once a day; "inject 140 mg every 2 weeks" -> 140 mg, 1/14 a day; "1-2 tabs
// q8h" -> 2 tablets (the upper bound), 3 a day. The frequency words are data/sig-frequencies.json. Directions that
// state two different amounts or frequencies (a titration, "then", "in the morning and at bedtime") are not read:
// null, so a dose computed from them is never guessed. Pure.
import data from "./data/sig-frequencies.json";

export interface ReadSig {
  /** Units (tablets, capsules, patches, pens ...) given at once, when stated. */
  count?: number;
  /** The dose given at once, when stated ("20 mg", "140 mg"). */
  amount?: { value: number; unit: "mg" | "mcg" | "g" };
  /** Administrations per day (a fraction for weekly, every 2 weeks ...). */
  perDay: number;
}

const FREQUENCIES = data.frequencies.map((f) => ({ re: new RegExp(`(?<![a-z0-9])(?:${f.pattern})(?![a-z0-9])`, "gi"), perDay: f.perDay }));
const EVERY_HOURS = new RegExp(data.everyHours, "gi");
const COUNT_WORDS = data.counts as Record<string, number>;
const COUNT = `(\\d+(?:\\.\\d+)?|${Object.keys(COUNT_WORDS).sort((a, b) => b.length - a.length).map((w) => w.replace(/[/.]/g, "\\$&")).join("|")})`;
const UNITS = `(?:${data.units.join("|")})`;
const COUNTED = new RegExp(`(?<![a-z0-9./])${COUNT}(?:\\s*(?:-|to|or)\\s*${COUNT})?\\s+(?:\\([^)]{0,20}\\)\\s*)?${UNITS}(?![a-z])`, "gi");
const DOSE = /(?<![a-z0-9./])(\d+(?:\.\d+)?)\s*(mg|mcg|µg|g)(?![a-z/])/gi;
/** Words that join two separate administrations or steps: their frequencies add up or follow each other. */
const JOINED = /\b(?:and|then|plus|followed by|after)\b|[,;&+]/i;

const countOf = (s: string) => COUNT_WORDS[s.toLowerCase()] ?? Number(s);
const round = (n: number) => Math.round(n * 1e6) / 1e6;

interface Span { start: number; end: number; perDay: number }

/** Administrations per day the directions state, or null when they state none or more than one. */
function perDayOf(text: string): number | null {
  const spans: Span[] = [];
  for (const f of FREQUENCIES) for (const m of text.matchAll(f.re)) spans.push({ start: m.index, end: m.index + m[0].length, perDay: f.perDay });
  for (const m of text.matchAll(EVERY_HOURS)) {
    const hours = Number(m[1] ?? m[2]);
    if (hours > 0 && hours <= 24) spans.push({ start: m.index, end: m.index + m[0].length, perDay: 24 / hours });
  }
  // A match inside a longer one is part of it ("daily" in "twice daily").
  const kept = spans.filter((s) => !spans.some((o) => o !== s && o.start <= s.start && o.end >= s.end && o.end - o.start > s.end - s.start)).sort((a, b) => a.start - b.start);
  const distinct = kept.filter((s, i) => !kept.some((o, j) => j < i && o.start === s.start && o.end === s.end));
  if (!distinct.length) return null;
  for (let i = 1; i < distinct.length; i++) {
    if (round(distinct[i].perDay) !== round(distinct[0].perDay)) return null;
    if (JOINED.test(text.slice(distinct[i - 1].end, distinct[i].start))) return null;
  }
  return distinct[0].perDay;
}

/** The amount and frequency of directions, or null when no frequency is read or they state two. */
export function readSig(directions: string): ReadSig | null {
  const text = directions.replace(/\s+/g, " ").trim();
  if (!text || /\bthen\b|\btitrat|\bincrease\b|\btaper/i.test(text)) return null;
  const perDay = perDayOf(text);
  if (perDay === null) return null;
  const counts = [...text.matchAll(COUNTED)].map((m) => countOf(m[2] ?? m[1]));
  const doses = [...text.matchAll(DOSE)].map((m) => ({ value: Number(m[1]), unit: (m[2].toLowerCase() === "µg" ? "mcg" : m[2].toLowerCase()) as "mg" | "mcg" | "g" }));
  const sig: ReadSig = { perDay };
  if (counts.length) {
    if (counts.some((c) => c !== counts[0])) return null;
    sig.count = counts[0];
  }
  if (doses.length) {
    if (doses.some((d) => d.value !== doses[0].value || d.unit !== doses[0].unit)) return null;
    sig.amount = doses[0];
  }
  return sig;
}
