// The guarantee that every quote of a parsed policy is verbatim: each quote is checked against its page's text
// (whitespace collapsed); one that is not found is repaired to the page's own wording, or to the longest verbatim
// run of its words; a criterion whose quote cannot be repaired is dropped and the policy says so in `warnings`.
import type { CriteriaNode, ParsedPolicy, PolicyNote, Quote } from "./types";
import { isVerbatim, repairQuote } from "./verbatim-quote";

type Pages = readonly { page: number; text: string }[];

function checked(pages: Pages, quote: Quote | null | undefined): Quote | null {
  if (!quote) return null;
  // A recognised quote keeps its flag and confidence.
  const flags = quote.recognised ? { recognised: true, ...(quote.confidence !== undefined ? { confidence: quote.confidence } : {}) } : {};
  if (isVerbatim(pages, quote)) return { page: quote.page, text: quote.text.replace(/\s+/g, " ").trim(), ...flags };
  const repaired = repairQuote(pages, quote);
  return repaired ? { ...repaired, ...flags } : null;
}

function enforceNode(node: CriteriaNode, pages: Pages, warnings: string[]): CriteriaNode | null {
  if (node.kind === "criterion") {
    const quote = checked(pages, node.quote);
    if (!quote) {
      warnings.push(`Criterion ${node.id} dropped: its quote is not on page ${node.quote.page}.`);
      return null;
    }
    const notes = (node.notes ?? []).flatMap((n): PolicyNote[] => {
      const q = checked(pages, n.quote);
      return q ? [{ text: n.text, quote: q }] : [];
    });
    const out: CriteriaNode = { ...node, quote };
    if (notes.length) out.notes = notes;
    else delete out.notes;
    return out;
  }
  const children = node.children.map((c) => enforceNode(c, pages, warnings)).filter((c): c is CriteriaNode => c !== null);
  if (!children.length) return null;
  return { ...node, quote: checked(pages, node.quote), children };
}

/** The policy with every quote verbatim on its page (repaired or dropped otherwise). Pages empty: unchanged. */
export function enforceVerbatimQuotes(policy: ParsedPolicy, pages: Pages): ParsedPolicy {
  if (!pages.length) return policy;
  const warnings = [...(policy.warnings ?? [])];
  const sections = policy.sections.flatMap((section) => {
    const criteria = enforceNode(section.criteria, pages, warnings);
    return criteria ? [{ ...section, criteria, titleQuote: checked(pages, section.titleQuote) }] : [];
  });
  const limits = (policy.limits ?? []).flatMap((limit) => {
    const node = enforceNode(limit, pages, warnings);
    return node && node.kind === "criterion" ? [node] : [];
  });
  return { ...policy, sections, limits, warnings };
}

/** Every quote of a parsed policy (criteria, groups, notes, titles, limits), for audits and tests. */
export function allQuotes(policy: ParsedPolicy): Quote[] {
  const out: Quote[] = [];
  const walk = (node: CriteriaNode) => {
    if (node.quote) out.push(node.quote);
    if (node.kind === "criterion") (node.notes ?? []).forEach((n) => out.push(n.quote));
    else node.children.forEach(walk);
  };
  for (const section of policy.sections) {
    if (section.titleQuote) out.push(section.titleQuote);
    walk(section.criteria);
  }
  (policy.limits ?? []).forEach(walk);
  return out;
}
