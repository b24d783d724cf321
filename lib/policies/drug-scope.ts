// Shared by the policy reader (which splits a product-scoped sentence into its parts) and the policy check (which
// applies each part to the products it names only): neither reads the other, so it lives beside both.
// A sentence inside a class section that opens with the products it is about ("MYDAYIS – member must be 13 years of
// age or older", "AZSTARYS, DYANAVEL XR and XELSTRYM: 6 years of age or older") applies to those products only.
import { findDrugMentions } from "@/lib/intake/text/drug-names";

/** Words that join product names in such a lead-in. */
const JOINERS = /^(?:and|or|&|,|\/|xr|er|xl|la|cd|sr|odt|\s)+$/i;

/** The products a criterion's lead-in names ("MYDAYIS – ..."), or null when it opens with no such list. */
export function scopedProducts(text: string): string[] | null {
  const lead = /^\s*([^–—:.;]{3,100}?)\s*(?:[–—]|\s-\s|:)\s*\S/.exec(text);
  if (!lead) return null;
  const head = lead[1];
  const mentions = findDrugMentions(head);
  if (!mentions.length) return null;
  // Everything in the lead-in is a product name or a joining word: it names products, not a condition or a rule.
  let rest = head;
  for (const m of [...mentions].reverse()) rest = rest.slice(0, m.start) + " " + rest.slice(m.end);
  return JOINERS.test(rest.trim() || " ") ? mentions.map((m) => m.name) : null;
}
