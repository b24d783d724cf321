import { describe, expect, it } from "vitest";
import { classesInText, isInClass } from "@/lib/lexicon/drug-classes";
import { findDrugEntry, findDrugMentions, genericName } from "@/lib/lexicon/drugs";
import { sameDrug } from "@/lib/lexicon/same-drug";

describe("drug vocabulary", () => {
  it("folds brands and written forms to one generic", () => {
    expect(findDrugEntry("EPIDIOLEX 100 MG/ML oral solution")?.generic).toBe("cannabidiol");
    expect(genericName("Depakote ER 500 mg")).toBe("valproic acid");
    expect(sameDrug("Afinitor 5 mg tablet", "everolimus")).toBe(true);
    expect(sameDrug("Afinitor", "sorafenib")).toBe(false);
    // Unknown drugs match by their written identifying word.
    expect(sameDrug("Examplumab 40 mg pen", "examplumab")).toBe(true);
  });

  it("finds mentions with their offsets, longest name first", () => {
    const text = "Tried valproic acid and Lamictal; now on Onfi.";
    expect(findDrugMentions(text).map((m) => [m.entry.generic, text.slice(m.start, m.end)])).toEqual([
      ["valproic acid", "valproic acid"],
      ["lamotrigine", "Lamictal"],
      ["clobazam", "Onfi"],
    ]);
  });

  it("reads the classes a criterion names, biologics as a composite class", () => {
    expect(classesInText("at least two other antiseizure medications (ASMs)")).toEqual(["antiseizure"]);
    expect(classesInText("a topical corticosteroid")).toEqual(["topical_corticosteroid"]);
    expect(classesInText("in combination with another immunomodulatory agent")).toEqual(["biologic"]);
    expect(classesInText("a conventional non-biologic DMARD")).toEqual(["csdmard"]);
    expect(isInClass("Humira Pen", "biologic")).toBe(true);
    expect(isInClass("Xolair", "biologic")).toBe(true);
    expect(isInClass("methotrexate", "biologic")).toBe(false);
    expect(isInClass("Keppra", "antiseizure")).toBe(true);
    expect(isInClass("Keppra", "tnf_inhibitor")).toBe(false);
  });
});
