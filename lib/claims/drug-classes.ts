// Kept for existing imports: the drug vocabulary and its classes are data in lib/lexicon/data (drugs.json,
// drug-classes.json), read by lib/lexicon/drugs.ts and lib/lexicon/drug-classes.ts, the one implementation of each.
export { DRUGS, findDrugEntry, findDrugMentions, genericName, normalizeDrugText, sameDrug, type DrugEntry } from "@/lib/lexicon/drugs";
export { classesInText, classesOf, className, DRUG_CLASS_ALIASES, isInClass } from "@/lib/lexicon/drug-classes";
