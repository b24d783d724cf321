// Limits: a quantity per period ("2 pens per 28 days"), a dose ("not to exceed 40 mg per week"), a duration of use
// ("treatment duration up to 12 weeks").
import type { Check } from "../types";
import { escapeRegExp } from "@/lib/escape-reg-exp";
import QUANTITY_UNITS from "@/lib/lexicon/data/quantity-units.json";
import FORMS from "./quantity-limit-forms.json";
import { drugsIn, num, type CriterionInput } from "./criterion-input";

const per = (n?: string, unit?: string) => (unit ? (n ? num(n) : 1) * (unit.startsWith("week") ? 7 : unit.startsWith("month") ? 30 : unit.startsWith("year") ? 365 : 1) : undefined);

// Units a quantity is counted in: the claims' units table (tablets, tabs, pens, mL, g ...) and the containers limits name.
const QUANTITY_UNIT = [...Object.entries(QUANTITY_UNITS).filter(([k]) => !k.startsWith("_")).flatMap(([, words]) => words as string[]), "packs", "pack", "cartons", "carton", "bottles", "bottle"]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join("|");
// "per 28 days", "/30 days", "every 4 weeks", "a day", "daily".
const PERIOD = String.raw`(?:(?:per|\/|every|each|in|a)\s*(\d+)?\s*-?\s*(days?|weeks?|months?|years?)\b|(daily)\b)`;
const WITH_UNIT = new RegExp(String.raw`\b(\d+(?:\.\d+)?)\s*(${QUANTITY_UNIT})\.?\s*${PERIOD}`);
// Without a unit the number must follow a limit's own words ("Max 1 per day", "limited to 2 every 28 days"), so a
// finding's count ("at least 4 per month") is never read as a limit.
const NO_UNIT = new RegExp(String.raw`\b(?:max(?:imum)?|limit(?:ed)?(?: to)?|up to|not (?:to )?exceed|no more than|qty|quantity(?: limit)?)\b\s*(?:of|is|:)?\s*(\d+(?:\.\d+)?)\s*${PERIOD}`);

export function quantityLimit({ lower }: CriterionInput): Check | null {
  const m = WITH_UNIT.exec(lower);
  // "Maximum dose of 2 g per day" limits a dose, not what is dispensed: the dose rule reads it.
  if (m && /^(?:g|gm|grams?)$/.test(m[2]) && /\bdos(?:e|es|age|ing)\b/.test(lower)) return null;
  if (m) return { kind: "quantity_limit", value: num(m[1]), unit: m[2].replace(/s$/, ""), perDays: m[5] ? 1 : per(m[3], m[4]) };
  const bare = NO_UNIT.exec(lower);
  return bare ? { kind: "quantity_limit", value: num(bare[1]), unit: "dose", perDays: bare[4] ? 1 : per(bare[2], bare[3]) } : null;
}

export function doseLimit({ lower }: CriterionInput): Check | null {
  const m = /\b(?:dose|dosage|dosing|doses)\b[^.]*?\b(?:not (?:to )?exceed|maximum(?: of)?|max|up to|no more than|does not exceed|<=|less than or equal to)\s*(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg\/m²|mg|mcg|micrograms?|units?|iu|g|ml)(?:\s*(?:per|\/|every|each)\s*(\d+)?\s*(day|week|month|dose|kg))?/.exec(lower)
    ?? /\b(?:maximum|max)(?: daily)? (?:dose|dosage) (?:of|is)?\s*(\d+(?:\.\d+)?)\s*(mg\/kg\/day|mg\/kg|mg\/m2|mg|mcg|units?|g|ml)(?:\s*(?:per|\/)\s*(\d+)?\s*(day|week|month))?/.exec(lower);
  return m ? { kind: "dose_limit", value: num(m[1]), unit: m[2], perDays: m[4] && m[4] !== "dose" && m[4] !== "kg" ? per(m[3], m[4]) : undefined } : null;
}

/**
 * All treatment counts, not one request: "Lifetime limit: total treatment with ... may not exceed 24 months",
 * "cumulative use". A course's own length ("total duration of therapy not to exceed 12 weeks") is not one.
 */
const LIFETIME = /\blifetime\b|\bcumulative\b|\ball products combined\b|\btotal (?:treatment|therapy|use|exposure) (?:with|of)\b/;

