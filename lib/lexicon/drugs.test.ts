import { describe, expect, it } from "vitest";
import { classesInText, classesOf, className } from "./drug-classes";
import { findDrugEntry, findDrugMentions, genericName, sameDrug } from "./drugs";

// drug as written | generic it denotes (null: not in the vocabulary) | classes it belongs to
const DRUG_ROWS: [string, string | null, string[]][] = [
  ["Humira Pen 40 mg/0.4 mL", "adalimumab", ["tnf_inhibitor", "biologic"]],
  ["LAMICTAL XR", "lamotrigine", ["antiseizure"]],
  ["Methylprednisone 40 mg", "methylprednisolone", ["corticosteroid"]],
  ["Zoloft 50 mg tablet", "sertraline", ["ssri"]],
  ["nortriptyline", "nortriptyline", ["tca"]],
  ["Januvia", "sitagliptin", ["dpp4_inhibitor"]],
  ["Glucophage XR", "metformin", ["metformin", "biguanide"]],
  ["ondansetron ODT", "ondansetron", ["5ht3_antagonist"]],
  ["Maxalt-MLT", "rizatriptan", ["triptan"]],
  ["Sprycel", "dasatinib", ["tyrosine_kinase_inhibitor", "second_generation_tki"]],
  ["Gleevec", "imatinib", ["tyrosine_kinase_inhibitor", "first_generation_tki"]],
  ["clobetasol 0.05% ointment", "clobetasol", ["topical_corticosteroid", "topical_corticosteroid_medium_plus"]],
  ["desonide cream", "desonide", ["topical_corticosteroid"]],
  ["Xolair", "omalizumab", ["biologic", "antiasthmatic"]],
  ["Zyxotrimab", null, []],
  // classes step-therapy lists name (Part D and Medicaid formularies)
  ["lisinopril 10 mg tablet", "lisinopril", ["ace_inhibitor"]],
  ["Diovan", "valsartan", ["arb"]],
  ["Celebrex 200 mg capsule", "celecoxib", ["nsaid"]],
  ["naproxen sodium", "naproxen", ["nsaid"]],
  ["Detrol LA", "tolterodine", ["urinary_antispasmodic"]],
  ["tamsulosin 0.4 mg capsule", "tamsulosin", ["alpha_blocker", "bph_agent"]],
  ["Proscar", "finasteride", ["five_alpha_reductase_inhibitor", "bph_agent"]],
  ["prazosin", "prazosin", ["alpha_blocker"]],
  ["Protonix 40 mg", "pantoprazole", ["ppi"]],
  ["fluconazole 150 mg", "fluconazole", ["azole_antifungal"]],
  ["Clarinex", "desloratadine", ["antihistamine"]],
  ["glipizide ER", "glipizide", ["sulfonylurea"]],
  ["Ventolin HFA", "albuterol", ["short_acting_beta_agonist", "antiasthmatic"]],
  ["Serevent Diskus", "salmeterol", ["long_acting_beta_agonist", "antiasthmatic"]],
  ["Singulair 10 mg", "montelukast", ["leukotriene_modifier", "antiasthmatic"]],
  ["theophylline ER", "theophylline", ["antiasthmatic"]],
  ["Toprol XL 50 mg", "metoprolol", ["beta_blocker"]],
  ["amlodipine 5 mg", "amlodipine", ["calcium_channel_blocker"]],
  ["Cymbalta", "duloxetine", ["snri"]],
  ["Jardiance 10 mg", "empagliflozin", ["sglt2_inhibitor"]],
  ["pioglitazone", "pioglitazone", ["thiazolidinedione"]],
  ["famotidine 20 mg", "famotidine", ["h2_blocker"]],
  ["Abilify", "aripiprazole", ["atypical_antipsychotic"]],
  ["Boniva", "ibandronate", ["bisphosphonate"]],
  ["Klonopin", "clonazepam", ["antiseizure", "benzodiazepine"]],
  // an inhaled steroid is also sold as a nasal spray: a claim by its name says nothing of asthma
  ["Qvar 80 mcg", "beclomethasone", []],
  ["Flovent HFA", "fluticasone", ["topical_corticosteroid_medium_plus", "topical_corticosteroid"]],
];

