import { InvalidInput } from "@/lib/errors/domain-errors";
import type { TCheck } from "../check-schema";
import type { CriteriaNode, ParsedPolicy } from "../types";

/** The rule recorded on a criterion whose check an admin set in the editor. */
export const EDITED_RULE = "edited.by-admin";

export type CriterionEdit = { criterion_id: string; check?: TCheck; manual?: boolean; text?: string };

function applyEdit(node: CriteriaNode, edit: CriterionEdit): boolean {
  if (node.kind === "criterion") {
    if (node.id !== edit.criterion_id) return false;
    if (edit.check) node.check = edit.check;
    if (edit.manual) node.check = { kind: "manual" };
    // A check a person set is no reading rule's: the step says so instead of naming the rule that read it before.
    if (edit.check || edit.manual) node.rule = EDITED_RULE;
    if (edit.text) node.text = edit.text;
    return true;
  }
  return node.children.some((child) => applyEdit(child, edit));
}

/** A copy of `parsed` with the edits applied (checks already validated by ZCheck); an unknown criterion is InvalidInput. */
export function applyCriteriaEdits(parsed: ParsedPolicy, edits: CriterionEdit[]): ParsedPolicy {
  const copy = structuredClone(parsed);
  edits.forEach((edit, i) => {
    const found = copy.sections.some((section) => applyEdit(section.criteria, edit)) || (copy.limits ?? []).some((node) => applyEdit(node, edit));
    if (!found) throw new InvalidInput(`criteria_edits[${i}].criterion_id: no criterion ${edit.criterion_id} in this policy`);
  });
  return copy;
}
