import { describe, expect, it } from "vitest";
import { isInClass } from "./drug-classes";
import { findDrugEntry, findDrugMentions } from "./drugs";
import { editDistance } from "./edit-distance";
import { closestName } from "./fuzzy";

describe("misspelt drug names", () => {
  it("reads a long name a small edit away from exactly one drug as that drug", () => {
    expect(findDrugEntry("Methylprednisone 40 mg IV")?.generic).toBe("methylprednisolone");
    expect(isInClass("Methylprednisone", "corticosteroid")).toBe(true);
    expect(findDrugEntry("Lamotrigene")?.generic).toBe("lamotrigine");
    expect(findDrugMentions("Failed Methylprednisone and methotrexate.").map((m) => m.entry.generic)).toEqual(["methylprednisolone", "methotrexate"]);
  });

  it("never guesses between two drugs, nor corrects short or ordinary words", () => {
    // One letter from prednisolone and from prednisone: which one is unknown.
    expect(findDrugEntry("prednisolne")).toBeNull();
    expect(findDrugEntry("medication")).toBeNull();
    expect(findDrugEntry("Keppro")).toBeNull();
    expect(closestName("abcdefgh", [{ name: "abcdefgx", value: 1 }, { name: "abcdefxh", value: 2 }])).toBeNull();
    expect(closestName("abcdefgh", [{ name: "abcdefgx", value: 1 }, { name: "abcdefgy", value: 1 }])).toBe(1);
  });

  it("counts a transposition as one edit", () => {
    expect(editDistance("methotrexaet", "methotrexate")).toBe(1);
    expect(editDistance("methylprednisone", "methylprednisolone")).toBe(2);
  });
});
