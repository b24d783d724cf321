import { describe, expect, it } from "vitest";
import { doseIn, quantityIn, quantityOverDays, splitDrugName } from "./medication-details";

describe("splitDrugName", () => {
  it("separates a name, its strength and a form written after it", () => {
    expect(splitDrugName("Ustekinumab 90mg/mL prefilled syringe")).toMatchObject({ name: "Ustekinumab", strength: "90mg/mL", form: "prefilled syringe" });
    expect(splitDrugName("Tofacitinib 5 mg")).toMatchObject({ name: "Tofacitinib", strength: "5 mg", form: null });
  });

  it("leaves a text without a name before its strength alone", () => {
    expect(splitDrugName("45 mg every 12 weeks")).toBeNull();
    expect(splitDrugName("Stelara")).toBeNull();
  });
});

describe("doseIn", () => {
  it("reads a dose from a verb, or from the amount directions open with", () => {
    expect(doseIn("Inject 90 mg under the skin every 8 weeks")).toEqual({ value: "90", unit: "mg" });
    expect(doseIn("260 mg IV once, then 90 mg every 8 weeks")).toEqual({ value: "260", unit: "mg" });
    expect(doseIn("every other week as directed")).toBeNull();
  });
});

describe("quantityOverDays", () => {
  it.each([
    ["9 / 30 days", 9, null, 30],
    ["60 tabs x 30 days", 60, "tabs", 30],
    ["2 auto-injectors (2 mL) / 28 days", 2, "auto-injectors", 28],
    ["1 pen / 28 days", 1, "pen", 28],
  ])("reads %j", (text, quantity, unit, days) => {
    expect(quantityOverDays(text)).toEqual({ quantity, unit, days });
  });

  it("reads nothing without an amount", () => {
    expect(quantityOverDays("every 14 days")).toBeNull();
  });
});

describe("quantityIn", () => {
  it.each([
    ["30", 30, null],
    ["30 tablets", 30, "tablets"],
    ["2 auto-injectors (2 mL)", 2, "auto-injectors"],
  ])("reads %j", (text, value, unit) => {
    expect(quantityIn(text)).toEqual({ value, unit });
  });
});
