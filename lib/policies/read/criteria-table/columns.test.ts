import { describe, expect, it } from "vitest";
import { COLUMN_HEADERS, columnOfHeader, readHeaderCell } from "./columns";

describe.each(COLUMN_HEADERS.map((c) => [c.header, c.role, c.id] as const))("column header %s", (header, role, id) => {
  it(`is a ${role} column (${id}), in capitals and with a colon too`, () => {
    expect(columnOfHeader(header)).toMatchObject({ role, id });
    expect(columnOfHeader(`${header.toUpperCase()}:`)).toMatchObject({ role, id });
  });
});

describe.each(["Strength", "NDC", "Dosage Form", "Tier", "Diagnosis of asthma", "Page 2 of 4"])("not a column header: %s", (text) => {
  it("names no column", () => expect(columnOfHeader(text)).toBeNull());
});

// A note printed in parentheses after a column's name holds for the whole column; a known header keeps its own parenthesis.
describe.each([
  ["Clinical Criteria (Authorization is for 365 days unless otherwise stated)", "criteria", "Authorization is for 365 days unless otherwise stated"],
  ["PA Criteria (apply to non-preferred agents only)", "criteria", "apply to non-preferred agents only"],
  ["Quantity Limit (per 30 days)", "quantity", "per 30 days"],
  ["Drug Name(s)", "drug", null],
  ["Drug Name", "drug", null],
] as [string, string, string | null][])("header cell %j", (text, role, note) => {
  it(`names a ${role} column with note ${JSON.stringify(note)}`, () => {
    expect(readHeaderCell(text)).toMatchObject({ header: { role }, note });
  });
});

describe.each(["Notes (see page 2)", "Diagnosis (ICD-10)", "Covered for patients (age 18 and older)"])("header cell %j", (text) => {
  it("names no column", () => expect(readHeaderCell(text)).toBeNull());
});
