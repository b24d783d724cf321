import { describe, expect, it } from "vitest";
import type { OutlineNode } from "@/lib/policies/policy-outline";
import { CONSEQUENCE_SENTENCE, outlineOfText } from "./text-criteria";

const flat = (node: OutlineNode): string[] => node.children.flatMap((c) => [c.lines.map((l) => l.text).join(" "), ...flat(c)]);
const seg = (text: string, x0 = 470) => ({ page: 1, text, x0 });

// A cell's lines -> its items: numbered items wrapped flush under their number (no hanging indent), as word
// processors' tables print them.
describe.each([
  [
    "a flush line in lower case goes on with the item (a wrapped name)",
    ["1. Diagnosis of hypertension, heart failure or diabetic kidney", "disease; and", "2. Member is 18 years of age or older"],
    ["1. Diagnosis of hypertension, heart failure or diabetic kidney disease; and", "2. Member is 18 years of age or older"],
  ],
  [
    "a flush line in lower case goes on with the item (a wrapped clause)",
    ["1. Trial and failure of two preferred agents;", "each for at least 30 days", "2. Not used with aliskiren."],
    ["1. Trial and failure of two preferred agents; each for at least 30 days", "2. Not used with aliskiren."],
  ],
  [
    "a finished item leaves a flush capitalised line apart",
    ["1. Diagnosis of overactive bladder.", "Members stable on the drug may continue it."],
    ["1. Diagnosis of overactive bladder.", "Members stable on the drug may continue it."],
  ],
  [
    "a flush capitalised line after an item without a full stop is a paragraph of its own",
    ["• Patient has a contraindication or intolerance to metformin", "Hemoglobin A1c of 7% or greater within the last 90 days."],
    ["• Patient has a contraindication or intolerance to metformin", "Hemoglobin A1c of 7% or greater within the last 90 days."],
  ],
] as [string, string[], string[]][])("outlineOfText: %s", (_, lines, items) => {
  it("reads the items", () => {
    expect(flat(outlineOfText(lines.map((l) => seg(l))))).toEqual(items);
  });
});

// Clauses of one item joined by a capitalised connector are its children; enumerations inside a paragraph are items.
const shape = (node: OutlineNode): unknown[] =>
  node.children.map((c) => (c.children.length ? { [c.lines.map((l) => l.text).join(" ") || (c.children[0].connectorAfter ?? "list")]: shape(c) } : c.lines.map((l) => l.text).join(" ")));

describe.each([
  [
    "a capitalised OR between two clauses",
    ["• Must not have had an adequate response to surgery, radiation OR surgical resection is not an option"],
    [{ or: ["Must not have had an adequate response to surgery, radiation", "surgical resection is not an option"] }],
  ],
  [
    "a capitalised AND after a comma",
    ["(2) a T-score of -2.5 or lower at the lumbar spine, AND TF/C/I to a bisphosphonate."],
    [{ and: ["a T-score of -2.5 or lower at the lumbar spine", "TF/C/I to a bisphosphonate."] }],
  ],
  [
    "an enumeration inside a paragraph, nested under its lettered items",
    ["Initial requests: (A) Diagnosis of one of the following: (1) HeFH; or (2) HoFH. AND (B) An LDL-C of 100 mg/dL or more."],
    [{ "Initial requests:": [{ "(A) Diagnosis of one of the following:": ["(1) HeFH; or", "(2) HoFH. AND"] }, "(B) An LDL-C of 100 mg/dL or more."] }],
  ],
  [
    "a reference to an item is no item ('described in (C)')",
    ["A result drawn while on the regimen described in (C), that is at least 70 mg/dL."],
    ["A result drawn while on the regimen described in (C), that is at least 70 mg/dL."],
  ],
] as [string, string[], unknown[]][])("outlineOfText: %s", (_, lines, expected) => {
  it("reads the items", () => {
    expect(shape(outlineOfText(lines.map((l) => seg(l))))).toEqual(expected);
  });
});

// A sentence that only says what becomes of a request the sentence before does not allow stays with it.
describe.each([
  ["A request that would take the patient past 24 months of total treatment is not approved.", true],
  ["Requests above this limit will be denied.", true],
  ["Claims exceeding 4 tablets per 30 days will not be paid.", true],
  ["Any request for more than one pen per month is not covered", true],
  ["Such requests are rejected.", true],
  ["Requests must include chart notes.", false],
  ["A request for a member younger than 6 years requires a specialist.", false],
  ["Patient has not been approved for another biologic.", false],
  ["The prescriber is not a dermatologist.", false],
] as const)("%s", (sentence, consequence) => {
  it(consequence ? "is a consequence of the sentence before" : "is a sentence of its own", () => expect(CONSEQUENCE_SENTENCE.test(sentence)).toBe(consequence));
});

describe.each([
  [
    ["Lifetime limit: total treatment may not exceed 24 months. A request that would take the patient past 24 months", "of total treatment is not approved. Diagnosis of osteoporosis."],
    ["Lifetime limit: total treatment may not exceed 24 months. A request that would take the patient past 24 months of total treatment is not approved.", "Diagnosis of osteoporosis."],
  ],
  [
    ["Maximum 4 tablets per 30 days. Requests above this limit will be denied."],
    ["Maximum 4 tablets per 30 days. Requests above this limit will be denied."],
  ],
  [
    ["Maximum 4 tablets per 30 days. Requests must include chart notes."],
    ["Maximum 4 tablets per 30 days.", "Requests must include chart notes."],
  ],
])("the paragraph %j", (lines, sentences) => {
  it("is cut into sentences, a consequence kept with the sentence it follows", () => expect(flat(outlineOfText(lines.map((l) => seg(l))))).toEqual(sentences));
});
