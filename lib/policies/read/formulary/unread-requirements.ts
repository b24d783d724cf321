// The criterion a drug list's reader gives a row whose requirements/limits cell it could not read (symbols, an image
// past the cell cap): a manual step naming why. Counted where the API says how much of a document is unread and
// where a re-read says what it recognised.
import type { CriteriaNode, ParsedPolicy } from "../../types";

export const UNREADABLE_REQUIREMENTS_RULE = "formulary.unreadable-requirements";

const count = (node: CriteriaNode): number =>
  node.kind === "criterion" ? (node.rule === UNREADABLE_REQUIREMENTS_RULE ? 1 : 0) : node.children.reduce((n, c) => n + count(c), 0);

/** Criteria of a policy whose requirements cell could not be read. */
export function countUnreadRequirements(parsed: ParsedPolicy): number {
  return parsed.sections.reduce((n, s) => n + count(s.criteria), 0);
}
