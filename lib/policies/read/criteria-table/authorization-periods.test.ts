import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import table from "./authorization-periods.json";
import { loadPeriodRules, readAuthorizationPeriod, splitPeriods } from "./authorization-periods";

const rows = readFileSync(path.join(import.meta.dirname, "authorization-periods.tsv"), "utf8")
  .split("\n")
  .filter((line) => line && !line.startsWith("#") && !line.startsWith("text\t"))
  .map((line) => {
    const [text, rule, phase, duration, criterion] = line.split("\t");
    return { text, rule, phase, duration, criterion };
  });

describe.each(rows.map((r) => [r.text, r] as const))("period of %j", (_text, row) => {
  it(row.rule === "-" ? "is no period (a criterion as it stands)" : `is read by ${row.rule}`, () => {
    const read = readAuthorizationPeriod(row.text);
    if (row.rule === "-") return expect(read).toBeNull();
    expect(read).toEqual({ rule: row.rule, phase: row.phase, duration: row.duration === "-" ? null : row.duration, criterion: row.criterion === "yes" });
  });
});

describe("the period rules table", () => {
  it("has at least two rows per rule, in different wordings", () => {
    for (const { rule } of loadPeriodRules(table)) expect(rows.filter((r) => r.rule === rule.name).length, rule.name).toBeGreaterThanOrEqual(2);
  });

  it("refuses a rule without a span or listed twice", () => {
    const rule = table.rules[0];
    expect(() => loadPeriodRules({ rules: [{ ...rule, pattern: "^initial$" }] })).toThrow();
    expect(() => loadPeriodRules({ rules: [rule, rule] })).toThrow(/twice/);
  });
});

describe("a criteria cell's periods", () => {
  const seg = (text: string, x0 = 10) => ({ page: 1, text, x0 });
  it("leaves the criteria, gives the initial period, and sends the renewal's requirement to the continuation", () => {
    const out = splitPeriods([
      seg("• Must be prescribed by a neurologist"),
      seg("• Must provide documentation of baseline score > 13 and a trial of"),
      seg("an SSRI", 20),
      seg("• Initial authorizations will be for 84 days"),
      seg("• Subsequent authorizations require documentation of a positive response to therapy as"),
      seg("evidenced by a decrease in the score", 20),
    ]);
    expect(out.criteria.map((s) => s.text)).toEqual(["• Must be prescribed by a neurologist", "• Must provide documentation of baseline score > 13 and a trial of", "an SSRI"]);
    expect(out.continuation.map((s) => s.text)).toEqual(["• Subsequent authorizations require documentation of a positive response to therapy as", "evidenced by a decrease in the score"]);
    expect(out).toMatchObject({ initial: "Initial authorizations will be for 84 days", renewal: null, rules: ["period.initial-duration", "period.renewal-requirement"] });
  });

  it("reads a period sentence of an unmarked paragraph cell (a PDL's criteria column)", () => {
    const out = splitPeriods([seg("Diagnosis of insomnia."), seg("Member is 18 years of age or older."), seg("Approval duration 6 months.")]);
    expect(out.criteria.map((s) => s.text)).toEqual(["Diagnosis of insomnia.", "Member is 18 years of age or older."]);
    expect(out).toMatchObject({ initial: "Approval duration 6 months.", renewal: "Approval duration 6 months." });
  });
});
