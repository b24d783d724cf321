import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import table from "./field-rules.json";
import { criteriaOf } from "../fixtures/figures";
import { PART_D_FIELDS } from "../part-d/fields";
import { COLUMN_HEADERS } from "./columns";
import type { FieldRole } from "./field-roles";
import { FIELD_RULE, FIELD_RULES, loadFieldRules, recordedRule, splitRecordedRule } from "./field-rules";
import { sectionPolicy } from "./section-policy";

interface Row { field: string; text: string; preferred: string[]; rule: string; kind: string; expect: Record<string, unknown> | null }

const rows: Row[] = readFileSync(path.join(__dirname, "field-rules.tsv"), "utf8")
  .split("\n")
  .filter((line) => line && !line.startsWith("#") && !line.startsWith("field\t"))
  .map((line) => {
    const [field, text, preferred, rule, kind, expected] = line.split("\t");
    return { field, text, preferred: preferred ? preferred.split(/\s*,\s*/) : [], rule, kind, expect: expected ? JSON.parse(expected) : null };
  });

const ROLE_OF_FIELD = new Map<string, string>([...COLUMN_HEADERS.map((c) => [c.id, c.role] as const), ...PART_D_FIELDS.map((f) => [f.id, f.role] as const)]);

/** The criteria one field of a drug's section gives (its limits first), its text standing on page 1 under the label. */
function criteriaOfField(row: Row) {
  const pages = [{ page: 1, text: `Examplix\n${row.text}` }];
  const policy = sectionPolicy({
    id: "row-1", label: "Examplix", labelPage: 1, drugNames: ["Examplix"], pages, payer: null, effectiveDate: null, preferred: row.preferred,
    fields: [{ field: row.field, role: ROLE_OF_FIELD.get(row.field) as FieldRole, segments: [{ page: 1, text: row.text }] }],
  });
  return [...(policy.limits ?? []), ...policy.sections.flatMap((s) => criteriaOf(s.criteria))];
}

describe.each(rows)("$field: $text", (row) => {
  it(`is read by ${row.rule} as ${row.kind}`, () => {
    const [first] = criteriaOfField(row);
    expect(first?.rule).toBe(recordedRule(row.field, row.rule));
    expect(first.check.kind).toBe(row.kind);
    if (row.expect) expect(first.check).toMatchObject(row.expect);
  });
});

describe("the field rule table", () => {
  it("validates, and each row read by a field rule stands in a field of one of its roles and gives one of its kinds", () => {
    expect(FIELD_RULES.size).toBe(table.rules.length);
    for (const row of rows) {
      const rule = FIELD_RULES.get(row.rule);
      if (!rule) continue;
      expect(ROLE_OF_FIELD.get(row.field), `${row.rule}: ${row.field}`).toBeDefined();
      if (rule.roles) expect(rule.roles, `${row.rule}: ${row.field}`).toContain(ROLE_OF_FIELD.get(row.field));
      expect(rule.kinds, row.rule).toContain(row.kind);
    }
  });

  it("has at least two phrasings per rule in field-rules.tsv", () => {
    for (const rule of table.rules) expect(rows.filter((r) => r.rule === rule.name).length, rule.name).toBeGreaterThanOrEqual(2);
  });

  it("refuses a table that lacks a rule the builder uses, has one it does not use, lists a name twice or names an unknown kind or role", () => {
    const rules = table.rules;
    expect(() => loadFieldRules(table)).not.toThrow();
    expect(() => loadFieldRules({ rules: rules.filter((r) => r.name !== FIELD_RULE.stepPreferred) })).toThrow(/"field.step-preferred" is used by the section builder but not in the table/);
    expect(() => loadFieldRules({ rules: [...rules, { name: "field.guess", kinds: ["manual"], why: "x" }] })).toThrow(/"field.guess" is in the table but no reading uses it/);
    expect(() => loadFieldRules({ rules: [...rules, rules[0]] })).toThrow(/listed twice/);
    expect(() => loadFieldRules({ rules: [{ ...rules[0], kinds: ["guess"] }, ...rules.slice(1)] })).toThrow();
    expect(() => loadFieldRules({ rules: [{ ...rules[0], roles: ["notes"] }, ...rules.slice(1)] })).toThrow();
    expect(() => loadFieldRules({ rules: [{ ...rules[0], name: "age heading" }, ...rules.slice(1)] })).toThrow();
  });
});

describe.each([
  ["part-d.age-restrictions/field.age-heading", { field: "part-d.age-restrictions", rule: "field.age-heading" }],
  ["criteria-table.criteria/step.tried-failed", { field: "criteria-table.criteria", rule: "step.tried-failed" }],
  ["criteria-table.criteria:step_therapy", null],
  ["/step.tried-failed", null],
  ["criteria-table.criteria/", null],
] as const)("the recorded rule %s", (recorded, parts) => {
  it("is taken apart into its field and rule", () => expect(splitRecordedRule(recorded)).toEqual(parts));
});
