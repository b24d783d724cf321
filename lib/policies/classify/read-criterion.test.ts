import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkProblems } from "../check-schema";
import type { ClassifyContext } from "./criterion-input";
import { compileRules, CRITERION_RULES, ZCriterionRuleTable } from "./criterion-rules";
import table from "./criterion-rules.json";
import { EXTRACTORS } from "./extractors";
import { EMPTY_RULE, readCriterion } from "./read-criterion";

interface Row { text: string; context: ClassifyContext; rule: string; kind: string; expect: Record<string, unknown> | null }

const rows: Row[] = readFileSync(path.join(__dirname, "criteria.tsv"), "utf8")
  .split("\n")
  .filter((line) => line && !line.startsWith("#") && !line.startsWith("text\t"))
  .map((line) => {
    const [text, context, rule, kind, expected] = line.split("\t");
    return { text, context: context ? JSON.parse(context) : {}, rule, kind, expect: expected ? JSON.parse(expected) : null };
  });

describe.each(rows)("$rule reads $text", (row) => {
  it(`as ${row.kind}`, () => {
    const read = readCriterion(row.text, row.context);
    expect(read.rule).toBe(row.rule);
    expect(read.check.kind).toBe(row.kind);
    if (row.expect) expect(read.check).toMatchObject(row.expect);
    // What a rule reads is a check the editor and the API accept.
    if (read.check.kind !== "manual") expect(checkProblems(JSON.parse(JSON.stringify(read.check)))).toEqual([]);
  });
});

describe("the criterion rule table", () => {
  it("validates against its schema, and every extractor it names exists and yields the rule's kind", () => {
    expect(ZCriterionRuleTable.safeParse(table).success).toBe(true);
    for (const rule of table.rules) {
      expect(EXTRACTORS[rule.extract], rule.name).toBeDefined();
      expect(EXTRACTORS[rule.extract].kind, rule.name).toBe(rule.kind);
    }
    expect(CRITERION_RULES.map((r) => r.name)).toEqual(table.rules.map((r) => r.name));
  });

  it("uses every pattern it defines (in a rule, or in the extractors and list-intro reader by name)", () => {
    const code = ["criterion-rules.ts", "extract-diagnosis.ts", "extract-lab.ts", "extract-specialty.ts", "../classify-criterion.ts"].map((f) => readFileSync(path.join(__dirname, f), "utf8")).join("\n");
    const inRules = new Set(table.rules.flatMap((r) => [...r.cues, ...r.exclusions, ...(("requires" in r && r.requires) || [])]));
    for (const name of Object.keys(table.patterns)) expect(inRules.has(`@${name}`) || code.includes(`criterionPattern("${name}")`), name).toBe(true);
  });

  it("has at least two phrasings per rule in criteria.tsv", () => {
    for (const rule of table.rules) expect(rows.filter((r) => r.rule === rule.name).length, rule.name).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.rule === EMPTY_RULE)).toBe(true);
  });

  it("refuses a table naming an unknown extractor, pattern or lexicon list, a kind its extractor does not yield, or a name twice", () => {
    const rule = { name: "age.bounds", kind: "age", cues: ["@age"], exclusions: [], extract: "ageBounds", why: "ages" };
    const withRules = (...rules: object[]) => ({ patterns: table.patterns, rules });
    expect(() => compileRules(withRules(rule))).not.toThrow();
    expect(() => compileRules(withRules({ ...rule, extract: "ageGuess" }))).toThrow(/no extractor "ageGuess"/);
    expect(() => compileRules(withRules({ ...rule, kind: "diagnosis" }))).toThrow(/yields age, not diagnosis/);
    expect(() => compileRules(withRules({ ...rule, cues: ["@no-such-pattern"] }))).toThrow(/no pattern "no-such-pattern"/);
    expect(() => compileRules(withRules({ ...rule, cues: ["lexicon:planets"] }))).toThrow(/no such list/);
    expect(() => compileRules(withRules(rule, rule))).toThrow(/listed twice/);
    expect(() => compileRules(withRules({ ...rule, kind: "guess" }))).toThrow();
  });

  it("applies the first rule whose requirements and cues hold, no exclusion vetoes and whose extractor reads a check", () => {
    const age = { name: "age.bounds", kind: "age", cues: ["@age"], exclusions: [], extract: "ageBounds", why: "ages" };
    const fallback = { name: "manual.unread", kind: "manual", cues: [], exclusions: [], extract: "manual", why: "rest" };
    const rules = (...r: object[]) => compileRules({ patterns: table.patterns, rules: [...r, fallback] });
    const text = "Member is 18 years of age or older";
    expect(readCriterion(text, {}, rules(age)).rule).toBe("age.bounds");
    expect(readCriterion(text, {}, rules({ ...age, exclusions: ["older"] })).rule).toBe("manual.unread");
    expect(readCriterion(text, {}, rules({ ...age, requires: ["phase:continuation"] })).rule).toBe("manual.unread");
    expect(readCriterion(text, { phase: "continuation" }, rules({ ...age, requires: ["phase:continuation"] })).rule).toBe("age.bounds");
    // A cue that matches but an extractor that reads nothing passes the criterion on.
    expect(readCriterion("Member is of age", {}, rules(age)).rule).toBe("manual.unread");
    // An item of a list whose intro says what it is is read only by the rules for that kind.
    expect(readCriterion(text, { inherited: "diagnosis" }, rules(age)).rule).toBe("manual.unread");
  });
});
