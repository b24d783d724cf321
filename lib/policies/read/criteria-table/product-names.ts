// Drug names of a product line or a drug cell as a payer writes them: "Xolair (omalizumab) 150 mg vial" ->
// ["Xolair", "omalizumab"], "HUMIRA(CF) PEN 40 MG/0.4ML" -> ["HUMIRA"], "Relpax (eletriptan), Frova (frovatriptan)"
// -> four names. Brand and generic are kept as written; strengths, dosage forms, routes and packaging are left out.
// Shared by the criteria-table and Part D readers (a section is bound to these names).

/** Words that end a drug's name in a product line: forms, routes, packaging, release words. Data, tested as a table. */
export const PRODUCT_STOP_WORDS: readonly string[] = [
  "pen", "pens", "syringe", "syringes", "prefilled", "pfs", "auto-injector", "autoinjector", "injector", "kit", "kits", "vial", "vials",
  "cartridge", "cartridges", "starter", "pack", "packs", "tablet", "tablets", "tab", "tabs", "capsule", "capsules", "cap", "caps",
  "solution", "soln", "suspension", "susp", "injection", "inj", "injectable", "infusion", "oral", "subcutaneous", "subq", "sc", "iv",
  "intravenous", "intramuscular", "im", "topical", "cream", "ointment", "gel", "lotion", "foam", "patch", "spray", "nasal", "inhaler",
  "inhalation", "aerosol", "powder", "granules", "packet", "packets", "film", "odt", "er", "xr", "sr", "dr", "ec", "la", "extended-release",
  "delayed-release", "chewable", "drops", "ophthalmic", "otic", "liquid", "elixir", "syrup", "sol", "susr", "soaj", "sosy", "soln",
];

/** Parenthesised notes that are no drug name: "(CF)" citrate free, "(PF)" preservative free, "(brand)". */
export const PAREN_NOT_A_NAME = /^(?:cf|pf|brand|generic|ndc|rx|otc|all strengths|all forms|preferred|non-preferred|e\.g\.?|i\.e\.?|.*\d.*)$/i;

const STRENGTH = /^\d|^[\d.,/-]+(?:mg|mcg|g|ml|units?|%|iu)\b/i;
const STOP = new Set(PRODUCT_STOP_WORDS);

/** The name part of one product ("Xolair (omalizumab) 150 mg vial" -> "Xolair"; its parenthesis is read apart). */
function leadingName(text: string): string {
  const words = text.replace(/\([^)]*\)?/g, " ").replace(/[®™*†‡]/g, "").split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const word of words) {
    const bare = word.toLowerCase().replace(/[.,;:]+$/, "");
    // "Pen-CD/UC/HS": a form word with the indications a kit is packed for.
    if (STOP.has(bare) || STOP.has(bare.split(/[-/]/)[0]) || STRENGTH.test(word)) break;
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