describe.each(DRUG_ROWS)("%s", (written, generic, classes) => {
  it(`is ${generic ?? "unknown"} of ${classes.join(", ") || "no class"}`, () => {
    expect(findDrugEntry(written)?.generic ?? null).toBe(generic);
    expect(classesOf(written)).toEqual(classes);
  });
});

// a | b | same drug?
const SAME_ROWS: [string, string, boolean][] = [
  ["Epidiolex 100 mg/mL", "cannabidiol oral solution", true],
  ["Afinitor Disperz", "everolimus", true],
  ["prednisone", "prednisolone", false],
  ["Zofran", "granisetron", false],
  ["Novodrugumab 10 mg", "novodrugumab", true],
];

describe.each(SAME_ROWS)("sameDrug(%s, %s)", (a, b, same) => {
  it(`is ${same}`, () => expect(sameDrug(a, b)).toBe(same));
});

// criterion phrase | classes it names
const CLASS_TEXT_ROWS: [string, string[]][] = [
  ["trial of two SSRIs", ["ssri"]],
  ["a tricyclic antidepressant", ["tca"]],
  ["failure of a DPP-4 inhibitor", ["dpp4_inhibitor"]],
  ["a 5-HT3 receptor antagonist", ["5ht3_antagonist"]],
  ["a leukotriene receptor antagonist (LTRA)", ["leukotriene_modifier"]],
  ["resistance to a second-generation TKI", ["second_generation_tki"]],
  ["a topical corticosteroid", ["topical_corticosteroid"]],
  ["an oral corticosteroid", ["corticosteroid"]],
  ["a Tier 1 ACEI or Tier 1 ARB", ["ace_inhibitor", "arb"]],
  ["an angiotensin II receptor blocker", ["arb"]],
  ["two separate Tier 1 formulary NSAID products", ["nsaid"]],
  ["a formulary generic Urinary Antispasmodic", ["urinary_antispasmodic"]],
  ["a formulary generic Prostatic Hypertrophy Agent", ["bph_agent"]],
  ["a generic Oral Proton Pump Inhibitor", ["ppi"]],
  ["a Tier 1 Antifungal azole agent", ["azole_antifungal"]],
  ["a formulary generic oral antihistamine", ["antihistamine"]],
  ["metformin, sulfonylurea or a DPP-4 inhibitor", ["metformin", "dpp4_inhibitor", "sulfonylurea"]],
  ["an Antiasthmatic", ["antiasthmatic"]],
  ["a long-acting beta agonist (LABA)", ["long_acting_beta_agonist"]],
  ["a cardioselective beta-blocker", ["beta_blocker"]],
  ["a dihydropyridine calcium channel blocker (CCB)", ["calcium_channel_blocker"]],
  ["an SSRI or SNRI", ["ssri", "snri"]],
  ["an SGLT2 inhibitor", ["sglt2_inhibitor"]],
  ["a thiazolidinedione (TZD)", ["thiazolidinedione"]],
  ["an H2 receptor antagonist", ["h2_blocker"]],
  ["two atypical antipsychotics", ["atypical_antipsychotic"]],
  ["a benzodiazepine", ["benzodiazepine"]],
  ["born SGA at 34 weeks", []],
  // A class's phrase inside a longer phrase of another class belongs to that one.
  ["use with a biologic DMARD", ["biologic"]],
  ["a non-biologic DMARD such as methotrexate", ["csdmard"]],
  ["a conventional DMARD or a biologic DMARD", ["csdmard", "biologic"]],
];

describe.each(CLASS_TEXT_ROWS)("classesInText(%s)", (text, classes) => {
  it(`is ${classes.join(", ")}`, () => expect(classesInText(text)).toEqual(classes));
});

describe("drug mentions, generic names and class names", () => {
  it("finds brands, generics and misspellings in running text", () => {
    const text = "Failed Prozac and sertralin; now on Lexapro.";
    expect(findDrugMentions(text).map((m) => m.entry.generic)).toEqual(["fluoxetine", "sertraline", "escitalopram"]);
  });
  it("keeps an unknown drug's written name without its strength", () => {
    expect(genericName("Novodrugumab 10 mg/mL injection")).toBe("novodrugumab");
  });
  it("names classes for answers", () => {
    expect(className("second_generation_tki")).toBe("second-generation TKI");
    expect(className("unknown_class")).toBe("unknown class");
  });
});
