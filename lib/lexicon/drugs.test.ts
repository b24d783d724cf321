import { describe, expect, it } from "vitest";
import { classesInText, classesOf, className } from "./drug-classes";
import CLASS_DATA_JSON from "./data/drug-classes.json";
import { DRUGS, findDrugEntry, findDrugMentions, genericName, normalizeDrugText } from "./drugs";

const CLASS_DATA = CLASS_DATA_JSON as Record<string, { aliases: string[]; members?: { classes: string[]; generics: string[] }; supersedes?: string[] }>;

// drug as written | generic it denotes (null: not in the vocabulary) | classes it belongs to
const DRUG_ROWS: [string, string | null, string[]][] = [
  ["Humira Pen 40 mg/0.4 mL", "adalimumab", ["tnf_inhibitor", "biologic"]],
  ["LAMICTAL XR", "lamotrigine", ["antiseizure"]],
  ["Methylprednisone 40 mg", "methylprednisolone", ["corticosteroid"]],
  ["Zoloft 50 mg tablet", "sertraline", ["ssri", "antidepressant"]],
  ["nortriptyline", "nortriptyline", ["tca", "antidepressant"]],
  ["Januvia", "sitagliptin", ["dpp4_inhibitor"]],
  ["Tekturna 150 mg tablet", "aliskiren", []],
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
  ["Cymbalta", "duloxetine", ["snri", "antidepressant"]],
  ["Jardiance 10 mg", "empagliflozin", ["sglt2_inhibitor"]],
  ["pioglitazone", "pioglitazone", ["thiazolidinedione"]],
  ["famotidine 20 mg", "famotidine", ["h2_blocker"]],
  ["Abilify", "aripiprazole", ["atypical_antipsychotic", "antipsychotic"]],
  ["Boniva", "ibandronate", ["bisphosphonate"]],
  ["Klonopin", "clonazepam", ["antiseizure", "benzodiazepine"]],
  // an inhaled steroid is also sold as a nasal spray: a claim by its name says nothing of asthma
  ["Qvar 80 mcg", "beclomethasone", []],
  ["Flovent HFA", "fluticasone", ["topical_corticosteroid_medium_plus", "topical_corticosteroid"]],
  // drugs prior authorization lists name most (anticoagulants, insulins, CGRP, MS, HIV, oncology, ADHD, opioids ...)
  ["Eliquis 5 mg tablet", "apixaban", ["factor_xa_inhibitor", "doac", "anticoagulant"]],
  ["Pradaxa", "dabigatran", ["direct_thrombin_inhibitor", "doac", "anticoagulant"]],
  ["warfarin 5 mg", "warfarin", ["vitamin_k_antagonist", "anticoagulant"]],
  ["Lovenox 40 mg/0.4 mL", "enoxaparin", ["lmwh", "anticoagulant"]],
  ["Brilinta", "ticagrelor", ["p2y12_inhibitor", "antiplatelet"]],
  ["Lantus SoloStar", "insulin glargine", ["long_acting_insulin", "basal_insulin"]],
  ["insulin glargine-yfgn", "insulin glargine", ["long_acting_insulin", "basal_insulin"]],
  ["Humulin N KwikPen", "insulin isophane", ["intermediate_acting_insulin", "basal_insulin"]],
  ["Humalog 100 units/mL", "insulin lispro", ["rapid_acting_insulin", "prandial_insulin"]],
  ["Novolin R", "insulin regular", ["short_acting_insulin", "prandial_insulin"]],
  ["Rybelsus 7 mg", "semaglutide", ["glp1_agonist"]],
  ["repaglinide", "repaglinide", ["meglitinide"]],
  ["Repatha SureClick", "evolocumab", ["pcsk9_inhibitor", "antihyperlipidemic"]],
  ["Leqvio", "inclisiran", ["antihyperlipidemic"]],
  ["Nexletol", "bempedoic acid", ["antihyperlipidemic"]],
  ["Vascepa 1 g capsule", "icosapent ethyl", ["antihyperlipidemic"]],
  ["Aimovig 70 mg/mL", "erenumab", ["cgrp_monoclonal_antibody", "cgrp_inhibitor"]],
  ["Nurtec ODT", "rimegepant", ["gepant", "cgrp_inhibitor"]],
  ["Qulipta", "atogepant", ["gepant", "cgrp_inhibitor"]],
  ["Reyvow", "lasmiditan", []],
  ["Ocrevus", "ocrelizumab", ["anti_cd20", "biologic", "ms_dmt"]],
  ["Zeposia", "ozanimod", ["s1p_receptor_modulator", "ms_dmt"]],
  ["Velsipity", "etrasimod", ["s1p_receptor_modulator"]],
  ["Tecfidera", "dimethyl fumarate", ["ms_dmt"]],
  ["Kevzara", "sarilumab", ["il_inhibitor", "biologic"]],
  ["Bimzelx", "bimekizumab", ["il_inhibitor", "biologic"]],
  ["Entyvio", "vedolizumab", ["biologic"]],
  ["Sotyktu", "deucravacitinib", ["biologic"]],
  ["Cibinqo", "abrocitinib", ["jak_inhibitor", "biologic"]],
  ["Opzelura cream", "ruxolitinib", []],
  ["Zoryve cream", "roflumilast", ["pde4_inhibitor"]],
  ["Biktarvy", "bictegravir/emtricitabine/tenofovir alafenamide", ["integrase_inhibitor", "nrti", "antiretroviral"]],
  ["Descovy", "emtricitabine/tenofovir alafenamide", ["nrti", "antiretroviral", "hiv_prep"]],
  ["Tivicay", "dolutegravir", ["integrase_inhibitor", "antiretroviral"]],
  ["Epclusa", "sofosbuvir/velpatasvir", ["hcv_daa", "ns5a_inhibitor"]],
  ["Sovaldi", "sofosbuvir", ["hcv_daa"]],
  ["Ibrance 125 mg", "palbociclib", ["cdk46_inhibitor"]],
  ["Lynparza", "olaparib", ["parp_inhibitor"]],
  ["Tagrisso", "osimertinib", ["tyrosine_kinase_inhibitor", "egfr_tki"]],
  ["Brukinsa", "zanubrutinib", ["tyrosine_kinase_inhibitor", "btk_inhibitor"]],
  ["Revlimid", "lenalidomide", ["imid"]],
  ["Xtandi", "enzalutamide", ["androgen_receptor_inhibitor", "ar_pathway_inhibitor"]],
  ["Zytiga", "abiraterone", ["ar_pathway_inhibitor"]],
  ["Keytruda", "pembrolizumab", ["pd1_inhibitor", "pd1_pdl1_inhibitor", "immune_checkpoint_inhibitor"]],
  ["Yervoy", "ipilimumab", ["ctla4_inhibitor", "immune_checkpoint_inhibitor"]],
  ["Prolia", "denosumab", []],
  ["Forteo", "teriparatide", ["pth_analog", "osteoanabolic"]],
  ["Evenity", "romosozumab", ["osteoanabolic"]],
  ["Vyvanse 30 mg capsule", "lisdexamfetamine", ["stimulant", "amphetamine_based"]],
  ["Adderall XR", "amphetamine", ["stimulant", "amphetamine_based"]],
  ["Concerta 36 mg", "methylphenidate", ["stimulant", "methylphenidate_based"]],
  ["Strattera", "atomoxetine", ["adhd_nonstimulant"]],
  ["Intuniv", "guanfacine", ["alpha2_agonist"]],
  ["OxyContin 20 mg", "oxycodone extended-release", ["long_acting_opioid", "opioid"]],
  ["oxycodone 5 mg tablet", "oxycodone", ["short_acting_opioid", "opioid"]],
  ["morphine sulfate ER 15 mg", "morphine extended-release", ["long_acting_opioid", "opioid"]],
  ["Nucynta ER", "tapentadol extended-release", ["long_acting_opioid", "opioid"]],
  ["Suboxone 8 mg-2 mg film", "buprenorphine/naloxone", ["moud"]],
  ["Vivitrol", "naltrexone", ["opioid_antagonist", "moud"]],
  ["Ambien CR", "zolpidem", ["z_drug", "sedative_hypnotic"]],
  ["Belsomra", "suvorexant", ["orexin_receptor_antagonist", "sedative_hypnotic"]],
  ["Wellbutrin XL", "bupropion", ["antidepressant"]],
  ["Trintellix", "vortioxetine", ["antidepressant"]],
  ["Spravato", "esketamine", []],
  ["Vraylar", "cariprazine", ["atypical_antipsychotic", "antipsychotic"]],
  ["Abilify 10 mg", "aripiprazole", ["atypical_antipsychotic", "antipsychotic"]],
  ["Abilify Maintena 400 mg", "aripiprazole long-acting injection", ["atypical_antipsychotic", "lai_antipsychotic", "antipsychotic"]],
  ["Invega Sustenna", "paliperidone palmitate", ["atypical_antipsychotic", "lai_antipsychotic", "antipsychotic"]],
  ["Austedo", "deutetrabenazine", ["vmat2_inhibitor"]],
  ["Xyosted", "testosterone", []],
  ["Norditropin FlexPro", "somatropin", ["growth_hormone"]],
  ["Gonal-f RFF", "follitropin alfa", ["fertility_agent"]],
  ["Lupron Depot", "leuprolide", ["gnrh_agonist", "gnrh_analog"]],
  ["Orilissa", "elagolix", ["gnrh_antagonist", "gnrh_analog"]],
  ["Spiriva Respimat", "tiotropium", ["lama"]],
  ["Advair Diskus 250/50", "fluticasone/salmeterol", ["ics_laba", "antiasthmatic"]],
  ["Anoro Ellipta", "umeclidinium/vilanterol", ["lama_laba"]],
  ["Trelegy Ellipta", "fluticasone/umeclidinium/vilanterol", ["ics_laba_lama", "ics_laba", "lama_laba", "antiasthmatic"]],
  ["Qsymia", "phentermine/topiramate", ["anti_obesity"]],
  ["Contrave", "naltrexone/bupropion", ["anti_obesity"]],
  ["Linzess 145 mcg", "linaclotide", ["gcc_agonist"]],
  ["Lialda", "mesalamine", ["aminosalicylate"]],
  ["sulfasalazine", "sulfasalazine", ["csdmard", "aminosalicylate"]],
  ["MiraLAX", "polyethylene glycol 3350", ["osmotic_laxative", "laxative"]],
  ["Myrbetriq", "mirabegron", ["beta3_agonist"]],
  ["Cialis 5 mg", "tadalafil", ["pde5_inhibitor"]],
  ["EpiPen 2-Pak", "epinephrine", []],
  ["Emend", "aprepitant", ["nk1_antagonist"]],
  ["doxycycline hyclate", "doxycycline", ["tetracycline_class"]],
  ["Levaquin", "levofloxacin", ["fluoroquinolone"]],
  ["Lamisil", "terbinafine", []],
  ["Chantix", "varenicline", []],
  ["Botox 100 units", "onabotulinumtoxinA", ["botulinum_toxin"]],
  ["Procrit 10,000 units/mL", "epoetin alfa", ["esa"]],
  ["Neulasta Onpro", "pegfilgrastim", ["g_csf"]],
  ["Differin gel", "adapalene", ["topical_retinoid"]],
  ["Flexeril", "cyclobenzaprine", ["skeletal_muscle_relaxant"]],
  ["Nuvigil", "armodafinil", ["wakefulness_agent"]],
  ["Promacta", "eltrombopag", ["tpo_receptor_agonist"]],
  ["Tafinlar", "dabrafenib", ["braf_inhibitor"]],
  ["Aricept 10 mg", "donepezil", ["cholinesterase_inhibitor"]],
  ["Librium", "chlordiazepoxide", ["benzodiazepine"]],
  ["Emflaza", "deflazacort", ["corticosteroid"]],
  ["Tylenol with Codeine #3", "acetaminophen/codeine", ["short_acting_opioid", "opioid"]],
  ["Privigen", "immune globulin", []],
  // drugs of a state Medicaid criteria table and a preferred drug list (corpus policy-families 101, 109)
  ["Korlym 300 mg", "mifepristone", []],
  ["Azstarys 26.1 mg/5.2 mg capsule", "serdexmethylphenidate/dexmethylphenidate", ["stimulant", "methylphenidate_based"]],
  ["Cerezyme", "imiglucerase", []],
  ["Signifor LAR", "pasireotide", []],
  // a misspelling listed because it is common
  ["lisdexamphetamine", "lisdexamfetamine", ["stimulant", "amphetamine_based"]],
];

