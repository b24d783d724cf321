// Drug classes of the vocabulary (lib/lexicon/data/drug-classes.json): the phrases policies use for each class,
// a readable name, classes made of other classes ("biologic"), and narrower classes that replace a broader one
// named in the same phrase ("medium or higher potency topical corticosteroid" is not any topical corticosteroid).
import data from "./data/drug-classes.json";
import { escapeRegExp } from "@/lib/escape-reg-exp";
import { findDrugEntry } from "./drugs";

interface DrugClass {
  name: string;
  aliases: string[];
  /** A class made of other classes and named drugs. */
  members?: { classes: string[]; generics: string[] };
  /** Broader classes this one replaces when both are named in one phrase. */
  supersedes?: string[];
  /** false: known to classesOf / isInClass, but not yet read from criteria text (the step-therapy reader decides). */
  inCriteria?: boolean;
}

const CLASSES = data as Record<string, DrugClass>;

/** Class ids with the phrases policies use for them (lower case, matched on word boundaries). */
export const DRUG_CLASS_ALIASES: Record<string, string[]> = Object.fromEntries(
  Object.entries(CLASSES)
    .filter(([, c]) => c.inCriteria !== false)
    .map(([id, c]) => [id, c.aliases]),
);

/** Any of the names as whole words, a plural "s" allowed, hyphen, slash and space alike ("TNF-blocker" ~ "TNF blockers"). */
export function namesPattern(names: readonly string[], flags = "i"): RegExp {
  // Longest first, so a match is the whole phrase ("biologic dmard", not "biologic").
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![a-z0-9])(?:${longestFirst.map((a) => escapeRegExp(a).replace(/[-/]/g, "[-/ ]?")).join("|")})s?(?![a-z0-9])`, flags);
}

let aliasPatterns: [string, RegExp][] | null = null;
function patterns(): [string, RegExp][] {
  aliasPatterns ??= Object.entries(DRUG_CLASS_ALIASES).map(([id, aliases]) => [id, namesPattern(aliases, "gi")]);
  return aliasPatterns;
}

/** Class ids a phrase names ("other antiseizure medications" -> ["antiseizure"]). */
export function classesInText(text: string): string[] {
  const lower = ` ${text.toLowerCase()} `;
  // "non-biologic DMARD" names conventional DMARDs, not biologics (blanked to the same length: spans stay put).
  const withoutNonBiologic = lower.replace(/\bnon[- ]?biologics?\b/g, (m) => "#".repeat(m.length));
  const spans = patterns().map(([id, re]) => ({ id, spans: [...(id === "biologic" ? withoutNonBiologic : lower).matchAll(re)].map((m) => [m.index, m.index + m[0].length] as const) }));
  // A phrase inside a longer phrase of another class is part of that one ("DMARD" in "biologic DMARD").
  const inside = (id: string, [start, end]: readonly [number, number]) =>
    spans.some((other) => other.id !== id && other.spans.some(([s, e]) => s <= start && e >= end && e - s > end - start));
  const found = spans.filter(({ id, spans: own }) => own.some((span) => !inside(id, span))).map(({ id }) => id);
  const superseded = new Set(found.flatMap((id) => CLASSES[id].supersedes ?? []));
  const named = found.filter((id) => !superseded.has(id));
  for (const id of coordinatedClasses(lower)) if (!named.includes(id)) named.push(id);
  return named;
}

/**
 * Classes named by a modifier that shares its head with the next one: "osmotic or stimulant laxatives" names osmotic
 * laxatives too, "first- or second-generation TKI" first-generation TKIs. Only a class whose phrase starts at the
 * first modifier counts, so nothing named elsewhere in the text comes back through it.
 */
function coordinatedClasses(lower: string): string[] {
  const out: string[] = [];
  for (const m of lower.matchAll(/(?<![a-z0-9])([a-z0-9]+)(-?)\s+(?:or|and|and\/or)\s+[a-z0-9]+(?=[- ])/g)) {
    const candidate = `${m[1]}${m[2] ? "" : " "}${lower.slice(m.index + m[0].length, m.index + m[0].length + 80).replace(/^ /, "")}`;
    for (const [id, re] of patterns()) if (candidate.search(re) === 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The class ids of a drug name (its own classes and the composite classes they belong to); [] when unknown. */
export function classesOf(drug: string): string[] {
  const entry = findDrugEntry(drug);
  if (!entry) return [];
  const out = [...entry.classes];
  for (const [id, c] of Object.entries(CLASSES)) {
    if (c.members && !out.includes(id) && (c.members.generics.includes(entry.generic) || entry.classes.some((k) => c.members?.classes.includes(k)))) out.push(id);
  }
  return out;
}

/** True when the drug belongs to the class. */
export function isInClass(name: string, classId: string): boolean {
  return classesOf(name).includes(classId);
}

/** A readable class name for answers: "antiseizure" -> "antiseizure medication". */
export function className(classId: string): string {
  return CLASSES[classId]?.name ?? classId.replace(/_/g, " ");
}
