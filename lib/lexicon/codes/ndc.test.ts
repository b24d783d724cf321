import { describe, expect, it } from "vitest";
import { findNdcs, formatNdc11, normalizeNdc } from "./ndc";

describe("normalizeNdc", () => {
  it.each([
    ["0777-3105-02", "00777310502"], // 4-4-2
    ["70127-100-01", "70127010001"], // 5-3-2
    ["50090-3456-1", "50090345601"], // 5-4-1
    ["70127-0100-01", "70127010001"], // 5-4-2
    ["70127010001", "70127010001"], // 11 plain digits
    [" 0777 - 3105 - 02 ", "00777310502"],
    ["NDC: 0777-3105-02", "00777310502"],
  ])("%s -> %s", (raw, ndc) => expect(normalizeNdc(raw)).toBe(ndc));

  it.each(["0777310502", "555-345-7865", "12-34-56", "1234-56789-1", "abc", "", "7012701000123"])("refuses %s", (raw) =>
    expect(normalizeNdc(raw)).toBeNull(),
  );

  it("formats 11 digits as 5-4-2", () => {
    expect(formatNdc11("00777310502")).toBe("00777-3105-02");
    expect(formatNdc11("123")).toBe("123");
  });
});

describe("findNdcs", () => {
  it("finds NDCs after the keyword, not phone numbers or dates", () => {
    const text = "Phone: 555-345-7865  DOB 06-15-2022\nEpidiolex NDC 70127-0100-01, 300 mL";
    const found = findNdcs(text);
    expect(found.map((f) => f.ndc)).toEqual(["70127010001"]);
    expect(text.slice(found[0].start, found[0].end)).toBe("70127-0100-01");
  });

  it("takes any NDC-shaped value of an NDC field", () => {
    expect(findNdcs("0777-3105-02", { labelled: true }).map((f) => f.ndc)).toEqual(["00777310502"]);
  });
});
