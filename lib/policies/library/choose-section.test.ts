import { describe, expect, it } from "vitest";
import { chooseSection, type CaseDrugs } from "./choose-section";
import { drugMatchesBindingName } from "./drug-binding-matches";

// A document of several sections, as a criteria table or a formulary reads: each bound to its own drugs.
const section = (label: string, names: string[], ndcs: string[] = []) => ({ label, drugs: { names, ndcs, cpts: [] } });
const DOCUMENT = [
  section("ADALIMUMAB", ["Humira", "adalimumab"], ["00074-4339-02"]),
  section("ETANERCEPT", ["etanercept", "Enbrel"]),
  section("sitagliptin JANUVIA", ["sitagliptin JANUVIA"]),
  section("Insulin glargine", ["insulin glargine"]),
  section("TNF blockers, other", ["TNF blockers"]),
  section("Epidiolex", ["Epidiolex (cannabidiol oral solution)"], ["70127010001"]),
  section("pioglitazone/metformin ACTOPLUS MET", ["pioglitazone/metformin ACTOPLUS MET"]),
];

const cases: [string, CaseDrugs, string | null, string | null][] = [
  // what the case asks for | drugs | section label chosen | matched by
  ["NDC of one section", { ndcs: ["00074433902"], drugNames: ["Enbrel"] }, "ADALIMUMAB", "ndc"],
  ["NDC in 5-3-2 form", { ndcs: ["70127-100-01"], drugNames: [] }, "Epidiolex", "ndc"],
  ["brand name to a generic-bound section", { ndcs: [], drugNames: ["Enbrel 50 mg/mL SureClick"] }, "ETANERCEPT", "name"],
  ["generic to a brand-and-generic label", { ndcs: [], drugNames: ["Sitagliptin 100 mg tablet"] }, "sitagliptin JANUVIA", "name"],
  ["brand to the same label", { ndcs: [], drugNames: ["Januvia"] }, "sitagliptin JANUVIA", "name"],
  ["generic of a brand-only binding", { ndcs: [], drugNames: ["cannabidiol 100 mg/mL"] }, "Epidiolex", "name"],
  ["a class member without its own section", { ndcs: [], drugNames: ["Cimzia (certolizumab pegol)"] }, "TNF blockers, other", "class"],
  ["own section beats the class section", { ndcs: [], drugNames: ["adalimumab-atto 40 mg"] }, "ADALIMUMAB", "name"],
  ["an unknown NDC falls back to the name", { ndcs: ["99999999999"], drugNames: ["Humira Pen"] }, "ADALIMUMAB", "name"],
  ["no section for the drug", { ndcs: [], drugNames: ["Dupixent"] }, null, null],
  ["another insulin is not insulin glargine", { ndcs: [], drugNames: ["insulin lispro"] }, null, null],
  ["no drug at all", { ndcs: [], drugNames: [] }, null, null],
  ["one ingredient is not the combination product", { ndcs: [], drugNames: ["metformin 500 mg"] }, null, null],
  ["the combination named whole", { ndcs: [], drugNames: ["pioglitazone / metformin 15-850 mg"] }, "pioglitazone/metformin ACTOPLUS MET", "name"],
  ["the combination by its brand", { ndcs: [], drugNames: ["Actoplus Met 15 mg-850 mg tablet"] }, "pioglitazone/metformin ACTOPLUS MET", "name"],
  ["a biosimilar suffix is no combination", { ndcs: [], drugNames: ["adalimumab-adaz"] }, "ADALIMUMAB", "name"],
  ["the requested drug first, a co-medication after", { ndcs: [], drugNames: ["Januvia 100 mg", "Enbrel"] }, "sitagliptin JANUVIA", "name"],
  ["a co-medication never stands in for the requested drug", { ndcs: [], drugNames: ["Dupixent", "Enbrel"] }, null, null],
  ["a misread first name (no drug), then the drug", { ndcs: [], drugNames: ["Strength and", "Enbrel"] }, "ETANERCEPT", "name"],
];

describe.each(cases)("chooseSection: %s", (_what, drugs, label, matchedBy) => {
  it(`-> ${label ?? "none"}`, () => {
    const chosen = chooseSection(DOCUMENT, drugs);
    expect(chosen?.section.label ?? null).toBe(label);
    expect(chosen?.matchedBy ?? null).toBe(matchedBy);
  });
});

