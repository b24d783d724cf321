// A category code (K50.9, G40.81, C91.0) -> the one billable code under it that the documents' words support:
// every qualifier of that code's title ("in remission", "intractable", "without status epilepticus", "right knee")
// is written and asserted in the text. When no code or more than one is supported, the code stays as written with
// a warning: a claim needs a billable code, but a guessed one is worse than a flagged category.
import data from "./data/icd10-qualifiers.json";
import { contextOf } from "./context";
import { escapeRegExp } from "@/lib/escape-reg-exp";
import { billableDescendants, icd10Canonical, icd10Title, isBillable } from "./icd10";

export interface BillableResolution {
  /** The billable code, or the code as written when none could be chosen. */
  code: string;
  billable: boolean;
  title: string | null;
  /** The code as written, when it was replaced by a more specific one. */
  resolvedFrom?: string;
  /** The qualifiers the choice rests on. */
  because?: string[];
  warning?: string;
}

const QUALIFIERS = data.qualifiers as Record<string, string[]>;
const WINDOW = 240;

const clean = (title: string) => title.replace(/\s*\[[^\]]*\]/g, "").toLowerCase().trim();

/** The qualifiers that set a code apart from its ancestor: "Crohn's disease, unspecified, with fistula" -> ["with fistula"]. */
function qualifiersOf(ancestorTitle: string, title: string): string[] {
  const parent = clean(ancestorTitle);
  const child = clean(title);
  let rest: string;
  if (child.startsWith(parent)) rest = child.slice(parent.length);
  else {
    // Reworded titles ("... long bones of upper limb" -> "... long bones of left upper limb"): the child's words from
    // where they part from the ancestor's to the end, so "left" alone never counts, only "left upper limb".
    const p = parent.split(/[\s,]+/);
    const words = child.split(/\s+/);
    let i = 0;
    while (i < words.length && i < p.length && words[i].replace(/,$/, "") === p[i]) i++;
    rest = words.slice(i).join(" ");
  }
  return rest
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

type Reading = "asserted" | "negated";

/** How the text writes a phrase: asserted somewhere, negated somewhere (both possible), or not at all. */
function readings(text: string, phrase: string): Set<Reading> {
  const out = new Set<Reading>();
  const re = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(phrase).replace(/[-\s]+/g, "[-\\s]*")}(?![A-Za-z0-9])`, "gi");
  for (const m of text.matchAll(re)) {
    const from = Math.max(0, m.index - WINDOW);
    const window = text.slice(from, m.index + m[0].length + WINDOW);
    const start = m.index - from;
    const categories = contextOf(window, start, start + m[0].length);
    const before = text.slice(Math.max(0, m.index - 4), m.index).toLowerCase();
    if (categories.includes("negated") || /non-?\s?$/.test(before)) out.add("negated");
    else if (!categories.some((c) => c === "planned" || c === "hypothetical" || c === "uncertain" || c === "family")) out.add("asserted");
  }
  return out;
}

/** Is one qualifier of a code's title supported by the text? */
function supported(text: string, qualifier: string): boolean {
  // "unspecified" and "other" codes are what a coder picks knowing more than the words say: never inferred.
  if (/\b(?:unspecified|other|unsp)\b/.test(qualifier)) return false;
  const listed = QUALIFIERS[qualifier];
  if (listed) return listed.some((p) => readings(text, p).has("asserted"));
  const negative = /^(?:without|not|no)\s+(.+)$/.exec(qualifier);
  if (negative) return readings(text, qualifier).has("asserted") || readings(text, negative[1]).has("negated");
  const positive = /^with\s+(.+)$/.exec(qualifier);
  return readings(text, positive ? positive[1] : qualifier).has("asserted");
}

/** The code to claim for a written code, given the words of the case's documents. */
export function resolveBillable(code: string, evidenceText: string): BillableResolution {
  const canonical = icd10Canonical(code);
  if (!canonical) return { code, billable: false, title: null, warning: `${code} is not an ICD-10-CM (FY2026) code.` };
  const title = icd10Title(canonical);
  if (isBillable(canonical)) return { code: canonical, billable: true, title };
  const fits = billableDescendants(canonical)
    .map((candidate) => ({ candidate, qualifiers: qualifiersOf(title ?? "", icd10Title(candidate) ?? "") }))
    .filter(({ qualifiers }) => qualifiers.length > 0 && qualifiers.every((q) => supported(evidenceText, q)));
  if (fits.length === 1) {
    const [{ candidate, qualifiers }] = fits;
    return { code: candidate, billable: true, title: icd10Title(candidate), resolvedFrom: canonical, because: qualifiers };
  }
  const why = fits.length > 1 ? `the documents support several (${fits.map((f) => f.candidate).join(", ")})` : "the documents do not say which billable code applies";
  return { code: canonical, billable: false, title, warning: `${canonical} is a category, not billable: ${why}.` };
}
