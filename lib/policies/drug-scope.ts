// Shared by the policy reader (which splits a product-scoped sentence into its parts) and the policy check (which
// applies each part to the products it names only): neither reads the other, so it lives beside both.
// A sentence inside a class section that opens with the products it is about ("MYDAYIS – member must be 13 years of
// age or older", "AZSTARYS, DYANAVEL XR and XELSTRYM: 6 years of age or older") applies to those products only.
import { findDrugMentions } from "@/lib/intake/text/drug-names";
import { formsNamed } from "@/lib/lexicon/product-form";

/** Words that join product names in such a lead-in. */
const JOINERS = /^(?:and|or|&|,|\/|xr|er|xl|la|cd|sr|odt|\s)+$/i;

/** The products a criterion's lead-in names ("MYDAYIS – ..."), or null when it opens with no such list. */
export function scopedProducts(text: string): string[] | null {
  const head = leadIn(text);
  if (!head) return null;
  const mentions = findDrugMentions(head);
  if (!mentions.length) return null;
  // Everything in the lead-in is a product name or a joining word: it names products, not a condition or a rule.
  let rest = head;
  for (const m of [...mentions].reverse()) rest = rest.slice(0, m.start) + " " + rest.slice(m.end);
  return JOINERS.test(rest.trim() || " ") ? mentions.map((m) => m.name) : null;
}

/** The lead-in of a criterion, before its dash or colon ("MYDAYIS", "Granules, suspensions and ODT forms"). */
function leadIn(text: string): string | null {
  return /^\s*([^–—:.;]{3,100}?)\s*(?:[–—]|\s-\s|:)\s*\S/.exec(text)?.[1] ?? null;
}

/**
 * The dosage forms a criterion's lead-in names, when it names only forms ("Granules, suspensions and ODT forms:
 * member is younger than 12 ..."): the sentence applies to products of those forms only. Null otherwise.
 */
export function scopedForms(text: string): string[] | null {
  const head = leadIn(text);
  return head ? formsNamed(head) : null;
}
