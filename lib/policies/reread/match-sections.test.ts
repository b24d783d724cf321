import { describe, expect, it } from "vitest";
import { matchSections, type ReadSection, type StoredSection } from "./match-sections";

const stored = (policyId: string, label: string | null, drugNames: string[]): StoredSection => ({ policyId, label, drugNames });
const read = (label: string, drugNames: string[]): ReadSection => ({ label, drugNames });

describe.each([
  {
    name: "same labels and drugs, in another order",
    stored: [stored("a", "ondansetron hcl tab 8 mg", ["ondansetron"]), stored("b", "zolpidem tartrate tab 10 mg", ["zolpidem"])],
    read: [read("zolpidem tartrate tab 10 mg", ["zolpidem"]), read("ondansetron hcl tab 8 mg", ["ondansetron"])],
    pairs: [["a", 1, "label_and_drugs"], ["b", 0, "label_and_drugs"]],
    added: [],
    unmatched: [],
  },
  {
    name: "case, punctuation and spacing of the label do not matter",
    stored: [stored("a", "SITAGLIPTIN (Januvia)", ["sitagliptin", "Januvia"])],
    read: [read("sitagliptin  januvia", ["januvia", "SITAGLIPTIN"])],
    pairs: [["a", 0, "label_and_drugs"]],
    added: [],
    unmatched: [],
  },
  {
    name: "a person edited the drug names: the label still finds the section",
    stored: [stored("a", "Antidiabetics (DPP-4)", ["sitagliptin", "linagliptin", "saxagliptin"]), stored("b", "CRESTOR", ["rosuvastatin"])],
    read: [read("CRESTOR", ["rosuvastatin"]), read("Antidiabetics (DPP-4)", ["sitagliptin", "linagliptin"])],
    pairs: [["b", 0, "label_and_drugs"], ["a", 1, "label"]],
    added: [],
    unmatched: [],
  },
  {
    name: "a reworded label with the same drugs",
    stored: [stored("a", "eletriptan tab 40 mg", ["eletriptan"])],
    read: [read("eletriptan hbr tab 40 mg", ["eletriptan"]), read("rizatriptan tab 10 mg", ["rizatriptan"])],
    pairs: [["a", 0, "drugs"]],
    added: [1],
    unmatched: [],
  },
  {
    name: "a section no longer found, and a new one",
    stored: [stored("a", "celecoxib cap 100 mg", ["celecoxib"]), stored("b", "zolpidem tartrate tab 10 mg", ["zolpidem"])],
    read: [read("zolpidem tartrate tab 10 mg", ["zolpidem"]), read("ondansetron hcl tab 8 mg", ["ondansetron"])],
    pairs: [["b", 0, "label_and_drugs"]],
    added: [1],
    unmatched: ["a"],
  },
  {
    name: "the same label twice (a drug listed in two places) pairs each once, in order",
    stored: [stored("a", "insulin glargine", ["insulin glargine"]), stored("b", "insulin glargine", ["insulin glargine"])],
    read: [read("insulin glargine", ["insulin glargine"]), read("insulin glargine", ["insulin glargine"])],
    pairs: [["a", 0, "label_and_drugs"], ["b", 1, "label_and_drugs"]],
    added: [],
    unmatched: [],
  },
  {
    name: "a single-drug policy whose title the current reader writes differently is still that policy",
    stored: [stored("a", "Adalimumab Clinical Policy", ["Humira"])],
    read: [read("Adalimumab (Humira) Clinical Policy", ["Humira (adalimumab)"])],
    pairs: [["a", 0, "only_section"]],
    added: [],
    unmatched: [],
  },
  {
    name: "two sections with nothing in common are never paired, even one for one in a larger document",
    stored: [stored("a", "celecoxib cap 100 mg", ["celecoxib"]), stored("b", "CRESTOR", ["rosuvastatin"])],
    read: [read("CRESTOR", ["rosuvastatin"]), read("meloxicam tab 15 mg", ["meloxicam"])],
    pairs: [["b", 0, "label_and_drugs"]],
    added: [1],
    unmatched: ["a"],
  },
  {
    name: "no drug names on either side never match by drugs",
    stored: [stored("a", "Row 12", [])],
    read: [read("Row 13", []), read("Row 14", [])],
    pairs: [],
    added: [0, 1],
    unmatched: ["a"],
  },
])("matchSections: $name", (row) => {
  it("pairs, adds and leaves as expected", () => {
    const result = matchSections(row.stored, row.read);
    expect(result.pairs.map((p) => [p.policyId, p.index, p.by])).toEqual(row.pairs);
    expect(result.added).toEqual(row.added);
    expect(result.unmatched).toEqual(row.unmatched);
  });
});

describe("matchSections at a drug list's size", () => {
  it("pairs 800 sections read in reverse order, each with its own policy, quickly", () => {
    const n = 800;
    const storedRows = Array.from({ length: n }, (_, i) => stored(`p${i}`, `drug ${i} tab ${i} mg`, [`drug${i}`]));
    const readRows = Array.from({ length: n }, (_, i) => read(`drug ${n - 1 - i} tab ${n - 1 - i} mg`, [`drug${n - 1 - i}`]));
    const t0 = performance.now();
    const result = matchSections(storedRows, readRows);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(result.pairs).toHaveLength(n);
    expect(result.pairs.every((p) => readRows[p.index].label === `drug ${p.policyId.slice(1)} tab ${p.policyId.slice(1)} mg`)).toBe(true);
    expect(result.added).toEqual([]);
    expect(result.unmatched).toEqual([]);
  });
});
