import { closestName } from "./fuzzy-drug-name";

// A small, hand-kept drug vocabulary: generic names with their brands, and the drug classes payer policies name in
// step-therapy criteria ("two other antiseizure drugs", "a TNF inhibitor"). It is not a compendium: a drug that is
// missing here still matches by its written name; a class criterion then also counts the policy's own examples.

export interface DrugEntry {
  generic: string;
  brands: string[];
  classes: string[];
}

/** Class ids with the phrases policies use for them (lower case, matched on word boundaries). */
export const DRUG_CLASS_ALIASES: Record<string, string[]> = {
  antiseizure: ["antiseizure", "anti-seizure", "antiepileptic", "anti-epileptic", "anticonvulsant", "asm", "asms", "aed", "aeds", "seizure medication"],
  tnf_inhibitor: ["tnf inhibitor", "tnf-inhibitor", "tnf blocker", "tnf antagonist", "tumor necrosis factor", "anti-tnf", "tnfi"],
  mtor_inhibitor: ["mtor inhibitor", "mtor-inhibitor", "mammalian target of rapamycin"],
  corticosteroid: ["corticosteroid", "glucocorticoid", "steroid", "systemic steroid"],
  csdmard: ["conventional synthetic dmard", "csdmard", "conventional dmard", "non-biologic dmard", "nonbiologic dmard", "traditional dmard", "dmard"],
  aromatase_inhibitor: ["aromatase inhibitor"],
  tyrosine_kinase_inhibitor: ["tyrosine kinase inhibitor", "kinase inhibitor", "tki", "mki", "multikinase inhibitor"],
  atopic_dermatitis_biologic: ["biologic for atopic dermatitis", "biologics for atopic dermatitis", "atopic dermatitis biologic", "il-4 receptor", "il-13 inhibitor", "il-4/il-13", "il-31 receptor"],
  il_inhibitor: ["interleukin inhibitor", "il-17 inhibitor", "il-23 inhibitor", "il-12/23 inhibitor", "il-6 inhibitor"],
  jak_inhibitor: ["jak inhibitor", "janus kinase inhibitor"],
  glp1_agonist: ["glp-1", "glp1", "glucagon-like peptide"],
  statin: ["statin", "hmg-coa reductase inhibitor"],
  triptan: ["triptan"],
  chemotherapy: ["chemotherapy", "chemotherapeutic", "cytotoxic"],
  topical_corticosteroid: ["topical corticosteroid", "topical steroid"],
  calcineurin_inhibitor: ["calcineurin inhibitor"],
  bisphosphonate: ["bisphosphonate"],
  metformin: ["metformin"],
  // Composite: every biologic or targeted immunomodulator of the vocabulary (see COMPOSITE_CLASSES).
  biologic: ["biologic", "biologic agent", "biologic therapy", "biologic dmard", "bdmard", "immunomodulator", "immunomodulatory agent", "targeted immunomodulator", "targeted synthetic", "tsdmard", "biologic response modifier"],
};

/** Classes made of other classes and named drugs ("another biologic" = any TNF, IL or JAK inhibitor, abatacept ...). */
const COMPOSITE_CLASSES: Record<string, { classes: string[]; generics: string[] }> = {
  biologic: {
    classes: ["tnf_inhibitor", "il_inhibitor", "jak_inhibitor", "atopic_dermatitis_biologic"],
    generics: ["abatacept", "rituximab", "apremilast", "vedolizumab", "natalizumab", "omalizumab", "mepolizumab", "benralizumab", "reslizumab", "tezepelumab", "dupilumab", "belimumab", "anakinra", "canakinumab", "ocrelizumab", "ofatumumab"],
  },
};

const D = (generic: string, brands: string[], ...classes: string[]): DrugEntry => ({ generic, brands, classes });

