// Stage (a) of the evaluation: reading the policy, for a group of cases whose section's criteria were published
// (criteria/NNN.json). Pure: the PDF is read once by the caller (run-evaluation.ts).
// - binding: for each drug the group's cases request (as labelled), the section the reader bound to it is the
//   published one: a section is chosen for the drug, and it is bound to a drug the criteria document names;
// - sentences: the criteria the reader took from that section against the published criteria, matched by their
//   words (sentence-match.ts: recall, precision), and for each matched pair the check kind the engine gives the
//   published sentence against the kind it gave the sentence it read from the PDF.
import { chooseSection } from "@/lib/policies/library/choose-section";
import type { DrugPolicySection, PolicyDocumentReading, PolicyFamily } from "@/lib/policies/read/types";
import type { CriteriaNode, CriterionNode, ParsedPolicy } from "@/lib/policies/types";
import { distinctSentences, matchSentences } from "./sentence-match";

export interface KindPair {
  published: string;
  read: string;
  /** The published sentence (its first words). */
  sentence: string;
}

export interface ReadingOutcome {
  /** "policy-families/criteria/108" */
  key: string;
  /** Where figures are counted: "<source>/<family>". */
  group: string;
  /** Drugs the group's cases request, and for each the section the reader bound (null: none) and whether it is the published one. */
  bindings: { drug: string; section: string | null; right: boolean }[];
  /** The section whose criteria were compared (null: none bound to any of the group's drugs). */
  section: string | null;
  published: number;
  read: number;
  matched: number;
  kinds: KindPair[];
  /** Published sentences the reader did not give, read sentences matching none (first words of each). */
  missed: string[];
  extra: string[];
}

/** Every criterion (leaf) of a policy's sections and limits. */
export function criterionLeaves(policy: ParsedPolicy): CriterionNode[] {
  const out: CriterionNode[] = [];
  const walk = (node: CriteriaNode) => (node.kind === "criterion" ? out.push(node) : node.children.forEach(walk));
  for (const section of policy.sections) walk(section.criteria);
  for (const limit of policy.limits ?? []) walk(limit);
  return out;
}

const short = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}...` : text);
const textOf = (leaf: CriterionNode) => leaf.quote?.text || leaf.text;

export function readingOutcome(opts: { key: string; source: string; family: PolicyFamily; reading: PolicyDocumentReading; drugs: readonly string[]; published: ParsedPolicy }): ReadingOutcome {
  const { reading, published } = opts;
  const publishedDrugs = published.drugNames;
  const isPublished = (section: DrugPolicySection) => publishedDrugs.some((name) => chooseSection([section], { ndcs: [], drugNames: [name] }) !== null);
  const bindings = [...new Set(opts.drugs)].map((drug) => {
    const chosen = chooseSection(reading.sections, { ndcs: [], drugNames: [drug] });
    return { drug, chosen: chosen?.section ?? null, right: chosen !== null && isPublished(chosen.section) };
  });
  // The published section when the reader bound it to one of the drugs, else the section it bound instead.
  const compared = bindings.find((b) => b.right)?.chosen ?? bindings.find((b) => b.chosen)?.chosen ?? null;
  const publishedLeaves = distinctSentences(criterionLeaves(published), (l) => l.text);
  const readLeaves = compared ? distinctSentences(criterionLeaves(compared.policy), textOf) : [];
  const matching = matchSentences(publishedLeaves, readLeaves, (l) => l.text, textOf);
  return {
    key: opts.key,
    group: `${opts.source}/${opts.family}`,
    bindings: bindings.map((b) => ({ drug: b.drug, section: b.chosen?.label ?? null, right: b.right })),
    section: compared?.label ?? null,
    published: publishedLeaves.length,
    read: readLeaves.length,
    matched: matching.pairs.length,
    kinds: matching.pairs.map((p) => ({ published: p.published.check.kind, read: p.read.check.kind, sentence: short(p.published.text) })),
    missed: matching.unmatchedPublished.map((l) => short(l.text)),
    extra: matching.unmatchedRead.map((l) => short(textOf(l))),
  };
}

/** The reading stage passes for a group when every drug is bound to the published section and every sentence is read, of the same kind. */
export const readingPasses = (o: ReadingOutcome) =>
  o.bindings.every((b) => b.right) && o.matched === o.published && o.matched === o.read && o.kinds.every((k) => k.published === k.read);
