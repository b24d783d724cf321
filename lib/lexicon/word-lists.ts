// The text readers' word lists (data/word-lists.json, with the units of data/quantity-units.json), loaded once: the
// ONE module intake and the policy readers take them from.
import data from "./data/word-lists.json";
import UNITS from "./data/quantity-units.json";

/** USAN / INN stems of common drug classes (the endings of nonproprietary names). */
export const DRUG_STEMS: readonly string[] = data.drugStems;

/** Ordinary words with a drug-like ending. */
export const NOT_DRUG_WORDS: ReadonlySet<string> = new Set(data.notDrugs);

/** Words that follow a start verb or precede a dose but name no drug. */
export const DRUG_STOP_WORDS: ReadonlySet<string> = new Set(data.drugStopWords);

/** What a number before a plural counts when it is no drug: times and occasions, and every unit a quantity is written in. */
export const COUNTED_NOT_DRUGS: ReadonlySet<string> = new Set([...data.countedNotDrugs, ...UNITS.count, ...UNITS.ml, ...UNITS.g]);

/** Titles a note gives a person that tell their sex ("Mrs. Thibodeaux"), by sex. */
export const SEX_HONORIFICS: Readonly<Record<"female" | "male", readonly string[]>> = { female: data.femaleTitles, male: data.maleTitles };
