import { describe, expect, it } from "vitest";
import { findNpis, isValidNpi, normalizeNpi, npiCheckDigit } from "./npi";

describe("isValidNpi", () => {
  // Check digits computed by hand (Luhn over "80840" + the first nine digits) and cross-checked with an independent
  // implementation; 1245319599 is the NPPES worked example.
  it.each([
    ["1234567893", true],
    ["1245319599", true],
    ["1003000126", true],
    ["1000000004", true],
    ["1111111112", true],
    ["9876543213", true],
    ["1234567890", false],
    ["1992742879", false],
    ["1000000005", false],
    ["123456789", false],
    ["12345678930", false],
    ["123456789O", false],
    ["", false],
  ])("%s -> %s", (npi, valid) => expect(isValidNpi(npi)).toBe(valid));

  it("computes the check digit of nine digits", () => {
    expect(npiCheckDigit("123456789")).toBe(3);
    expect(npiCheckDigit("150000000")).toBe(9);
    expect(npiCheckDigit("199999999")).toBe(2);
  });

  it("normalises spaces and hyphens only", () => {
    expect(normalizeNpi("123 456 7893")).toBe("1234567893");
    expect(normalizeNpi("1234-567-893")).toBe("1234567893");
    expect(normalizeNpi("NPI 123")).toBeNull();
  });

  it("finds NPIs after the NPI keyword", () => {
    const text = "Dr. Lopez, NPI: 1234567893. Phone 555-123-4567, member id 1234567890";
    expect(findNpis(text)).toEqual([{ npi: "1234567893", start: 16, end: 26 }]);
  });
});
