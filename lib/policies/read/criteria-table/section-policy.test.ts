import { describe, expect, it } from "vitest";
import { criteriaOf } from "../fixtures/figures";
import { durationsOf, preferredPerClass, sectionPolicy, splitPhases } from "./section-policy";

const seg = (text: string) => ({ page: 1, text });

describe.each([
  [["Diagnosis of asthma", "Initial: IgE of at least 30 IU/mL", "Renewal: positive response"], ["Diagnosis of asthma"], ["IgE of at least 30 IU/mL"], ["positive response"]],
  [["Rheumatoid Arthritis (RA) (Initial): Diagnosis of RA.", "RA (Reauth): Documentation of response."], [], ["Diagnosis of RA."], ["Documentation of response."]],
  [["Initial Authorization - trial of metformin", "Reauthorization: A1c reduced"], [], ["trial of metformin"], ["A1c reduced"]],
  [["Diagnosis of psoriasis. Prescribed by a dermatologist."], ["Diagnosis of psoriasis. Prescribed by a dermatologist."], [], []],
  [["Initially diagnosed by a specialist"], ["Initially diagnosed by a specialist"], [], []],
  // a renewal label after a sentence inside a line (prose fields of criteria books)
  [["Initial: diagnosis of MS. Reauthorization: walking has improved."], [], ["diagnosis of MS."], ["walking has improved."]],
  [["Initial: LDL-C above 70 mg/dL (on a statin). Renewal: LDL-C has fallen"], [], ["LDL-C above 70 mg/dL (on a statin)."], ["LDL-C has fallen"]],
  [["Initial: diagnosis of MS. Renewal is not described here."], [], ["diagnosis of MS. Renewal is not described here."], []],
] as const)("phases of %j", (lines, common, initial, continuation) => {
  it("split at the phase headings, the headings left out", () => {
    const parts = splitPhases(lines.map(seg));
    expect(parts.common.map((s) => s.text)).toEqual(common);
    expect(parts.initial.map((s) => s.text)).toEqual(initial);
    expect(parts.continuation.map((s) => s.text)).toEqual(continuation);
  });
});

describe.each([
  ["12 months", "12 months", "12 months"],
  ["Plan Year", "Plan Year", "Plan Year"],
  ["Initial: 6 months. Renewal: 12 months.", "6 months", "12 months"],
  ["RA (initial, reauth): plan year", "plan year", "plan year"],
  ["6 months initial; 12 months renewal", "6 months", "12 months"],
  ["N/A", null, null],
] as const)("coverage duration %s", (text, initial, continuation) => {
  it("gives the initial and the renewal duration", () => expect(durationsOf(text)).toEqual({ initial, continuation }));
});

/** The initial section's criteria tree of one criteria cell (page 1 holds the text). */
function cellTree(lines: string[]) {
  const pages = [{ page: 1, text: `Examplix\n${lines.join("\n")}` }];
  const policy = sectionPolicy({
    id: "row-1", label: "Examplix", labelPage: 1, drugNames: ["Examplix"], pages, payer: null, effectiveDate: null, preferred: ["omeprazole", "pantoprazole"],
    fields: [{ field: "criteria-table.criteria", role: "criteria", segments: lines.map((text) => ({ page: 1, text })) }],
  });
  return policy.sections[0].criteria;
}

describe("sentences that spare some members a requirement", () => {
  it("a trial exception is the trial's alternative (ANY), for a clinician, never a requirement of every member", () => {
    const tree = cellTree(["Diagnosis of GERD.", "Trial and failure of TWO preferred agents within the past 180 days.", "ODT forms: member is younger than 12 years of age (no trial required)."]);
    expect(tree.kind === "group" && tree.children.map((c) => (c.kind === "group" ? c.logic : c.check.kind))).toEqual(["diagnosis", "any"]);
    const any = tree.kind === "group" ? tree.children[1] : null;
    expect(any?.kind === "group" && any.children.map((c) => (c.kind === "criterion" ? [c.check.kind, c.rule] : null))).toEqual([
      ["step_therapy", "criteria-table.criteria/field.step-preferred"],
      ["manual", "criteria-table.criteria/field.trial-exception"],
    ]);
  });

  it("a requirement for younger members is the age criterion's alternative (ANY)", () => {
    const tree = cellTree(["Member is 6 years of age or older.", "For a member younger than 6 years, the drug must be prescribed by a pediatric neurologist."]);
    const any = tree.kind === "group" ? [tree, ...tree.children].find((c) => c.kind === "group" && c.logic === "any") : undefined;
    expect(any?.kind === "group" && any.children.map((c) => (c.kind === "criterion" ? c.check.kind : c.kind))).toEqual(["age", "prescriber_specialty"]);
    expect(criteriaOf(tree).map((c) => c.check.kind)).toEqual(["age", "prescriber_specialty"]);
  });
});