describe.each(DRUG_ROWS)("%s", (written, generic, classes) => {
  it(`is ${generic ?? "unknown"} of ${classes.join(", ") || "no class"}`, () => {
    expect(findDrugEntry(written)?.generic ?? null).toBe(generic);
    expect(classesOf(written)).toEqual(classes);
  });
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
  // classes of the areas prior authorization lists name most
  ["concurrent use with a direct oral anticoagulant (DOAC)", ["doac"]],
  ["a factor Xa inhibitor", ["factor_xa_inhibitor"]],
  ["other oral anticoagulants", ["anticoagulant"]],
  ["a P2Y12 inhibitor", ["p2y12_inhibitor"]],
  ["a CGRP antagonist", ["cgrp_inhibitor"]],
  ["another calcitonin gene-related peptide (CGRP) inhibitor", ["cgrp_inhibitor"]],
  ["an oral CGRP receptor antagonist", ["gepant"]],
  ["two anti-CGRP monoclonal antibodies", ["cgrp_monoclonal_antibody"]],
  ["a PCSK9 inhibitor", ["pcsk9_inhibitor"]],
  ["a CDK 4/6 inhibitor", ["cdk46_inhibitor"]],
  ["a CDK4/6 inhibitor with an aromatase inhibitor", ["aromatase_inhibitor", "cdk46_inhibitor"]],
  ["a PARP inhibitor", ["parp_inhibitor"]],
  ["an EGFR tyrosine kinase inhibitor", ["egfr_tki"]],
  ["a Bruton tyrosine kinase inhibitor or another BTK inhibitor", ["btk_inhibitor"]],
  ["a proteasome inhibitor, an IMiD and an anti-CD38 monoclonal antibody", ["imid", "proteasome_inhibitor", "anti_cd38"]],
  ["an anti-PD-1 or anti-PD-L1 agent", ["pd1_pdl1_inhibitor"]],
  ["a PD-1 inhibitor", ["pd1_inhibitor"]],
  ["PD-L1 expression of at least 50%", []],
  ["an androgen receptor pathway inhibitor (ARPI)", ["ar_pathway_inhibitor"]],
  ["two stimulants", ["stimulant"]],
  ["one methylphenidate-based and one amphetamine-based product", ["methylphenidate_based", "amphetamine_based"]],
  ["a non-stimulant", ["adhd_nonstimulant"]],
  ["a stimulant laxative", ["stimulant_laxative"]],
  ["a long-acting opioid", ["long_acting_opioid"]],
  ["an immediate-release opioid", ["short_acting_opioid"]],
  ["concurrent opioids", ["opioid"]],
  ["an opioid antagonist", ["opioid_antagonist"]],
  ["a basal insulin", ["basal_insulin"]],
  ["a long-acting basal insulin", ["long_acting_insulin"]],
  ["a rapid-acting insulin", ["rapid_acting_insulin"]],
  ["a LAMA", ["lama"]],
  ["an ICS/LABA", ["ics_laba"]],
  ["a LAMA/LABA combination", ["lama_laba"]],
  ["an orexin receptor antagonist", ["orexin_receptor_antagonist"]],
  ["a sedative hypnotic", ["sedative_hypnotic"]],
  ["a GnRH agonist", ["gnrh_agonist"]],
  ["an S1P receptor modulator", ["s1p_receptor_modulator"]],
  ["two antidepressants", ["antidepressant"]],
  ["a long-acting injectable antipsychotic", ["lai_antipsychotic"]],
  ["a first-generation antipsychotic", ["typical_antipsychotic"]],
  ["a non-nucleoside reverse transcriptase inhibitor", ["nnrti"]],
  ["an NS5A inhibitor", ["ns5a_inhibitor"]],
  ["a PDE5 inhibitor", ["pde5_inhibitor"]],
  ["a growth hormone product", ["growth_hormone"]],
  ["diagnosis of growth hormone deficiency", []],
  ["estrogen receptor positive", []],
  ["an erythropoiesis-stimulating agent (ESA)", ["esa"]],
  ["a skeletal muscle relaxant", ["skeletal_muscle_relaxant"]],
  ["a BRAF inhibitor with a MEK inhibitor", ["braf_inhibitor", "mek_inhibitor"]],
  ["a thrombopoietin receptor agonist", ["tpo_receptor_agonist"]],
  ["an acetylcholinesterase inhibitor", ["cholinesterase_inhibitor"]],
  // A class's phrase inside a longer phrase of another class belongs to that one.
  ["use with a biologic DMARD", ["biologic"]],
  ["a non-biologic DMARD such as methotrexate", ["csdmard"]],
  ["a conventional DMARD or a biologic DMARD", ["csdmard", "biologic"]],
  // Modifiers sharing one head: each names its class.
  ["trial of osmotic or stimulant laxatives", ["stimulant_laxative", "osmotic_laxative"]],
  ["a first- or second-generation TKI", ["second_generation_tki", "first_generation_tki"]],
  ["a short- or long-acting beta agonist", ["long_acting_beta_agonist", "short_acting_beta_agonist"]],
  ["medium or higher potency topical corticosteroid", ["topical_corticosteroid"]],
  ["tried and failed 1 or 2 TNF blockers", ["tnf_inhibitor"]],
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

describe("the vocabulary's own consistency", () => {
  it("lists no name (generic, brand, misspelling) under two generics", () => {
    const owners = new Map<string, Set<string>>();
    for (const entry of DRUGS) {
      for (const name of [entry.generic, ...entry.brands, ...(entry.misspellings ?? [])]) {
        const key = normalizeDrugText(name);
        owners.set(key, (owners.get(key) ?? new Set()).add(entry.generic));
      }
    }
    expect([...owners].filter(([, generics]) => generics.size > 1).map(([name, generics]) => `${name}: ${[...generics].join(", ")}`)).toEqual([]);
  });
  it("lists no class alias under two classes, and every class a drug or class names exists", () => {
    const owners = new Map<string, string[]>();
    for (const [id, c] of Object.entries(CLASS_DATA)) for (const alias of c.aliases) owners.set(alias, [...(owners.get(alias) ?? []), id]);
    expect([...owners].filter(([, ids]) => ids.length > 1)).toEqual([]);
    const generics = new Set(DRUGS.map((d) => d.generic));
    const unknown = [
      ...DRUGS.flatMap((d) => d.classes.filter((id) => !(id in CLASS_DATA)).map((id) => `${d.generic} -> ${id}`)),
      ...Object.entries(CLASS_DATA).flatMap(([id, c]) => [
        ...(c.members?.classes ?? []).filter((k) => !(k in CLASS_DATA)).map((k) => `${id} member class ${k}`),
        ...(c.members?.generics ?? []).filter((g) => !generics.has(g)).map((g) => `${id} member ${g}`),
        ...(c.supersedes ?? []).filter((k) => !(k in CLASS_DATA)).map((k) => `${id} supersedes ${k}`),
      ]),
    ];
    expect(unknown).toEqual([]);
  });
});
