import type { Check, CriteriaNode, CriterionNode, ParsedPolicy } from "../types";

export type CriterionChange = {
  criterion_id: string;
  /** The indication (section title), or "Limits" for dosing-table limits. */
  section: string;
  change: "added" | "removed" | "changed";
  text_before: string | null;
  text_after: string | null;
  check_before: Check | null;
  check_after: Check | null;
};

function leaves(node: CriteriaNode, out: CriterionNode[] = []): CriterionNode[] {
  if (node.kind === "criterion") out.push(node);
  else for (const child of node.children) leaves(child, out);
  return out;
}

function byId(policy: ParsedPolicy): Map<string, { section: string; node: CriterionNode }> {
  const map = new Map<string, { section: string; node: CriterionNode }>();
  for (const section of policy.sections) for (const node of leaves(section.criteria)) map.set(`${section.id}/${node.id}`, { section: section.title, node });
  for (const node of policy.limits ?? []) map.set(`limits/${node.id}`, { section: "Limits", node });
  return map;
}

/** Stable JSON (keys sorted) so that key order alone is never a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Per criterion (matched by section and id): added, removed, or changed (text or check), in the order of `after` then `before`. */
export function diffCriteria(before: ParsedPolicy, after: ParsedPolicy): CriterionChange[] {
  const a = byId(before);
  const b = byId(after);
  const changes: CriterionChange[] = [];
  for (const [key, { section, node }] of b) {
    const old = a.get(key);
    if (!old) {
      changes.push({ criterion_id: node.id, section, change: "added", text_before: null, text_after: node.text, check_before: null, check_after: node.check });
    } else if (old.node.text !== node.text || canonical(old.node.check) !== canonical(node.check)) {
      changes.push({ criterion_id: node.id, section, change: "changed", text_before: old.node.text, text_after: node.text, check_before: old.node.check, check_after: node.check });
    }
  }
  for (const [key, { section, node }] of a) {
    if (!b.has(key)) changes.push({ criterion_id: node.id, section, change: "removed", text_before: node.text, text_after: null, check_before: node.check, check_after: null });
  }
  return changes;
}