export const DRUGS: DrugEntry[] = [
  // antiseizure medications
  D("valproic acid", ["Depakene", "Depakote", "divalproex", "valproate", "Depakote ER", "Stavzor"], "antiseizure"),
  D("lamotrigine", ["Lamictal", "Subvenite"], "antiseizure"),
  D("topiramate", ["Topamax", "Trokendi", "Qudexy", "Eprontia"], "antiseizure"),
  D("levetiracetam", ["Keppra", "Spritam", "Elepsia"], "antiseizure"),
  D("clobazam", ["Onfi", "Sympazan"], "antiseizure"),
  D("clonazepam", ["Klonopin"], "antiseizure"),
  D("zonisamide", ["Zonegran", "Zonisade"], "antiseizure"),
  D("rufinamide", ["Banzel"], "antiseizure"),
  D("felbamate", ["Felbatol"], "antiseizure"),
  D("perampanel", ["Fycompa"], "antiseizure"),
  D("vigabatrin", ["Sabril", "Vigadrone", "Vigafyde"], "antiseizure"),
  D("stiripentol", ["Diacomit"], "antiseizure"),
  D("fenfluramine", ["Fintepla"], "antiseizure"),
  D("cannabidiol", ["Epidiolex"], "antiseizure"),
  D("carbamazepine", ["Tegretol", "Carbatrol", "Epitol", "Equetro"], "antiseizure"),
  D("oxcarbazepine", ["Trileptal", "Oxtellar"], "antiseizure"),
  D("eslicarbazepine", ["Aptiom"], "antiseizure"),
  D("phenytoin", ["Dilantin", "Phenytek"], "antiseizure"),
  D("fosphenytoin", ["Cerebyx"], "antiseizure"),
  D("lacosamide", ["Vimpat", "Motpoly"], "antiseizure"),
  D("brivaracetam", ["Briviact"], "antiseizure"),
  D("cenobamate", ["Xcopri"], "antiseizure"),
  D("ethosuximide", ["Zarontin"], "antiseizure"),
  D("phenobarbital", ["Luminal", "Sezaby"], "antiseizure"),
  D("primidone", ["Mysoline"], "antiseizure"),
  D("gabapentin", ["Neurontin", "Gralise"], "antiseizure"),
  D("pregabalin", ["Lyrica"], "antiseizure"),
  D("tiagabine", ["Gabitril"], "antiseizure"),
  D("ganaxolone", ["Ztalmy"], "antiseizure"),
  D("diazepam", ["Valium", "Diastat", "Valtoco"], "antiseizure"),
  D("lorazepam", ["Ativan"], "antiseizure"),
  D("acetazolamide", ["Diamox"], "antiseizure"),
  // TNF inhibitors
  D("adalimumab", ["Humira", "Amjevita", "Cyltezo", "Hyrimoz", "Hadlima", "Yusimry", "Hulio", "Idacio", "Yuflyma", "Abrilada", "Simlandi"], "tnf_inhibitor"),
  D("etanercept", ["Enbrel", "Erelzi", "Eticovo"], "tnf_inhibitor"),
  D("infliximab", ["Remicade", "Inflectra", "Renflexis", "Avsola", "Ixifi", "Zymfentra"], "tnf_inhibitor"),
  D("certolizumab pegol", ["Cimzia", "certolizumab"], "tnf_inhibitor"),
  D("golimumab", ["Simponi", "Simponi Aria"], "tnf_inhibitor"),
  // mTOR inhibitors
  D("everolimus", ["Afinitor", "Afinitor Disperz", "Zortress", "Torpenz"], "mtor_inhibitor"),
  D("sirolimus", ["Rapamune", "Fyarro", "Hyftor"], "mtor_inhibitor"),
  D("temsirolimus", ["Torisel"], "mtor_inhibitor"),
  // corticosteroids (systemic)
  D("prednisone", ["Deltasone", "Rayos"], "corticosteroid"),
  D("prednisolone", ["Orapred", "Millipred", "Pediapred"], "corticosteroid"),
  D("methylprednisolone", ["Medrol", "Solu-Medrol", "Depo-Medrol"], "corticosteroid"),
  D("dexamethasone", ["Decadron", "Hemady"], "corticosteroid"),
  D("hydrocortisone", ["Cortef", "Solu-Cortef"], "corticosteroid"),
  D("budesonide", ["Entocort", "Uceris", "Ortikos", "Tarpeyo"], "corticosteroid"),
  D("triamcinolone", ["Kenalog"], "corticosteroid", "topical_corticosteroid"),
  D("clobetasol", ["Temovate", "Clobex"], "topical_corticosteroid"),
  D("betamethasone", ["Diprolene", "Luxiq"], "topical_corticosteroid"),
  D("fluocinonide", ["Lidex", "Vanos"], "topical_corticosteroid"),
  D("mometasone", ["Elocon"], "topical_corticosteroid"),
  D("desonide", ["Desowen", "Verdeso"], "topical_corticosteroid"),
  D("fluocinolone", ["Synalar", "Derma-Smoothe"], "topical_corticosteroid"),
  // conventional DMARDs (methotrexate is also chemotherapy)
  D("methotrexate", ["Trexall", "Otrexup", "Rasuvo", "Xatmep", "RediTrex"], "csdmard", "chemotherapy"),
  D("leflunomide", ["Arava"], "csdmard"),
  D("sulfasalazine", ["Azulfidine"], "csdmard"),
  D("hydroxychloroquine", ["Plaquenil"], "csdmard"),
  D("azathioprine", ["Imuran", "Azasan"], "csdmard"),
  // interleukin and JAK inhibitors
  D("ustekinumab", ["Stelara", "Wezlana", "Selarsdi", "Pyzchiva", "Otulfi", "Imuldosa", "Yesintek", "Steqeyma"], "il_inhibitor"),
  D("secukinumab", ["Cosentyx"], "il_inhibitor"),
  D("ixekizumab", ["Taltz"], "il_inhibitor"),
  D("guselkumab", ["Tremfya"], "il_inhibitor"),
  D("risankizumab", ["Skyrizi"], "il_inhibitor"),
  D("tildrakizumab", ["Ilumya"], "il_inhibitor"),
  D("tocilizumab", ["Actemra", "Tofidence", "Tyenne"], "il_inhibitor"),
  D("dupilumab", ["Dupixent"], "il_inhibitor", "atopic_dermatitis_biologic"),
  D("tralokinumab", ["Adbry"], "il_inhibitor", "atopic_dermatitis_biologic"),
  D("lebrikizumab", ["Ebglyss"], "il_inhibitor", "atopic_dermatitis_biologic"),
  D("nemolizumab", ["Nemluvio"], "il_inhibitor", "atopic_dermatitis_biologic"),
  D("omalizumab", ["Xolair"]),
  D("mepolizumab", ["Nucala"], "il_inhibitor"),
  D("benralizumab", ["Fasenra"], "il_inhibitor"),
  D("tofacitinib", ["Xeljanz"], "jak_inhibitor"),
  D("upadacitinib", ["Rinvoq"], "jak_inhibitor"),
  D("baricitinib", ["Olumiant"], "jak_inhibitor"),
  D("abatacept", ["Orencia"]),
  D("rituximab", ["Rituxan", "Truxima", "Ruxience", "Riabni"]),
  D("apremilast", ["Otezla"]),
  // oncology
  D("anastrozole", ["Arimidex"], "aromatase_inhibitor"),
  D("letrozole", ["Femara"], "aromatase_inhibitor"),
  D("exemestane", ["Aromasin"], "aromatase_inhibitor"),
  D("tamoxifen", ["Soltamox", "Nolvadex"]),
  D("fulvestrant", ["Faslodex"]),
  D("sorafenib", ["Nexavar"], "tyrosine_kinase_inhibitor"),
  D("sunitinib", ["Sutent"], "tyrosine_kinase_inhibitor"),
  D("regorafenib", ["Stivarga"], "tyrosine_kinase_inhibitor"),
  D("imatinib", ["Gleevec"], "tyrosine_kinase_inhibitor"),
  D("ripretinib", ["Qinlock"], "tyrosine_kinase_inhibitor"),
  D("pazopanib", ["Votrient"], "tyrosine_kinase_inhibitor"),
  D("cabozantinib", ["Cabometyx", "Cometriq"], "tyrosine_kinase_inhibitor"),
  D("lenvatinib", ["Lenvima"], "tyrosine_kinase_inhibitor"),
  D("axitinib", ["Inlyta"], "tyrosine_kinase_inhibitor"),
  D("dasatinib", ["Sprycel"], "tyrosine_kinase_inhibitor"),
  D("nilotinib", ["Tasigna"], "tyrosine_kinase_inhibitor"),
  D("bevacizumab", ["Avastin", "Mvasi", "Zirabev", "Alymsys", "Vegzelma"]),
  D("octreotide", ["Sandostatin", "Mycapssa", "Bynfezia"]),
  D("doxorubicin", ["Adriamycin", "Doxil"], "chemotherapy"),
  D("cisplatin", ["Platinol"], "chemotherapy"),
  D("carboplatin", ["Paraplatin"], "chemotherapy"),
  D("ifosfamide", ["Ifex"], "chemotherapy"),
  D("cyclophosphamide", ["Cytoxan"], "chemotherapy"),
  D("etoposide", ["Toposar", "Etopophos"], "chemotherapy"),
  D("paclitaxel", ["Taxol", "Abraxane"], "chemotherapy"),
  D("docetaxel", ["Taxotere"], "chemotherapy"),
  D("gemcitabine", ["Gemzar", "Infugem"], "chemotherapy"),
  D("fluorouracil", ["5-FU", "Adrucil"], "chemotherapy"),
  D("capecitabine", ["Xeloda"], "chemotherapy"),
  D("vincristine", ["Oncovin"], "chemotherapy"),
  D("vinblastine", [], "chemotherapy"),
  D("cytarabine", ["Cytosar"], "chemotherapy"),
  D("daunorubicin", ["Cerubidine"], "chemotherapy"),
  D("mercaptopurine", ["Purixan", "Purinethol"], "chemotherapy"),
  D("thioguanine", [], "chemotherapy"),
  D("asparaginase", ["Erwinaze", "Rylaze", "Elspar"], "chemotherapy"),
  D("pegaspargase", ["Oncaspar"], "chemotherapy"),
  D("temozolomide", ["Temodar"], "chemotherapy"),
  D("oxaliplatin", ["Eloxatin"], "chemotherapy"),
  D("irinotecan", ["Camptosar", "Onivyde"], "chemotherapy"),
  // metabolic
  D("metformin", ["Glucophage", "Fortamet", "Glumetza", "Riomet"], "metformin"),
  D("semaglutide", ["Ozempic", "Wegovy", "Rybelsus"], "glp1_agonist"),
  D("liraglutide", ["Victoza", "Saxenda"], "glp1_agonist"),
  D("dulaglutide", ["Trulicity"], "glp1_agonist"),
  D("exenatide", ["Byetta", "Bydureon"], "glp1_agonist"),
  D("tirzepatide", ["Mounjaro", "Zepbound"], "glp1_agonist"),
  D("atorvastatin", ["Lipitor"], "statin"),
  D("rosuvastatin", ["Crestor", "Ezallor"], "statin"),
  D("simvastatin", ["Zocor"], "statin"),
  D("pravastatin", ["Pravachol"], "statin"),
  D("lovastatin", ["Mevacor", "Altoprev"], "statin"),
  D("pitavastatin", ["Livalo", "Zypitamag"], "statin"),
  D("ezetimibe", ["Zetia"]),
  // migraine and others
  D("sumatriptan", ["Imitrex", "Tosymra", "Zembrace"], "triptan"),
  D("rizatriptan", ["Maxalt"], "triptan"),
  D("zolmitriptan", ["Zomig"], "triptan"),
  D("eletriptan", ["Relpax"], "triptan"),
  D("naratriptan", ["Amerge"], "triptan"),
  D("tacrolimus", ["Prograf", "Protopic", "Envarsus"], "calcineurin_inhibitor"),
  D("pimecrolimus", ["Elidel"], "calcineurin_inhibitor"),
  D("cyclosporine", ["Neoral", "Sandimmune", "Gengraf"], "calcineurin_inhibitor"),
  D("alendronate", ["Fosamax"], "bisphosphonate"),
  D("zoledronic acid", ["Reclast", "Zometa"], "bisphosphonate"),
];

