// Details of a medication request written as text: strength in a name, dose and route in directions, a quantity.

const STRENGTH = /\d+(?:\.\d+)?\s*(?:mg|mcg|µg|μg|g|mL|ml|units?|IU|mEq|%)(?:\s*\/\s*\d*(?:\.\d+)?\s*(?:mL|ml|L|g|actuation|dose|tablet|capsule|m²|m2|kg|hr|h|day|spray|puff|patch))?/i;

/** "Epidiolex (cannabidiol) 100 mg/mL oral solution" -> "100 mg/mL". */
export function strengthIn(text: string): string | null {
  return STRENGTH.exec(text)?.[0].replace(/\s+/g, " ").trim() ?? null;
}

const FORM = /^(?:(?:oral|topical|subcutaneous|intravenous|ophthalmic|nasal|extended[- ]release|delayed[- ]release|chewable)\s+)*(?:tablets?|capsules?|solution|suspension|injection|pens?|prefilled (?:syringe|pen)s?|syringes?|auto-?injectors?|cream|ointment|gel|lotion|foam|patch(?:es)?|inhaler|powder|vials?|kit|liquid|spray|drops)\b/i;

/**
 * A drug field written as "name strength [form]" ("Adalimumab 40mg", "Epidiolex (cannabidiol) 100 mg/mL oral
 * solution"): the name, the strength and the form as separate facts, with where each starts in the text. Null when
 * the text states no strength after a name.
 */
export function splitDrugName(text: string): { name: string; strength: string; strengthAt: [number, number]; form: string | null; formAt: [number, number] | null } | null {
  const m = STRENGTH.exec(text);
  if (!m) return null;
  const name = text.slice(0, m.index).replace(/[\s,;:–-]+$/, "");
  if (!/[A-Za-z]{3}/.test(name)) return null;
  const after = text.slice(m.index + m[0].length);
  const form = FORM.exec(after.replace(/^[\s,]+/, ""));
  const formStart = m.index + m[0].length + (after.length - after.replace(/^[\s,]+/, "").length);
  return {
    name,
    strength: m[0].replace(/\s+/g, " ").trim(),
    strengthAt: [m.index, m.index + m[0].length],
    form: form ? form[0] : null,
    formAt: form ? [formStart, formStart + form[0].length] : null,
  };
}

const DOSE = /\b(?:take|inject|apply|give|use|administer|inhale|instill|infuse|place|insert|chew|dissolve)\s+(\d+(?:\.\d+)?)\s*((?:mL|ml|mg|mcg|g|tablets?|tabs?|capsules?|caps?|units?|puffs?|drops?|pens?|syringes?|sprays?|patch(?:es)?|vials?|applications?)(?:\s*\/\s*(?:kg|m²|m2|day|dose|hr|h|week|wk))*)(?![A-Za-z0-9/])/i;

/** Directions that open with the amount ("160 mg on day 1, then ...", "300mg initial dose"): that amount is the dose. */
const LEADING_DOSE = /^\s*(\d+(?:\.\d+)?)\s*((?:mg|mcg|g|mL|ml|units?)(?:\s*\/\s*(?:kg|m²|m2|day|dose))*)(?![A-Za-z0-9/])/i;

export function doseIn(directions: string): { value: string; unit: string } | null {
  const m = DOSE.exec(directions) ?? LEADING_DOSE.exec(directions);
  return m ? { value: m[1], unit: m[2].replace(/\s+/g, "") } : null;
}

const ROUTES: [string, RegExp][] = [
  ["oral", /\b(?:by mouth|orally|oral|p\.?o\.?|per os|tablets?|capsules?|chew)\b/i],
  ["subcutaneous", /\b(?:subcutaneous(?:ly)?|sub-?q|s\.?c\.?|s\.?q\.?|under the skin)\b/i],
  ["intravenous", /\b(?:intravenous(?:ly)?|i\.?v\.?|infusion|infuse)\b/i],
  ["intramuscular", /\b(?:intramuscular(?:ly)?|i\.?m\.?)\b/i],
  ["topical", /\b(?:topical(?:ly)?|apply to (?:the )?(?:skin|affected))\b/i],
  ["inhalation", /\b(?:inhal(?:e|ed|ation|er)|nebuli[sz]\w*|puffs?)\b/i],
  ["ophthalmic", /\b(?:ophthalmic|in (?:the|each|both) eyes?|eye drops?)\b/i],
  ["nasal", /\b(?:nasal(?:ly)?|intranasal|in (?:each|the) nostril)\b/i],
  ["transdermal", /\b(?:transdermal|patch(?:es)?)\b/i],
  ["rectal", /\b(?:rectal(?:ly)?|suppositor(?:y|ies))\b/i],
];

/** The route a text states ("by mouth" -> oral), or null. */
export function routeIn(text: string): string | null {
  for (const [route, re] of ROUTES) if (re.test(text)) return route;
  return null;
}

/** "300 mL" -> 300 mL; "30 tablets" -> 30 tablets; "5mg/m2 based on BSA" -> null (a dose, not an amount to dispense). */
export function quantityIn(text: string): { value: number; unit: string | null } | null {
  // A unit may be hyphenated ("2 auto-injectors").
  const m = /^\s*(?:#\s*)?(\d{1,6}(?:[.,]\d+)?)\s*(?:x\s*)?([A-Za-z][A-Za-z.\s-]{0,18}?)?(?=\s*(?:$|[,;(|]|\s(?:for|per|every|over|days?)\b))/i.exec(text);
  if (!m) return null;
  const value = Number(m[1].replace(",", "."));
  if (!Number.isFinite(value) || value <= 0) return null;
  const unit = m[2]?.trim() || null;
  if (unit && /\//.test(text.slice(m[0].length, m[0].length + 2))) return null;
  return { value, unit };
}

/** The first whole number of a text ("30 days" -> 30). */
export function integerIn(text: string): number | null {
  const m = /(?<![\d.])(\d{1,4})(?![\d.])/.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * A quantity written over a number of days in one field ("9 / 30 days", "9 tablets per 30 days", "#18 every 28 days",
 * "60 tabs x 30 days", "2 auto-injectors (2 mL) / 28 days"): the quantity and the days supply.
 */
export function quantityOverDays(text: string): { quantity: number; unit: string | null; days: number } | null {
  // The unit may be hyphenated and followed by what it holds ("2 auto-injectors (2 mL) / 28 days").
  const m = /^\s*#?\s*(\d{1,5}(?:\.\d+)?)\s*([A-Za-z][A-Za-z.-]{0,18})?\s*(?:\([^()]{0,24}\)\s*)?(?:\/|per|every|for|over|in|x)\s*(\d{1,3})\s*(?:days?|d)\b/i.exec(text);
  if (!m) return null;
  const quantity = Number(m[1]);
  const days = Number(m[3]);
  if (!(quantity > 0) || !(days > 0) || days > 400) return null;
  return { quantity, unit: m[2] ?? null, days };
}
