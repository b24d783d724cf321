import { beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "@/lib/documents/read-pdf";
import { parsePolicy } from "../parse-policy";
import { policyFromPayload } from "../policy-payload";
import { COLUMN_HEADERS } from "../read/criteria-table/columns";
import { FIELD_RULES, splitRecordedRule } from "../read/criteria-table/field-rules";
import { criteriaTablePages, FICTIONAL_CRITERIA_TABLE, FICTIONAL_PDL_TABLE } from "../read/fixtures/criteria-table";
import { FICTIONAL_GROUP_BOOK, FICTIONAL_PART_D_BOOK, partDBookPages } from "../read/fixtures/part-d-book";
import { buildPdf, type PageSpec } from "../read/fixtures/pdf-pages";
import { PART_D_FIELDS } from "../read/part-d/fields";
import { readPolicyDocument } from "../read/read-policy-document";
import type { PolicyDocumentReading } from "../read/types";
import type { CriteriaNode, CriterionNode, ParsedPolicy } from "../types";
import table from "./criterion-rules.json";

// Every criterion a reader produces names the rule that read it: a rule of the table, or one of the few structural
// rules of the section builder and the payload reader.
const STRUCTURAL = new Set(["section.indication", "list.specialists", "payload.given", "payload.continuation-response", "manual.empty"]);
const TABLE = new Set(table.rules.map((r) => r.name));

const leaves = (node: CriteriaNode): CriterionNode[] => (node.kind === "criterion" ? [node] : node.children.flatMap(leaves));
const criteriaOf = (policy: ParsedPolicy) => policy.sections.flatMap((s) => leaves(s.criteria));

describe("criteria record the rule that read them", () => {
  it("in a single-drug policy's sections (a commercial layout written here)", () => {
    const text = [
      "Drug Policy: Examplix (examplumab) Prior Authorization",
      "Coverage Criteria",
      "I. Plaque Psoriasis",
      "   A. Initial Approval",
      "      Examplix may be approved when ALL of the following criteria are met:",
      "         1. Member is 18 years of age or older; AND",
      "         2. Prescribed by or in consultation with a dermatologist; AND",
      "         3. Trial and failure of methotrexate for at least 12 weeks; AND",
      "         4. Will not be used in combination with another TNF blocker.",
      "   B. Continuation of Therapy",
      "      Examplix may be renewed when ALL of the following criteria are met:",
      "         1. Member has shown a positive clinical response to therapy.",
    ].join("\n");
    const criteria = criteriaOf(parsePolicy([{ page: 1, text }]));
    expect(criteria.length).toBeGreaterThanOrEqual(4);
    for (const c of criteria) expect(TABLE.has(c.rule ?? "") || STRUCTURAL.has(c.rule ?? ""), `${c.text}: ${c.rule}`).toBe(true);
    const ruleOf = (words: string) => criteria.find((c) => c.text.includes(words))?.rule;
    expect(ruleOf("18 years")).toBe("age.bounds");
    expect(ruleOf("dermatologist")).toBe("specialty.prescribed-by");
    expect(ruleOf("methotrexate")).toBe("step.tried-failed");
    expect(ruleOf("TNF blocker")).toBe("exclusion.not-in-combination");
    expect(ruleOf("clinical response")).toMatch(/^continuation\.response/);
  });

  it("in a JSON criteria document: the author's checks as payload.given, sentences by the classifier's rule", () => {
    const policy = policyFromPayload(JSON.stringify({
      title: "Examplix - Example Health",
      drug_names: ["Examplix"],
      sections: [{
        id: "pso", title: "Plaque psoriasis", kind: "initial",
        criteria: { all: [
          { id: "age", text: "Adults only", check: { kind: "age", min: 18 } },
          { id: "rx", text: "Prescribed by a dermatologist" },
          "Quantity limit of 2 pens per 28 days",
        ] },
      }],
    }));
    expect(criteriaOf(policy).map((c) => c.rule)).toEqual(["payload.given", "specialty.prescribed-by", "limit.quantity"]);
  });
});

// The criteria-table and Part D readers record "<field id>/<rule name>": the column or heading the criterion came from
// and the rule that read it, a classifier rule (whose kind it gives) or a field reading of field-rules.json (one of
// whose kinds it gives, in a field of one of its roles).
// The section builder's structural rules a cell or field can give: a list of specialists, an empty item.
const KIND_OF_RULE = new Map<string, string>([...table.rules.map((r) => [r.name, r.kind] as [string, string]), ["list.specialists", "prescriber_specialty"], ["manual.empty", "manual"]]);
const ROLE_OF_FIELD = new Map<string, string>([
  ...COLUMN_HEADERS.map((c) => [c.id, c.role === "renewal" ? "criteria" : c.role] as [string, string]),
  ...PART_D_FIELDS.map((f) => [f.id, f.role] as [string, string]),
]);

/** Why a recorded rule is not a known one (null: it is). */
function unknownRule(c: CriterionNode): string | null {
  const recorded = splitRecordedRule(c.rule ?? "");
  if (!recorded) return `"${c.rule}" is not "<field id>/<rule name>"`;
  const role = ROLE_OF_FIELD.get(recorded.field);
  if (!role) return `no field "${recorded.field}"`;
  const kind = KIND_OF_RULE.get(recorded.rule);
  if (kind) return kind === c.check.kind ? null : `${recorded.rule} gives ${kind}, not ${c.check.kind}`;
  const field = FIELD_RULES.get(recorded.rule);
  if (!field) return `no rule "${recorded.rule}" in criterion-rules.json or field-rules.json`;
  if (!(field.kinds as string[]).includes(c.check.kind)) return `${recorded.rule} gives ${field.kinds.join("/")}, not ${c.check.kind}`;
  if (field.roles && !(field.roles as string[]).includes(role)) return `${recorded.rule} is not for a ${role} field`;
  return null;
}

const FIXTURES: [string, () => PageSpec[]][] = [
  ["criteria table (state Medicaid layout)", () => criteriaTablePages(FICTIONAL_CRITERIA_TABLE)],
  ["preferred drug list with a criteria column", () => criteriaTablePages(FICTIONAL_PDL_TABLE)],
  ["Part D criteria book (CMS template)", () => partDBookPages(FICTIONAL_PART_D_BOOK)],
  ["Part D criteria book (PA group layout)", () => partDBookPages(FICTIONAL_GROUP_BOOK)],
];

const recordedOf = (reading: PolicyDocumentReading) =>
  reading.sections.flatMap((s) => [...s.policy.sections.flatMap((p) => leaves(p.criteria)), ...(s.policy.limits ?? []).flatMap(leaves)]);

describe.each(FIXTURES)("criteria of the %s record a known field and rule", (_name, pagesOf) => {
  let criteria: CriterionNode[];
  beforeAll(async () => {
    criteria = recordedOf(readPolicyDocument((await readPdf(await buildPdf(pagesOf()))).pages));
  });

  it("every criterion names its field and a rule of the tables that gives its check", () => {
    expect(criteria.length).toBeGreaterThanOrEqual(3);
    expect(criteria.map((c) => [c.text, c.rule, unknownRule(c)]).filter(([, , why]) => why)).toEqual([]);
  });
});

describe("what counts as a known recorded rule", () => {
  const criterion = (rule: string | undefined, kind = "step_therapy"): CriterionNode =>
    ({ kind: "criterion", id: "x", text: "x", quote: { page: 1, text: "x" }, check: { kind } as CriterionNode["check"], ...(rule ? { rule } : {}) });
  it.each([
    ["criteria-table.criteria/step.tried-failed", "step_therapy", null],
    ["part-d.exclusion-criteria/field.exclusion-finding", "manual", null],
    ["criteria-table.criteria/manual.unread", "manual", null],
    ["criteria-table.criteria:step_therapy", "step_therapy", /not "<field id>\/<rule name>"/],
    [undefined, "step_therapy", /not "<field id>\/<rule name>"/],
    ["criteria-table.notes/step.tried-failed", "step_therapy", /no field/],
    ["criteria-table.criteria/step.guessed", "step_therapy", /no rule "step.guessed"/],
    ["criteria-table.criteria/age.bounds", "step_therapy", /gives age, not step_therapy/],
    ["part-d.age-restrictions/field.exclusion-drugs", "concurrent_therapy_exclusion", /not for a age field/],
    ["part-d.exclusion-criteria/field.exclusion-drugs", "manual", /gives concurrent_therapy_exclusion, not manual/],
  ] as const)("%s (%s)", (rule, kind, why) => {
    const found = unknownRule(criterion(rule, kind));
    if (why === null) expect(found).toBeNull();
    else expect(found).toMatch(why);
  });
});
