import { describe, expect, it } from "vitest";
import { extractFreeTextFacts } from "./extract-free-text-facts";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const doc = (text: string): SourceDocument => ({ id: "note-1", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] });

// A condition named after "history of" is the patient's only when the context engine (lib/lexicon/context.ts) finds
// it asserted: not denied, not a relative's. sentence | condition expected among the diagnoses (null: none).
const ROWS: [string, string | null][] = [
  ["Past history of asthma, well controlled.", "asthma"],
  ["h/o epilepsy since childhood.", "epilepsy"],
  ["No history of asthma.", null],
  ["Patient denies any history of epilepsy.", null],
  ["Family history of epilepsy in her brother.", null],
  ["Her mother has a history of asthma.", null],
  ["Pt has never had a history of epilepsy.", null],
];

describe.each(ROWS)("%s", (text, expected) => {
  it(expected ? `names ${expected}` : "names no diagnosis", () => {
    const names = extractFreeTextFacts(doc(text), { referenceYear: 2025 }).facts.diagnoses.map((d) => d.name?.toLowerCase());
    if (expected) expect(names).toContain(expected);
    else expect(names).toEqual([]);
  });
});

// A drug the note plans to start is a guess at the request, unless the sentence denies it. sentence | guessed drugs.
const GUESSES: [string, string[]][] = [
  ["Plan: start Epidiolex 5 mg/kg/day divided twice daily.", ["epidiolex"]],
  ["Seizures are not controlled on clobazam, so we will start Epidiolex 5 mg/kg/day.", ["epidiolex"]],
  ["We will not start Epidiolex 5 mg/kg/day until the liver tests return.", []],
  ["Family declined Epidiolex 5 mg/kg/day at this time.", []],
];

describe.each(GUESSES)("%s", (text, drugs) => {
  it(`guesses ${drugs.join(", ") || "nothing"}`, () => {
    const guessed = extractFreeTextFacts(doc(text), { referenceYear: 2025 }).guesses.medicationRequests.map((m) => m.name.toLowerCase().split(" ")[0]);
    expect(guessed).toEqual(drugs);
  });
});
