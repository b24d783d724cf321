import { describe, expect, it } from "vitest";
import { readCodeShape } from "./ocr-code-shapes.mjs";

// [as recognised, as read, why]
describe.each([
  ["El1.9", "E11.9", "ICD-10: l in a digit slot"],
  ["K5O.90", "K50.90", "ICD-10: O in a digit slot"],
  ["G4O.8l1", "G40.811", "ICD-10: O, and l after the dot"],
  ["G4O.8ll", "G4O.8ll", "ICD-10: three corrections are too many, kept"],
  ["M05.7O", "M05.70", "ICD-10: O after the dot"],
  ["(El1.9)", "(E11.9)", "brackets kept"],
  ["0O2/10/2026", "0O2/10/2026", "too long for a date: kept"],
  ["O2/10/2026", "02/10/2026", "date: O for 0"],
  ["oz/10/2026", "02/10/2026", "date: o and z"],
  ["11/O5/1962,", "11/05/1962,", "date with a comma after"],
  ["0OO7O-0554-02", "0OO7O-0554-02", "NDC: three corrections are too many, kept"],
  ["0OO74-0554-02", "00074-0554-02", "NDC: two O"],
  ["00074-O554-02", "00074-0554-02", "NDC: one O"],
  ["1326O48794", "1326048794", "NPI: the check digit holds once O is 0"],
  ["1326O48795", "1326O48795", "NPI: the check digit fails, kept as read"],
  ["1326048794", "1326048794", "already a code"],
  ["S40.0", "S40.0", "ICD-10 letter S kept"],
  ["Dr.", "Dr.", "a word"],
  ["BOLD", "BOLD", "a word of capitals is no code"],
  ["SOSO/SO/SOSO", "SOSO/SO/SOSO", "letters in date slots: fewer than half digits, kept"],
  ["ABMS5203318", "ABMS5203318", "a member ID has no fixed shape: kept"],
  ["E11.9S", "E11.9S", "a 7th character S kept"],
  ["e11.9", "e11.9", "a lower-case first letter is no ICD-10 code"],
])("readCodeShape(%s)", (read, expected, why) => {
  it(`is ${expected} (${why})`, () => expect(readCodeShape(read)).toBe(expected));
});
