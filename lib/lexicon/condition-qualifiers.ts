// The words that qualify a condition's name rather than name it (data/condition-qualifiers.json), one list per use,
// loaded once: the ICD-10-CM name lookup, intake's comparison of written names and the policy check's diagnosis match
// all take them from here.
import data from "./data/condition-qualifiers.json";

const alternation = (items: readonly string[]) => items.map((item) => item.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");

/** Dropped before a name is looked up among ICD-10-CM titles ("unspecified", "primary", "of the"). */
export const NAME_QUALIFIERS = new RegExp(`\\b(?:${alternation(data.nameQualifiers)})\\b`, "g");

/** Severity and course after a name; never a letter or number, which names a type ("hepatitis B", "type 2"). */
export const TRAILING_QUALIFIER = new RegExp(`^(?:${alternation(data.trailingQualifiers)})$`);

/** Severity, stage and molecular or cell type before a name ("relapsed", "Philadelphia chromosome-negative", "IIIb"). */
export const LEADING_QUALIFIER = new RegExp(`^(?:${[alternation(data.leadingQualifiers), ...data.leadingPatterns].join("|")})$`);

/** Ignored when two written names are compared: two names differing only in them name one condition. */
export const SAME_CONDITION_QUALIFIERS: ReadonlySet<string> = new Set(data.sameConditionQualifiers);

/** Ignored when a criterion's diagnosis name is matched with the case's. */
export const MATCH_FILLER: ReadonlySet<string> = new Set(data.matchFiller);
