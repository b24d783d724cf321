// The product a drug text names beyond the drug: its strengths ("8 mg", "4 mg/5 mL", "1000/40") and its dosage forms
// ("tab" and "tablet" are one form: data/dosage-form-groups.json). Two products of one drug (sumatriptan 50 mg and
// 100 mg; ondansetron 8 mg tablet and 4 mg/5 mL oral solution) are told apart by these. Pure.
import GROUPS from "./data/dosage-form-groups.json";
import { STRENGTH_UNIT } from "./product-words";

export interface ProductForm {
  /** Strengths as "<number> <unit>" in lower case, a ratio's denominator kept ("4 mg/5 ml"). */
  strengths: string[];
  /** Canonical dosage forms (keys of dosage-form-groups.json). */
  forms: string[];
}

const VARIANTS: [string, RegExp][] = Object.entries(GROUPS as Record<string, string[] | string>)
  .filter((entry): entry is [string, string[]] => !entry[0].startsWith("_") && Array.isArray(entry[1]))
  .flatMap(([form, words]) => words.map((w) => [form, new RegExp(`(?<![a-z0-9])${w.replace(/[-\s]+/g, "[-\\s]*")}(?![a-z0-9])`, "i")] as [string, RegExp]));

const UNIT = STRENGTH_UNIT;
const STRENGTH = new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(${UNIT})(?:\s*(?:\/|per)\s*(\d+(?:\.\d+)?)?\s*(${UNIT}|actuation|hr|h|day|dose))?(?![a-z])`, "gi");

const number = (s: string) => String(Number(s));
const unit = (s: string) => s.toLowerCase().replace(/^(?:units?|unt)$/, "unit").replace(/[µμ]g/, "mcg");

export function productForm(text: string): ProductForm {
  const strengths = new Set<string>();
  for (const m of text.matchAll(STRENGTH)) {
    const base = `${number(m[1])} ${unit(m[2])}`;
    strengths.add(m[4] ? `${base}/${m[3] ? `${number(m[3])} ` : ""}${unit(m[4])}` : base);
  }
  const forms = new Set<string>();
  for (const [form, re] of VARIANTS) if (re.test(text)) forms.add(form);
  return { strengths: [...strengths], forms: [...forms] };
}

/**
 * How a product (a section's drug names) fits the requested one: `conflicts` counts what both state and differ on
 * (strength, form), `matches` what both state alike. A product that states nothing neither matches nor conflicts.
 */
export function productFit(requested: ProductForm, product: ProductForm): { matches: number; conflicts: number } {
  let matches = 0;
  let conflicts = 0;
  if (requested.strengths.length && product.strengths.length) {
    if (product.strengths.some((s) => requested.strengths.includes(s))) matches += 1;
    else conflicts += 1;
  }
  // Release types are a form of their own only when both say one; "tablet" vs "extended release tablet" differ.
  const base = (forms: string[]) => forms.filter((f) => f !== "extended release");
  const rq = base(requested.forms);
  const pr = base(product.forms);
  if (rq.length && pr.length) {
    if (pr.some((f) => rq.includes(f))) matches += 1;
    else conflicts += 1;
  }
  if (requested.forms.includes("extended release") !== product.forms.includes("extended release") && (requested.forms.length || product.forms.length)) {
    if (product.forms.includes("extended release") || requested.forms.includes("extended release")) conflicts += 1;
  }
  return { matches, conflicts };
}

/** Words that join or qualify dosage forms in a list of them ("granules, suspensions and ODT forms"). */
const FORM_LIST_JOINERS = /^(?:and|or|&|,|\/|forms?|formulations?|products?|dosage|only|\s)*$/i;

/**
 * The dosage forms a text names and nothing else ("Granules, suspensions and ODT forms" -> granules, suspension,
 * orally disintegrating tablet), or null when it names none or names anything else too (a drug, a condition).
 */
export function formsNamed(text: string): string[] | null {
  let rest = text;
  const forms = new Set<string>();
  // Longer variants first, so "orally disintegrating tablet" is one form and not a tablet.
  const variants = [...VARIANTS].sort((a, b) => b[1].source.length - a[1].source.length);
  for (const [form, re] of variants) {
    const global = new RegExp(re.source, "gi");
    if (global.test(rest)) {
      forms.add(form);
      rest = rest.replace(global, " ");
    }
  }
  return forms.size && FORM_LIST_JOINERS.test(rest) ? [...forms] : null;
}
