import { describe, expect, it } from "vitest";
import { emptyFacts, emptyPatient, STRENGTH, type SourcedFacts } from "./facts";
import { findIdentityConflicts, identityWarning, sameName } from "./identity-conflicts";
import { mergeFacts } from "./merge-facts";
import type { IntakePatient } from "./types";

describe.each([
  ["Loretta Quaintance", "Quaintance, Loretta", true],
  ["Loretta M. Quaintance", "LORETTA QUAINTANCE", true],
  ["Loretta Marie Quaintance", "Quaintance, Loretta M", true],
  ["Yolanda Figueroa-Reyes", "Yolanda Figueroa Reyes", true],
  ["Yolanda Figueroa-Reyes", "FIGUEROA-REYES, YOLANDA", true],
  ["José Núñez", "Jose Nunez", true],
  ["Walter Brzezinski Jr.", "Walter J. Brzezinski", true],
  ["Loretta Quaintance", "Lorraine Quaintance", false],
  ["Walter Brzezinski", "Walter Brzezinska", false],
  ["Maria Lopez", "Lopez, Mario", false],
  ["Ana Smith", "John Smith", false],
])("sameName(%s, %s)", (a, b, expected) => {
  it(`is ${expected}`, () => {
    expect(sameName(a, b)).toBe(expected);
    expect(sameName(b, a)).toBe(expected);
  });
});

function doc(name: string, patient: Partial<IntakePatient>, strength: number = STRENGTH.field): SourcedFacts {
  const facts = emptyFacts();
  facts.patient = { ...emptyPatient(), ...patient, evidence: [{ documentId: `${name}-id`, page: 1, start: 0, end: 1, quote: "x", field: "birthDate" }] };
  return { facts, strength, source: name };
}

describe("findIdentityConflicts", () => {
  it("finds nothing when documents agree, however names are written", () => {
    const sources = [
      doc("form.pdf", { given: ["Loretta", "M."], family: "Quaintance", birthDate: "1968-03-14", gender: "female" }),
      doc("claims.pdf", { given: ["QUAINTANCE,", "LORETTA"], family: null, birthDate: "1968-03-14" }),
      doc("note.pdf", { given: ["Loretta"], family: "Quaintance", gender: "female" }, STRENGTH.text),
    ];
    expect(findIdentityConflicts(sources)).toEqual([]);
  });

  it.each([
    ["birthDate", { birthDate: "1968-03-14" }, { birthDate: "1986-03-14" }, ["1968-03-14", "1986-03-14"]],
    ["gender", { gender: "female" as const }, { gender: "male" as const }, ["female", "male"]],
    ["name", { given: ["Loretta"], family: "Quaintance" }, { given: ["Lorraine"], family: "Quaintance" }, ["Loretta Quaintance", "Lorraine Quaintance"]],
  ])("a %s differing between two documents is a structured conflict and a warning", (field, a, b, values) => {
    const conflicts = findIdentityConflicts([doc("form.pdf", a), doc("claims.pdf", b)]);
    expect(conflicts).toEqual([
      { kind: "identity_conflict", field, documents: ["form.pdf", "claims.pdf"], values: [{ value: values[0], document: "form.pdf", documentId: "form.pdf-id" }, { value: values[1], document: "claims.pdf", documentId: "claims.pdf-id" }] },
    ]);
    const merged = mergeFacts([doc("form.pdf", a), doc("claims.pdf", b)]);
    expect(merged.identityConflicts?.map((c) => c.field)).toEqual([field]);
    expect(merged.warnings[0]).toBe(identityWarning(conflicts[0]));
  });

  it("within one document the strongest reading stands (no conflict with itself)", () => {
    const sources = [doc("form.pdf", { birthDate: "1968-03-14" }), doc("form.pdf", { birthDate: "2025-11-04" }, STRENGTH.text), doc("note.pdf", { birthDate: "1968-03-14" }, STRENGTH.text)];
    expect(findIdentityConflicts(sources)).toEqual([]);
  });

  it("an unknown or missing sex is no conflict", () => {
    expect(findIdentityConflicts([doc("a.pdf", { gender: "female" }), doc("b.pdf", { gender: "unknown" }), doc("c.pdf", { gender: null })])).toEqual([]);
  });
});
