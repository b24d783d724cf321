// Drug names of a product line or a drug cell as a payer writes them: "Xolair (omalizumab) 150 mg vial" ->
// ["Xolair", "omalizumab"], "HUMIRA(CF) PEN 40 MG/0.4ML" -> ["HUMIRA"], "Relpax (eletriptan), Frova (frovatriptan)"
// -> four names. Brand and generic are kept as written; strengths, dosage forms, routes and packaging are left out.
// Shared by the criteria-table and Part D readers (a section is bound to these names). The words that end a name
// (forms, routes, packaging, strengths) are the lexicon's (lib/lexicon/product-words.ts); salts are not among them
// here, since a name may open with one ("sodium oxybate").
import { isProductWord, startsStrength } from "@/lib/lexicon/product-words";

const NAME_ENDS = ["form", "route", "packaging"] as const;

/** Parenthesised notes that are no drug name: "(CF)" citrate free, "(PF)" preservative free, "(brand)". */
export const PAREN_NOT_A_NAME = /^(?:cf|pf|brand|generic|ndc|rx|otc|all strengths|all forms|preferred|non-preferred|e\.g\.?|i\.e\.?|.*\d.*)$/i;

/** The name part of one product ("Xolair (omalizumab) 150 mg vial" -> "Xolair"; its parenthesis is read apart). */
function leadingName(text: string): string {
  const words = text.replace(/\([^)]*\)?/g, " ").replace(/[®™*†‡]/g, "").split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const word of words) {
    const bare = word.toLowerCase().replace(/[.,;:]+$/, "");
    // "Pen-CD/UC/HS": a form word with the indications a kit is packed for.
    if (isProductWord(bare, NAME_ENDS) || isProductWord(bare.split(/[-/]/)[0], NAME_ENDS) || startsStrength(word)) break;
    kept.push(word.replace(/[.,;:]+$/, ""));
  }
  return kept.join(" ").trim();
}

/** Drug names of one product or drug entry: the leading name and a generic (or brand) in parentheses. */
export function productNames(product: string): string[] {
  const out: string[] = [];
  const lead = leadingName(product);
  if (lead) out.push(lead);
  for (const m of product.matchAll(/\(([^)]+)\)/g)) {
    // A strength note ("(2 MG/DOSE)", "(0.25 OR 0.5 MG/DOSE)") names no drug in any of its parts.
    if (/^\s*\d/.test(m[1])) continue;
    for (const part of m[1].split(/\s*[,/;]\s*|\s+or\s+|\s+and\s+/)) {
      const inner = leadingName(part.replace(/^(?:e\.g\.?|i\.e\.?),?\s*/i, ""));
      if (inner && inner.length >= 3 && !PAREN_NOT_A_NAME.test(inner) && /[a-z]{3}/i.test(inner)) out.push(inner);
    }
  }
  return out;
}

/** The names of a list of products (each a cell or a line), deduplicated case-insensitively, first spelling kept. */
export function productListNames(products: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const product of products) {
    // Several products in one cell: "Relpax (eletriptan), Frova (frovatriptan)"; commas inside parentheses stay.
    for (const item of splitOutsideParens(product)) {
      for (const name of productNames(item)) {
        const key = name.toLowerCase();
        if (seen.has(key) || name.length < 3) continue;
        seen.add(key);
        out.push(name);
      }
    }
  }
  return out;
}

/** Splits at commas and semicolons (and " and " between capitalised names) that stand outside parentheses. */
export function splitOutsideParens(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    if ((ch === "," || ch === ";") && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}
