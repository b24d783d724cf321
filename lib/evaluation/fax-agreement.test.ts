import { describe, expect, it } from "vitest";
import { fieldAgreement, KEY_FIELDS, type KeyValues } from "./fax-agreement";

const TEXT: KeyValues = {
  patientName: "jane doe", birthDate: "1980-04-17", sex: "female", memberId: "XJ4418820",
  prescriberName: "alan grant", npi: "1234567893", specialty: "neurology",
  drug: "epidiolex", ndc: null, diagnosisCodes: "G40.811", quantity: "300", daysSupply: "30",
};

describe.each<[string, Partial<KeyValues>, { fields: number; same: number; share: number; differing: string[] }]>([
  ["the same reading", {}, { fields: 11, same: 11, share: 1, differing: [] }],
  ["a code misread (O for 0)", { memberId: "XJ441882O" }, { fields: 11, same: 10, share: 0.909, differing: ["memberId"] }],
  ["two fields lost", { npi: null, quantity: null }, { fields: 11, same: 9, share: 0.818, differing: ["npi", "quantity"] }],
  ["a value invented where the text gives none (listed, not scored)", { ndc: "00000000000" }, { fields: 11, same: 11, share: 1, differing: ["ndc"] }],
])("fieldAgreement: %s", (_name, fax, expected) => {
  it(`agrees on ${expected.same} of ${expected.fields}`, () => {
    const a = fieldAgreement(TEXT, { ...TEXT, ...fax });
    expect({ fields: a.fields, same: a.same, share: a.share, differing: a.differences.map((d) => d.field) }).toEqual(expected);
  });
});

it("scores nothing, and agrees fully, when the text version gives no field", () => {
  const empty = Object.fromEntries(KEY_FIELDS.map((f) => [f, null])) as KeyValues;
  expect(fieldAgreement(empty, empty)).toEqual({ fields: 0, same: 0, share: 1, differences: [] });
});
