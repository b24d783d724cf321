import { describe, expect, it } from "vitest";
import { fieldOfHeading, isHeadingStart, leadingHeading, PART_D_FIELDS } from "./fields";

describe.each(PART_D_FIELDS.map((f) => [f.heading, f.role, f.id] as const))("Part D heading %s", (heading, role, id) => {
  it(`is the ${role} field (${id}) as printed, in capitals and with a colon`, () => {
    expect(fieldOfHeading(heading)).toMatchObject({ role, id });
    expect(fieldOfHeading(`${heading.toUpperCase()}:`)).toMatchObject({ role, id });
  });
  it("is recognised from its first word when it wraps over lines", () => {
    const words = heading.split(" ");
    if (words.length > 1) expect(isHeadingStart(words[0])).toBe(true);
  });
});

describe.each([
  ["Age Restrictions 18 years or older", "age", "18 years or older"],
  ["Coverage Duration Plan year", "duration", "Plan year"],
  ["Required Medical Information Diagnosis of psoriasis", "required_info", "Diagnosis of psoriasis"],
] as const)("a heading run into its text: %s", (text, role, rest) => {
  it(`reads as ${role} and the text after it`, () => {
    expect(leadingHeading(text)).toMatchObject({ field: { role }, rest });
  });
});

describe.each(["Diagnosis of plaque psoriasis", "ADALIMUMAB", "Required Documents", "Page 3", "Details"])("not a heading: %s", (text) => {
  it("is no field and no heading start", () => {
    expect(fieldOfHeading(text)).toBeNull();
    expect(isHeadingStart(text)).toBe(false);
  });
});
