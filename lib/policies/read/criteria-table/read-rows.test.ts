import { describe, expect, it } from "vitest";
import { continuesCriteria, cutAtColumn, isClassBand, rowOpensBesideClass } from "./read-rows";

// A class cell wrapped over lines opens no row when the criteria beside it go on: these are the criteria cells' lines.
describe.each([
  ["disease; and", true],
  ["at least 30 days; or", true],
  ["2. Member is 18 years of age or older; and", true],
  ["10. Prescribed by a cardiologist", true],
  ["b. A documented contraindication to every preferred agent; and", true],
  ["c) Not used with an ACE inhibitor", true],
  ["1. Diagnosis of hypertension; and", false],
  ["a. Trial and failure of two preferred agents", false],
  ["• Diagnosis of overactive bladder", false],
  ["Trial and failure of two preferred agents.", false],
  ["", false],
] as [string, boolean][])("continuesCriteria(%j)", (text, expected) => {
  it(`is ${expected}`, () => {
    expect(continuesCriteria(text)).toBe(expected);
  });
});

// A table with a class column beside the drug column (Therapeutic Class / Drug Name / Clinical Criteria): which lines
// open a row. Lines written for this table in the layout of state Medicaid criteria tables.
describe.each([
  ["a class, a drug and a bulleted criterion side by side", { classText: "Cortisol Receptor", drugText: "Korlym (mifepristone)", criteriaText: "• Must be prescribed by an endocrinologist" }, true, true],
  ["a wrapped class beside the next bullet, no drug", { classText: "Blocker", drugText: "", criteriaText: "• Must have documented hyperglycemia" }, true, false],
  ["a second drug of the row, no class beside it", { classText: "", drugText: "Viltepso (viltolarsen)", criteriaText: "• Must receive concurrent corticosteroids" }, true, false],
  ["a wrapped class and a second drug beside criteria going on", { classText: "Dystrophy Agents", drugText: "Exondys 51 (eteplirsen)", criteriaText: "Muscular Dystrophy" }, true, false],
  ["a sub-heading naming the line's own drug over its criteria", { classText: "Oxazolidinone", drugText: "Zyvox (linezolid)", criteriaText: "Zyvox (linezolid)" }, true, true],
  ["criteria without markers that start afresh", { classText: "Triptans", drugText: "Relpax (eletriptan)", criteriaText: "Trial and failure of two preferred triptans." }, false, true],
  ["criteria without markers that go on in lower case", { classText: "Agents", drugText: "Frova (frovatriptan)", criteriaText: "and not used with another triptan" }, false, false],
  ["a class and a drug with no criteria beside them", { classText: "Not Listed Here or on", drugText: "or on the Unified Preferred Drug List", criteriaText: "" }, true, false],
] as [string, { classText: string; drugText: string; criteriaText: string }, boolean, boolean][])("rowOpensBesideClass: %s", (_what, line, usesMarkers, expected) => {
  it(`is ${expected}`, () => {
    expect(rowOpensBesideClass(line, usesMarkers)).toBe(expected);
  });
});

// Bands across a preferred drug list that name the class of the rows below (lines written in that layout).
describe.each([
  ["PROTON PUMP INHIBITORS (PPIs)", 47, true],
  ["ANTICOAGULANTS, ORAL", 47, true],
  ["STIMULANTS AND RELATED AGENTS (ADHD)", 47, true],
  ["esomeprazole magnesium", 47, false],
  ["ARNUITY ELLIPTA", 181, false],
  ["APPROVAL DURATION 12 MONTHS.", 47, false],
] as [string, number, boolean][])("isClassBand(%j at x %d)", (text, x0, expected) => {
  it(`is ${expected}`, () => expect(isClassBand({ cells: [{ text, x0 }] }, 47)).toBe(expected));
});

it("a line with a second cell is no band", () => {
  expect(isClassBand({ cells: [{ text: "NEXIUM", x0: 47 }, { text: "DEXILANT", x0: 181 }] }, 47)).toBe(false);
});

// A cell that runs on into the next column (the gap too narrow to part them) is cut where that column starts.
describe.each([
  [{ text: "Trial and failure of TWO preferred triptans within the past 365 days, each Injection: 4 syringes or vials per 30", x0: 324, x1: 745 }, 612, ["Trial and failure of TWO preferred triptans within the past 365 days, each", "Injection: 4 syringes or vials per 30"]],
  [{ text: "XARELTO* tablet 2.5 mg, 10 mg, SAVAYSA", x0: 47, x1: 219 }, 181, ["XARELTO* tablet 2.5 mg, 10 mg,", "SAVAYSA"]],
  [{ text: "Trial and failure of TWO preferred agents within the past 180 days.", x0: 324, x1: 577 }, 612, null],
] as [{ text: string; x0: number; x1: number }, number, [string, string] | null][])("cutAtColumn(%j)", (cell, columnX, parts) => {
  it(`gives ${JSON.stringify(parts)}`, () => {
    const cut = cutAtColumn(cell, columnX);
    expect(cut ? [cut[0].text, cut[1].text] : null).toEqual(parts);
  });
});
