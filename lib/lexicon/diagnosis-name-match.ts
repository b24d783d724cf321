// Whether written names of a condition agree: ONE word rule for the policy check (does the case's diagnosis say what
// the criterion names?) and for intake (are two names in the documents one condition?), so a change to how names
// compare changes both.
import { MATCH_FILLER, SAME_CONDITION_QUALIFIERS } from "./condition-qualifiers";
import { withinOneEdit } from "./edit-distance";

/**
 * A name's words: lower case, accents, possessives and parentheses off, the `ignored` words dropped. Numbers and
 * single letters stay: they name a type ("type 2 diabetes", "hepatitis B"), and dropping them made type 1 meet type 2.
 */
export function diagnosisWords(name: string, ignored: ReadonlySet<string>): string[] {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]s\b/g, "")
    .replace(/\([^)]*\)/g, " ")
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !ignored.has(word));
}

/**
 * Two words of names agree: equal; both of 5 letters or more and one the other's stem less its ending ("asthma",
 * "asthmatic"); or the longer of 6 letters or more and one edit apart (a typo). A word with a digit agrees only with itself.
 */
export function diagnosisWordsAgree(want: string, have: string): boolean {
  if (want === have) return true;
  if (/\d/.test(want + have) || want.length < 5 || have.length < 5) return false;
  return have.startsWith(want.slice(0, Math.max(5, want.length - 2))) || (Math.max(want.length, have.length) >= 6 && withinOneEdit(want, have));
}

const allAgree = (want: readonly string[], have: readonly string[]) => want.length > 0 && have.length > 0 && want.every((w) => have.some((h) => diagnosisWordsAgree(w, h)));

/**
 * The case's name says at least what the criterion's name says: every word of `criterionName` (filler such as "of",
 * "disease" aside) is in `caseName`. Qualifiers count: "metastatic breast cancer" is not met by "breast cancer".
 */
export function nameCovers(criterionName: string, caseName: string): boolean {
  return allAgree(diagnosisWords(criterionName, MATCH_FILLER), diagnosisWords(caseName, MATCH_FILLER));
}

/**
 * Two written names for one condition: the core words of the shorter (qualifiers such as "high-grade", "metastatic",
 * "syndrome" aside) all appear in the other. "Lennox-Gustaut Syndrome" and "Lennox Gastaut" are one; "type 1
 * diabetes" and "type 2 diabetes" are not.
 */
export function sameDiagnosisName(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const wa = diagnosisWords(a, SAME_CONDITION_QUALIFIERS);
  const wb = diagnosisWords(b, SAME_CONDITION_QUALIFIERS);
  return wa.length <= wb.length ? allAgree(wa, wb) : allAgree(wb, wa);
}
