import { describe, expect, it } from "vitest";
import { COLUMN_HEADERS, columnOfHeader } from "./columns";

describe.each(COLUMN_HEADERS.map((c) => [c.header, c.role, c.id] as const))("column header %s", (header, role, id) => {
  it(`is a ${role} column (${id}), in capitals and with a colon too`, () => {
    expect(columnOfHeader(header)).toMatchObject({ role, id });
    expect(columnOfHeader(`${header.toUpperCase()}:`)).toMatchObject({ role, id });
  });
});

describe.each(["Strength", "NDC", "Dosage Form", "Tier", "Diagnosis of asthma", "Page 2 of 4"])("not a column header: %s", (text) => {
  it("names no column", () => expect(columnOfHeader(text)).toBeNull());
});
