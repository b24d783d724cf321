// The field readings of field-rules.json, validated once, and how a criterion of a field records the rule that read
// it: "<field id>/<rule name>" ("part-d.age-restrictions/age.bounds", "criteria-table.criteria/field.step-preferred"),
// so a reviewer sees both the column or heading it came from and the rule, and two rules of one kind differ.
import { z } from "zod";
import { CHECK_KINDS } from "@/lib/policies/check-schema";
import type { FieldRole } from "./field-roles";
import data from "./field-rules.json";

const FIELD_ROLES = ["covered_uses", "indications", "off_label", "exclusion", "required_info", "age", "prescriber", "duration", "other", "part_b", "criteria", "quantity"] as const satisfies readonly FieldRole[];

export const ZFieldRule = z.strictObject({
  name: z.string().regex(/^field\.[a-z0-9-]+$/, "a dotted name such as field.age-heading"),
  /** The roles it applies to (none listed: any field). */
  roles: z.array(z.enum(FIELD_ROLES)).min(1).optional(),
  kinds: z.array(z.enum(CHECK_KINDS)).min(1),
  /** Words put before the text for the classifier when the heading says what it is. */
  prefix: z.string().min(1).optional(),
  /** A cue (regular expression, case-insensitive) the text must show for the rule to read it. */
  pattern: z.string().min(1).optional(),
  why: z.string().min(1),
});
export const ZFieldRuleTable = z.strictObject({ $comment: z.string().optional(), rules: z.array(ZFieldRule).min(1) });
export type TFieldRule = z.infer<typeof ZFieldRule>;

/** The handles the section builder uses; each must be a rule of the table, and each rule of the table is used. */
export const FIELD_RULE = {
  ageHeading: "field.age-heading",
  ageUnread: "field.age-unread",
  prescriberHeading: "field.prescriber-heading",
  prescriberUnread: "field.prescriber-unread",
  exclusionDrugs: "field.exclusion-drugs",
  exclusionFinding: "field.exclusion-finding",
  stepPreferred: "field.step-preferred",
  limitHeading: "field.limit-heading",
  limitUnread: "field.limit-unread",
  unread: "field.unread",
  scopeStatement: "field.scope-statement",
  trialException: "field.trial-exception",
  ageAlternative: "field.age-alternative",
  productScoped: "field.product-scoped",
  limitAllowance: "field.limit-allowance",
} as const;
export type FieldRuleName = (typeof FIELD_RULE)[keyof typeof FIELD_RULE];

export function loadFieldRules(table: unknown): Map<string, TFieldRule> {
  const parsed = ZFieldRuleTable.parse(table);
  const rules = new Map<string, TFieldRule>();
  for (const rule of parsed.rules) {
    if (rules.has(rule.name)) throw new Error(`field rule "${rule.name}" is listed twice`);
    rules.set(rule.name, rule);
  }
  const used = new Set<string>(Object.values(FIELD_RULE));
  for (const name of used) if (!rules.has(name)) throw new Error(`field rule "${name}" is used by the section builder but not in the table`);
  for (const name of rules.keys()) if (!used.has(name)) throw new Error(`field rule "${name}" is in the table but no reading uses it`);
  return rules;
}

export const FIELD_RULES: ReadonlyMap<string, TFieldRule> = loadFieldRules(data);

/** The words a heading rule puts before a field's text for the classifier ("Age", "Prescribed by"). */
export function prefixOf(name: FieldRuleName): string {
  return FIELD_RULES.get(name)?.prefix ?? "";
}

/** The cue of a rule with a pattern (null for one without). */
export function patternOf(name: FieldRuleName): RegExp | null {
  const pattern = FIELD_RULES.get(name)?.pattern;
  return pattern ? new RegExp(pattern, "i") : null;
}

/** What a criterion records: the field it came from and the rule that read it. */
export const recordedRule = (field: string, rule: string) => `${field}/${rule}`;

/** A recorded "<field id>/<rule name>" taken apart (null when it is not of that form). */
export function splitRecordedRule(recorded: string): { field: string; rule: string } | null {
  const at = recorded.indexOf("/");
  if (at <= 0 || at === recorded.length - 1) return null;
  return { field: recorded.slice(0, at), rule: recorded.slice(at + 1) };
}