describe("two drugs in one document never cross", () => {
  const two = [section("Drug A: HUMIRA (adalimumab)", ["HUMIRA", "adalimumab"]), section("Drug B: ENBREL (etanercept)", ["ENBREL", "etanercept"])];
  it.each([
    ["Humira", "Drug A: HUMIRA (adalimumab)"],
    ["adalimumab", "Drug A: HUMIRA (adalimumab)"],
    ["Enbrel", "Drug B: ENBREL (etanercept)"],
    ["etanercept", "Drug B: ENBREL (etanercept)"],
  ])("%s -> %s", (drug, label) => {
    expect(chooseSection(two, { ndcs: [], drugNames: [drug] })?.section.label).toBe(label);
  });
  it("a third drug gets neither", () => {
    expect(chooseSection(two, { ndcs: [], drugNames: ["Rinvoq (upadacitinib)"] })).toBeNull();
  });
});

describe.each([
  // case drug | bound name | match
  ["Humira", "adalimumab subcutaneous injection", "name"],
  ["adalimumab", "Humira (adalimumab)", "name"],
  ["Enbrel", "Humira (adalimumab)", null],
  ["Cimzia", "TNF blockers", "class"],
  ["metformin", "TNF blockers", null],
  ["Xyzzamab 10 mg", "xyzzamab injection", "name"],
  ["Xyzzamab 10 mg", "Humira", null],
  ["insulin lispro", "insulin glargine", null],
  // A combination product by its brand, and never by one of its ingredients.
  ["Suboxone", "buprenorphine/naloxone", "name"],
  ["Advair Diskus", "fluticasone/salmeterol", "name"],
  ["buprenorphine", "buprenorphine/naloxone", null],
  ["fluticasone", "fluticasone/salmeterol", null],
  ["Suboxone", "buprenorphine", null],
] as const)("drugMatchesBindingName(%s, %s)", (drug, bound, expected) => {
  it(`is ${expected}`, () => expect(drugMatchesBindingName(drug, bound)).toBe(expected));
});

// One drug, several products: rows of a formulary or drug list per strength and form.
const PRODUCTS = [
  section("sumatriptan succinate tab 100 mg", ["sumatriptan succinate tab 100 mg"]),
  section("sumatriptan succinate tab 50 mg", ["sumatriptan succinate tab 50 mg"]),
  section("ondansetron hcl oral soln 4 mg/5ml", ["ondansetron hcl oral soln 4 mg/5ml"]),
  section("ondansetron hcl tab 8 mg", ["ondansetron hcl tab 8 mg"]),
  section("zolpidem tartrate tab 5 mg", ["zolpidem tartrate tab 5 mg"]),
  section("zolpidem tartrate tab er 12.5 mg", ["zolpidem tartrate tab er 12.5 mg"]),
  section("zolpidem tartrate", ["zolpidem tartrate"]),
  section("metformin hcl tab 500 mg", ["metformin hcl tab 500 mg"]),
];
const productCases: [string, CaseDrugs, string | null][] = [
  ["the strength written in the name", { ndcs: [], drugNames: ["sumatriptan 50 mg tablet"] }, "sumatriptan succinate tab 50 mg"],
  ["the strength stated apart from the name", { ndcs: [], drugNames: ["sumatriptan"], strength: "50 mg" }, "sumatriptan succinate tab 50 mg"],
  ["strength and form: a tablet, not the oral solution", { ndcs: [], drugNames: ["ondansetron HCl"], strength: "8 mg", dosageForm: "tablet" }, "ondansetron hcl tab 8 mg"],
  ["the oral solution asked for", { ndcs: [], drugNames: ["ondansetron 4 mg/5 mL oral solution"] }, "ondansetron hcl oral soln 4 mg/5ml"],
  ["no row of that strength: the row that states none, never a conflicting one", { ndcs: [], drugNames: ["zolpidem tartrate 10 mg tablet"] }, "zolpidem tartrate"],
  ["an immediate-release request is not the extended-release row", { ndcs: [], drugNames: ["zolpidem 12.5 mg tablet"] }, "zolpidem tartrate"],
  ["nothing stated: the document's order", { ndcs: [], drugNames: ["sumatriptan"] }, "sumatriptan succinate tab 100 mg"],
  ["a conflicting strength of the same drug is still that drug's row", { ndcs: [], drugNames: ["metformin 1000 mg tablet"] }, "metformin hcl tab 500 mg"],
  ["strength never brings in another drug", { ndcs: [], drugNames: ["naratriptan 50 mg tablet"] }, null],
];
describe.each(productCases)("chooseSection by strength and form: %s", (_what, drugs, label) => {
  it(`chooses ${label ?? "no section"}`, () => {
    expect(chooseSection(PRODUCTS, drugs)?.section.label ?? null).toBe(label);
  });
});
