// Limits and step-therapy requirements from a formulary's wording, by the rules of vocabulary.json: "9 for 30 days
// supply", "18 tabs every 28 days", "Limited to a Daily Dose of 1" (1 a day), "Covered for Patients Up to Age 18",
// "a paid claim for a 30-day supply of a formulary Generic X such as Y within the past 90 days". Each answer names
// the rule that read it; what no rule reads is null (the caller makes it a manual criterion).
import { classesInText } from "@/lib/lexicon/drug-classes";
import { findDrugMentions } from "@/lib/lexicon/drugs";
import { isProductWord } from "@/lib/lexicon/product-words";
import type { Check } from "../../types";
import { AGE_RULES, QUANTITY_RULES, STEP } from "./vocabulary";

export interface ReadCheck {
  check: Check;
  rule: string;
  /** A second limit in the same text that no rule read ("... and maximum of 5 days supply"): a person must check it. */
  unread?: string;
}

/** What is left of a limit's text after the part a rule read, when it still states an amount per period. */
function secondLimit(text: string, read: string): string | undefined {
  const rest = text.replace(read, " ").replace(/\s+/g, " ").trim();
  return /\d/.test(rest) && /\b(?:per|max(?:imum)?|supply|days?|weeks?|months?|years?|every)\b/i.test(rest) ? rest : undefined;
}

const UNIT_WORDS = new Set(["for", "per", "every", "each", "in", "a", "of", "and", "or", "to", "days", "day"]);

export function readQuantity(text: string): ReadCheck | null {
  for (const rule of QUANTITY_RULES) {
    const m = rule.pattern.exec(text);
    if (!m?.groups) continue;
    const value = Number(m.groups.value);
    const perDays = m.groups.per ? Number(m.groups.per) : rule.perDays;
    const written = (m.groups.unit ?? "").toLowerCase();
    const unit = written && !UNIT_WORDS.has(written) ? written : "units";
    if (!Number.isFinite(value) || value <= 0 || (perDays !== undefined && !(perDays > 0))) continue;
    const unread = secondLimit(text, m[0]);
    return { check: { kind: "quantity_limit", value, unit, ...(perDays ? { perDays } : {}) }, rule: rule.id, ...(unread ? { unread } : {}) };
  }
  return null;
}

export function readAge(text: string): ReadCheck | null {
  for (const rule of AGE_RULES) {
    const m = rule.pattern.exec(text);
    if (!m) continue;
    if (rule.bound === "manual") return { check: { kind: "manual" }, rule: rule.id };
    const n = Number(m.groups?.n);
    if (!Number.isFinite(n)) continue;
    const check: Check = rule.bound === "max" ? { kind: "age", max: n, ...(rule.exclusive ? { maxExclusive: true } : {}) } : { kind: "age", min: n, ...(rule.exclusive ? { minExclusive: true } : {}) };
    return { check, rule: rule.id };
  }
  return null;
}

const clean = (s: string) => s.replace(/\s+/g, " ").replace(/[.,;:]+$/, "").trim();

/**
 * A step-therapy requirement: the drugs or class of the required prior fill (a table's First Line column, or the
 * wording after its last trial cue: "... will process if there is a paid claim for ..."), the look-back window and the
 * supply a fill must cover. Null when it names no drug or class: "any prior therapy" is never guessed.
 */
export function readStep(text: string, firstLine: readonly string[] = []): ReadCheck | null {
  // A book repeats one step sentence on many rows: read each once.
  const key = `${text}\u0000${firstLine.join("\u0001")}`;
  if (!stepCache.has(key)) {
    if (stepCache.size > 2000) stepCache.clear();
    stepCache.set(key, readStepOnce(text, firstLine));
  }
  const hit = stepCache.get(key) ?? null;
  return hit && { check: structuredClone(hit.check), rule: hit.rule };
}

const stepCache = new Map<string, ReadCheck | null>();

function readStepOnce(text: string, firstLine: readonly string[]): ReadCheck | null {
  if (STEP.unsupported.test(text)) return null;
  const cues = [...text.matchAll(new RegExp(STEP.trial.source, "gi"))];
  const requirement = cues.length ? text.slice(cues[cues.length - 1].index) : text;
  const within = STEP.within.map((r) => ({ r, m: r.pattern.exec(text) })).find((x) => x.m);
  // A look-back no rule reads in days ("within the past 6 months"): never read as a step without its window.
  if (!within && STEP.unreadWindow.test(text)) return null;
  // "two separate ... products": that many distinct drugs.
  const counted = STEP.count.pattern.exec(requirement)?.groups?.n;
  const count = counted ? (STEP.count.numbers[counted.toLowerCase()] ?? Number(counted)) : 1;
  const supply = STEP.supply.pattern.exec(requirement);
  const examples = [...(STEP.examples.exec(requirement)?.groups?.list ?? "").split(/,|\bor\b|\band\b/)].map(clean).filter(Boolean);
  const listed = firstLine.map(clean).filter(Boolean);
  const drugClasses = [...new Set([...classesInText(listed.join("; ")), ...classesInText(requirement)])];
  const namedFirstLine = STEP.firstLineAgent.test(requirement);
  // Drugs: the First Line items that are drugs (not a class phrase), else the drugs the requirement names.
  const listedDrugs = listed.filter((item) => !classesInText(item).length || findDrugMentions(item).length);
  const mentions = findDrugMentions(requirement);
  // "a paid claim for Protonix IV": the check matches drugs by name, never by route, so a drug the criterion
  // qualifies by its route is left to a person (an oral fill must not pass for an intravenous one).
  if (mentions.some((m) => isProductWord(/^\s*([A-Za-z-]+)/.exec(requirement.slice(m.end))?.[1] ?? "", ["route"]))) return null;
  const mentioned = mentions.map((m) => m.written).filter((d) => !examples.some((e) => e.toLowerCase() === d.toLowerCase()));
  let drugs = listed.length && (namedFirstLine || listedDrugs.length) ? listedDrugs : mentioned;
  if (!drugClasses.length && !drugs.length && examples.length) drugs = examples; // a class the vocabulary lacks: its examples, never any drug
  if (!drugClasses.length && !drugs.length) return null;
  const check: Check = {
    kind: "step_therapy",
    drugs: [...new Set(drugs)],
    drugClasses,
    ...(examples.length ? { examples } : {}),
    count,
    outcomes: ["tried"],
    excludeRequested: true,
    ...(within?.m ? { withinDays: Number(within.m.groups?.n) } : {}),
    ...(supply ? { minSupplyDays: Number(supply.groups?.n) } : {}),
  };
  const rule = within ? `st.step-${within.r.id.replace(/^st\./, "")}` : "st.step";
  return { check, rule: count > 1 ? `${rule}+${STEP.count.id.replace(/^st\./, "")}` : rule };
}