describe("a sentence giving products requirements of their own", () => {
  it.each([
    [
      "Product age limits: MYDAYIS – member must be 13 years of age or older; AZSTARYS, QELBREE and XELSTRYM – 6 years of age or older.",
      "Product age limits:",
      [["MYDAYIS – member must be 13 years of age or older", "age"], ["AZSTARYS, QELBREE and XELSTRYM – 6 years of age or older.", "age"]],
    ],
    [
      "Quantity by product: NURTEC ODT – 8 tablets per 30 days; UBRELVY – 16 tablets per 30 days.",
      "Quantity by product:",
      [["NURTEC ODT – 8 tablets per 30 days", "quantity_limit"], ["UBRELVY – 16 tablets per 30 days.", "quantity_limit"]],
    ],
  ])("%s: one criterion per product part, ALL under the introducing words, each quoted on its own", (text, intro, parts) => {
    const tree = cellTree([text]);
    expect(tree.kind).toBe("group");
    if (tree.kind !== "group") return;
    expect([tree.logic, tree.text, tree.quote?.text]).toEqual(["all", intro, intro]);
    expect(tree.children.map((c) => (c.kind === "criterion" ? [c.text, c.check.kind] : null))).toEqual(parts);
    expect(tree.children.map((c) => c.quote?.text)).toEqual(parts.map((p, i) => (i < parts.length - 1 ? `${p[0]};` : p[0])));
  });

  it("a part opening with no product the policy check knows keeps the sentence one manual step", () => {
    const tree = cellTree(["Age limits: FOOBARIX – 13 years of age or older; ZAPTOMAB – 6 years of age or older."]);
    expect(tree.kind === "criterion" && tree.check.kind).toBe("manual");
  });

  it("wrapped in a table cell, each part is quoted down the column", () => {
    const lines = ["Product age limits: MYDAYIS – member must be 13 years of age or", "older; AZSTARYS, DYANAVEL XR, QELBREE and XELSTRYM – 6 years", "of age or older."];
    const pages = [{ page: 1, text: ["Examplix", ...lines.map((l, i) => `${["ADDERALL XR", "MYDAYIS", "QELBREE"][i]} | ${l}`)].join("\n") }];
    const policy = sectionPolicy({
      id: "row-1", label: "Examplix", labelPage: 1, drugNames: ["Examplix"], pages, payer: null, effectiveDate: null,
      fields: [{ field: "criteria-table.criteria", role: "criteria", segments: lines.map((text) => ({ page: 1, text })) }],
    });
    expect(criteriaOf(policy.sections[0].criteria).map((c) => [c.quote.text, c.check])).toEqual([
      ["MYDAYIS – member must be 13 years of age or older;", { kind: "age", min: 13 }],
      ["AZSTARYS, DYANAVEL XR, QELBREE and XELSTRYM – 6 years of age or older.", { kind: "age", min: 6 }],
    ]);
  });
});

// The preferred agents a PDL row lists beside its criteria (brand, generic and dosage-form names as printed).
const STIMULANTS = ["ADDERALL XR*", "amphetamine salts tablet", "clonidine ER tablet", "dexmethylphenidate tablet", "FOCALIN XR*", "guanfacine ER tablet", "lisdexamfetamine capsule, chewable tablet", "methylphenidate ER tablet (generic CONCERTA)"];
const stepOf = (drugClasses: string[], count: number, eachClass = true) => ({ kind: "step_therapy" as const, drugs: [], drugClasses, count, outcomes: ["failed" as const], withinDays: 365, ...(eachClass ? { eachClass } : {}) });

describe.each([
  ["one of each of two classes", stepOf(["methylphenidate_based", "amphetamine_based"], 2), STIMULANTS, [["dexmethylphenidate tablet", "FOCALIN XR*", "methylphenidate ER tablet (generic CONCERTA)"], ["ADDERALL XR*", "amphetamine salts tablet", "lisdexamfetamine capsule, chewable tablet"]]],
  ["no class count", stepOf(["methylphenidate_based", "amphetamine_based"], 2, false), STIMULANTS, null],
  ["a count that is not one per class", stepOf(["methylphenidate_based", "amphetamine_based"], 3), STIMULANTS, null],
  ["a class with no preferred drug beside the row", stepOf(["methylphenidate_based", "amphetamine_based"], 2), ["ADDERALL XR*", "clonidine ER tablet"], null],
] as const)("a count across classes among the preferred drugs: %s", (_, check, preferred, drugsPerClass) => {
  it(drugsPerClass ? "is one trial of a preferred drug of each class" : "is left as read", () => {
    const out = preferredPerClass(check as never, preferred);
    expect(out?.map((c) => (c.kind === "step_therapy" ? [c.drugs, c.drugClasses, c.count, c.withinDays, c.eachClass] : null)) ?? null).toEqual(drugsPerClass?.map((d) => [d, [], 1, 365, undefined]) ?? null);
  });
});

describe("TWO preferred agents, one of each class, in a PDL row", () => {
  it("is ALL of one preferred trial per class, each quoting the sentence", () => {
    const text = "Trial and failure of TWO preferred long-acting agents within the past 365 days: one methylphenidate-based and one amphetamine-based product.";
    const pages = [{ page: 1, text: `Examplix\n${text}` }];
    const policy = sectionPolicy({
      id: "row-1", label: "Examplix", labelPage: 1, drugNames: ["Examplix"], pages, payer: null, effectiveDate: null, preferred: STIMULANTS,
      fields: [{ field: "criteria-table.criteria", role: "criteria", segments: [{ page: 1, text }] }],
    });
    const tree = policy.sections[0].criteria;
    expect(tree.kind === "group" && tree.logic).toBe("all");
    expect(criteriaOf(tree).map((c) => [c.check.kind === "step_therapy" && c.check.drugs.length, c.check.kind === "step_therapy" && c.check.count, c.quote.text, c.rule])).toEqual([
      [3, 1, text, "criteria-table.criteria/field.step-preferred"],
      [3, 1, text, "criteria-table.criteria/field.step-preferred"],
    ]);
  });
});