export function durationLimit({ text, lower }: CriterionInput): Check | null {
  const limit = /\b(?:treatment|therapy|duration|course|use)\b[^.]*?\b(?:not (?:to )?exceed|maximum(?: of)?|up to|no more than|limited to|no longer than)\s*(\d+)\s*(days?|weeks?|months?|years?)\b/.exec(lower);
  // "A request that would take the patient past 24 months of total treatment is not approved": a total, always.
  const past = limit ? null : /\b(?:past|beyond|more than|over|exceed\w*)\s*(\d+)\s*(days?|weeks?|months?|years?)\s+of\s+(?:total|cumulative|lifetime|combined)\s+(?:treatment|therapy|use)\b/.exec(lower);
  const m = limit ?? past;
  if (!m) return null;
  const check: Check = { kind: "duration_limit", value: num(m[1]), unit: m[2].replace(/s$/, "") };
  if (past || LIFETIME.test(lower)) {
    check.lifetime = true;
    const drugs = drugsIn(text);
    if (drugs.length) check.drugs = drugs;
  }
  return check;
}

/** "Daily dose may not exceed the FDA-labeled maximum": the label's maximum, not one the policy writes. */
export function labeledDoseLimit(): Check {
  return { kind: "labeled_dose_limit" };
}

// Quantity limits in the other ways policies write them (quantity-limit-forms.json): "2 tablets/day", "#30 per 30
// days", "QL: 4 per 28 days", "9 for 30 days supply", "120 billing units every 28 days". A form is read only at the
// start of the criterion (after a label and a limit marker) and only when nothing but a note follows it.
const FORM_UNITS = [...Object.entries(QUANTITY_UNITS).filter(([k]) => !k.startsWith("_") && k !== "g").flatMap(([, words]) => words as string[])]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join("|");
const NUMBER_WORDS = FORMS.numberWords as Record<string, number>;
const VALUE = String.raw`\d+(?:\.\d+)?|${Object.keys(NUMBER_WORDS).join("|")}`;
const LABEL = new RegExp(FORMS.label, "i");
const MARKER = new RegExp(`^${FORMS.markers}`, "i");
const REST = new RegExp(FORMS.rest, "i");
const WRITTEN_FORMS = FORMS.forms.map((f) => ({
  id: f.id,
  marked: Boolean((f as { marked?: boolean }).marked),
  markerMust: (f as { markerMust?: string }).markerMust,
  pattern: new RegExp(`^(?:${f.pattern.replace(/VALUE/g, VALUE).replace(/UNIT/g, `(?:${FORM_UNITS})`).replace(/PERIOD/g, FORMS.period)})(?![a-z])`, "i"),
}));

const periodDays = (period: string) => (/^(?:w)/i.test(period) ? 7 : /^mo/i.test(period) ? 30 : /^(?:y|calendar)/i.test(period) ? 365 : 1);
const unitOf = (unit: string | undefined) => (unit ? unit.toLowerCase().replace(/\s+/g, " ").replace(/(?:es|s)$/, (m) => (/(?:patch|box)es$/i.test(unit) ? "" : m === "es" ? "e" : "")) : "units");

/** The quantity limit of a written form, with the id of the form that read it (null: none reads the criterion). */
export function readWrittenQuantityLimit(text: string): { check: Check; form: string } | null {
  const lower = text.toLowerCase().replace(/\s+/g, " ").trim();
  const unlabelled = lower.replace(LABEL, "");
  for (const start of unlabelled === lower ? [lower] : [lower, unlabelled]) {
    const marker = MARKER.exec(start);
    const candidates = marker ? [{ body: start.slice(marker[0].length), marker: marker[0] }, { body: start, marker: "" }] : [{ body: start, marker: "" }];
    for (const { body, marker: written } of candidates) {
      for (const form of WRITTEN_FORMS) {
        if (form.marked && !written) continue;
        if (form.markerMust && !written.includes(form.markerMust)) continue;
        const m = form.pattern.exec(body);
        if (!m?.groups || !REST.test(body.slice(m[0].length))) continue;
        const g = m.groups;
        const value = NUMBER_WORDS[g.value] ?? Number(g.value);
        if (!(value > 0)) continue;
        const perDays = g.daily !== undefined ? 1 : (g.per ? Number(g.per) : 1) * periodDays(g.period ?? "day");
        return { check: { kind: "quantity_limit", value, unit: unitOf(g.unit), perDays }, form: form.id };
      }
    }
  }
  return null;
}

export function writtenQuantityLimit({ text }: CriterionInput): Check | null {
  return readWrittenQuantityLimit(text)?.check ?? null;
}