/** Lower case, accents and trademark signs gone, punctuation to spaces. */
export function normalizeDrugText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[®™©]/g, "")
    .replace(/[^a-z0-9\s/-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

interface IndexedName {
  name: string;
  entry: DrugEntry;
  pattern: RegExp;
}

let nameIndex: IndexedName[] | null = null;

function names(): IndexedName[] {
  if (nameIndex) return nameIndex;
  nameIndex = [];
  for (const entry of DRUGS) {
    for (const name of [entry.generic, ...entry.brands]) {
      const key = normalizeDrugText(name);
      nameIndex.push({ name: key, entry, pattern: new RegExp(`(?<![a-z0-9])${key.replace(/[-/]/g, "[-/ ]?").replace(/ /g, "\\s+")}(?![a-z0-9])`, "i") });
    }
  }
  // Longer names first, so "valproic acid" wins over a shorter overlapping name.
  nameIndex.sort((a, b) => b.name.length - a.name.length);
  return nameIndex;
}

/** The vocabulary entry a drug name denotes (brand or generic, with or without strength and form), or null. */
export function findDrugEntry(name: string): DrugEntry | null {
  const text = normalizeDrugText(name);
  if (!text) return null;
  for (const item of names()) if (item.pattern.test(text)) return item.entry;
  // A misspelt name ("Methylprednisone 40 mg"): its first word, when it is close to exactly one drug.
  const first = /^[a-z][a-z-]+/.exec(text)?.[0];
  return first ? misspelt(first) : null;
}

const misspelt = (word: string): DrugEntry | null => closestName(word, names().map((n) => ({ name: n.name, value: n.entry })));

/** Every vocabulary drug a text mentions, with where (character offsets in the text as given). */
export function findDrugMentions(text: string): { entry: DrugEntry; start: number; end: number; written: string }[] {
  const found: { entry: DrugEntry; start: number; end: number; written: string }[] = [];
  const lower = text.toLowerCase();
  for (const item of names()) {
    const global = new RegExp(item.pattern.source, "gi");
    for (const m of lower.matchAll(global)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      found.push({ entry: item.entry, start, end, written: text.slice(start, end) });
    }
  }
  for (const m of lower.matchAll(/[a-z][a-z-]{7,}/g)) {
    const start = m.index;
    const end = start + m[0].length;
    if (/[a-z0-9]/.test(lower[start - 1] ?? "") || found.some((f) => start < f.end && end > f.start)) continue;
    const entry = misspelt(m[0]);
    if (entry) found.push({ entry, start, end, written: text.slice(start, end) });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The generic name a drug name stands for: the vocabulary's generic, else the name's normalised text. */
export function genericName(name: string): string {
  return findDrugEntry(name)?.generic ?? normalizeDrugText(name).replace(/\b\d[\d.,]*\s*(mg|mcg|ml|g|units?|%)(\/\w+)?\b.*$/, "").trim();
}

/** Class ids a phrase names ("other antiseizure medications" -> ["antiseizure"]). */
export function classesInText(text: string): string[] {
  const lower = ` ${text.toLowerCase()} `;
  const found: string[] = [];
  // "non-biologic DMARD" names conventional DMARDs, not biologics.
  const withoutNonBiologic = lower.replace(/\bnon[- ]?biologics?\b/g, "conventional");
  for (const [id, aliases] of Object.entries(DRUG_CLASS_ALIASES)) {
    const haystack = id === "biologic" ? withoutNonBiologic : lower;
    if (aliases.some((alias) => new RegExp(`(?<![a-z0-9])${alias.replace(/[-/]/g, "[-/ ]?")}s?(?![a-z0-9])`, "i").test(haystack))) found.push(id);
  }
  // "topical corticosteroid" is its own class, not the systemic one.
  if (found.includes("topical_corticosteroid")) return found.filter((c) => c !== "corticosteroid");
  return found;
}

/** True when the drug belongs to the class. */
export function isInClass(name: string, classId: string): boolean {
  const entry = findDrugEntry(name);
  if (!entry) return false;
  if (entry.classes.includes(classId)) return true;
  const composite = COMPOSITE_CLASSES[classId];
  return Boolean(composite && (composite.generics.includes(entry.generic) || entry.classes.some((c) => composite.classes.includes(c))));
}

/** A readable class name for answers: "antiseizure" -> "antiseizure medication". */
export function className(classId: string): string {
  const readable: Record<string, string> = {
    antiseizure: "antiseizure medication",
    tnf_inhibitor: "TNF inhibitor",
    mtor_inhibitor: "mTOR inhibitor",
    corticosteroid: "corticosteroid",
    csdmard: "conventional DMARD",
    aromatase_inhibitor: "aromatase inhibitor",
    tyrosine_kinase_inhibitor: "kinase inhibitor",
    atopic_dermatitis_biologic: "biologic for atopic dermatitis",
    il_inhibitor: "interleukin inhibitor",
    jak_inhibitor: "JAK inhibitor",
    glp1_agonist: "GLP-1 receptor agonist",
    statin: "statin",
    triptan: "triptan",
    chemotherapy: "chemotherapy agent",
    topical_corticosteroid: "topical corticosteroid",
    calcineurin_inhibitor: "calcineurin inhibitor",
    bisphosphonate: "bisphosphonate",
    metformin: "metformin product",
    biologic: "biologic or targeted immunomodulator",
  };
  return readable[classId] ?? classId.replace(/_/g, " ");
}

/** True when two drug names denote the same drug: same vocabulary entry, or the same identifying word. */
export function sameDrug(a: string, b: string): boolean {
  const ea = findDrugEntry(a);
  const eb = findDrugEntry(b);
  if (ea && eb) return ea === eb;
  const ga = genericName(a);
  const gb = genericName(b);
  if (!ga || !gb) return false;
  if (ga === gb) return true;
  const words = (s: string) => new Set(s.split(/[\s/-]+/).filter((w) => w.length >= 5));
  const wa = words(ga);
  for (const w of words(gb)) if (wa.has(w)) return true;
  return false;
}
