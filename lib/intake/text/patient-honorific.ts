// A patient's sex as a note writes it by the title it gives the patient ("Mrs. Thibodeaux, 73, returns ..."): only a
// title before the name the page gives the patient ("Patient: Evelyn R. Thibodeaux"), never a relative's or a
// clinician's. Titles are data (lib/lexicon/data/word-lists.json femaleTitles, maleTitles). Titles that disagree: unread.
import { escapeRegExp } from "@/lib/escape-reg-exp";
import { SEX_HONORIFICS } from "@/lib/lexicon/word-lists";

type Sex = keyof typeof SEX_HONORIFICS;

const TITLES = Object.entries(SEX_HONORIFICS).flatMap(([sex, titles]) => titles.map((title) => ({ sex: sex as Sex, title })));
// Written capitalised ("Mrs."), as a title before a name is.
const capitalised = (title: string) => title[0].toUpperCase() + title.slice(1);
const TITLED = new RegExp(`\\b(${TITLES.map((t) => escapeRegExp(capitalised(t.title))).join("|")})\\.?\\s+([A-Z][A-Za-z'’-]+)`, "g");
/** Where a page names its patient: "Patient: Evelyn R. Thibodeaux", "Patient name | ROE, JANE", "Member: ...". */
const PATIENT_NAMED = /\b(?:patient|member|enrollee|recipient|beneficiary)(?:['’]s)?(?:\s+name)?\s*[:|]?\s*([A-Za-z][A-Za-z'’ ,.-]{1,60})/gi;

/** The sex the title before the patient's surname tells, and where that title is; null when none or they disagree. */
export function sexFromPatientTitle(text: string): { sex: Sex; start: number; end: number } | null {
  const names = new Set<string>();
  for (const m of text.matchAll(PATIENT_NAMED)) for (const word of m[1].split(/[\s,.]+/)) if (word.length >= 2) names.add(word.toLowerCase());
  if (!names.size) return null;
  let found: { sex: Sex; start: number; end: number } | null = null;
  for (const m of text.matchAll(TITLED)) {
    if (!names.has(m[2].toLowerCase())) continue;
    const sex = TITLES.find((t) => capitalised(t.title) === m[1])?.sex;
    if (!sex) continue;
    if (found && found.sex !== sex) return null;
    found ??= { sex, start: m.index, end: m.index + m[1].length };
  }
  return found;
}
