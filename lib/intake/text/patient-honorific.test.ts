import { describe, expect, it } from "vitest";
import { sexFromPatientTitle } from "./patient-honorific";

describe("sexFromPatientTitle", () => {
  it.each<[string, string, string | null]>([
    ["a title before the patient's surname", "Patient: Evelyn R. Thibodeaux DOB: 3 Dec 1951\nMrs. Thibodeaux, 73, returns to discuss", "female"],
    ["the surname in capitals on the name line", "Patient name | THIBODEAUX, EVELYN\nMs Thibodeaux is seen today", "female"],
    ["a man", "Member: Walter Kowalczyk\nMr. Kowalczyk reports no myalgias", "male"],
    ["a relative's title", "Patient: Evelyn Thibodeaux\nShe came with her son, Mr. Greene.", null],
    ["no patient named on the page", "Mrs. Thibodeaux returns", null],
    ["titles that disagree", "Patient: Sam Lee\nMr. Lee ... Ms. Lee", null],
    ["the title word inside another word", "Patient: Jo Smith\nMrsmith Smith", null],
  ])("%s", (_, text, sex) => {
    expect(sexFromPatientTitle(text)?.sex ?? null).toBe(sex);
  });
});
