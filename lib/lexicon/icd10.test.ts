import { describe, expect, it } from "vitest";
import { billableDescendants, icd10Canonical, icd10Title, isBillable, isIcd10Code } from "./icd10";
import { resolveBillable } from "./resolve-billable";

// code as written | billable | official title (null: not a code)
const CODE_ROWS: [string, boolean, string | null][] = [
  ["G40.811", true, "Lennox-Gastaut syndrome, not intractable, with status epilepticus"],
  ["G40.81", false, "Lennox-Gastaut syndrome"],
  ["g40814", true, "Lennox-Gastaut syndrome, intractable, without status epilepticus"],
  ["K50.90", true, "Crohn's disease, unspecified, without complications"],
  ["K50.9", false, "Crohn's disease, unspecified"],
  ["C91.00", true, "Acute lymphoblastic leukemia not having achieved remission"],
  ["E11.9", true, "Type 2 diabetes mellitus without complications"],
  ["E11", false, "Type 2 diabetes mellitus"],
  ["I10", true, "Essential (primary) hypertension"],
  ["Z99.99", false, null],
];

describe.each(CODE_ROWS)("%s", (code, billable, title) => {
  it(`is ${billable ? "billable" : "not billable"}: ${title}`, () => {
    expect(isBillable(code)).toBe(billable);
    expect(icd10Title(code)).toBe(title);
    expect(isIcd10Code(code)).toBe(title !== null);
  });
});

describe("the code set", () => {
  it("lists the billable codes under a category, in order", () => {
    expect(billableDescendants("C91.0")).toEqual(["C91.00", "C91.01", "C91.02"]);
    expect(billableDescendants("K50.91")).toEqual(["K50.911", "K50.912", "K50.913", "K50.914", "K50.918", "K50.919"]);
    expect(billableDescendants("I10")).toEqual(["I10"]);
  });
  it("writes codes in the dotted form", () => expect(icd10Canonical("c9100")).toBe("C91.00"));
});

// code | documents' words | code to claim (the written code when none is supported) | billable
const RESOLVE_ROWS: [string, string, string, boolean][] = [
  ["C91.0", "Pre-B ALL, not having achieved remission; induction started.", "C91.00", true],
  ["C91.0", "B-ALL, in complete remission after induction.", "C91.01", true],
  ["C91.0", "B-ALL, relapsed in 2024 (bone marrow).", "C91.02", true],
  ["C91.0", "B-ALL, no relapse since 2023.", "C91.0", false],
  ["C91.0", "B-ALL on maintenance therapy.", "C91.0", false],
  ["C91.0", "In remission until March, relapsed in June.", "C91.0", false],
  ["G40.81", "Lennox-Gastaut syndrome, refractory to three ASMs. No history of status epilepticus.", "G40.814", true],
  ["G40.81", "LGS, not intractable. Admitted for status epilepticus last year.", "G40.811", true],
  ["G40.81", "Lennox-Gastaut syndrome with drop seizures.", "G40.81", false],
  ["G40.81", "LGS; plan to check for status epilepticus if seizures persist. Intractable.", "G40.81", false],
  ["K50.9", "Crohn's disease without complications.", "K50.90", true],
  ["K50.9", "Crohn disease with fistula and with abscess.", "K50.9", false],
  ["M17.1", "Primary osteoarthritis of the left knee.", "M17.12", true],
  ["M17.1", "Osteoarthritis of the knee.", "M17.1", false],
  ["C40.0", "Osteosarcoma; left thigh pain at the resection site.", "C40.0", false],
  ["C40.0", "Osteosarcoma of the left upper limb (humerus).", "C40.02", true],
  ["G40.811", "", "G40.811", true],
];

describe.each(RESOLVE_ROWS)("resolveBillable(%s, %j)", (code, text, expected, billable) => {
  it(`is ${expected}`, () => {
    const result = resolveBillable(code, text);
    expect(result.code).toBe(expected);
    expect(result.billable).toBe(billable);
    if (!billable) expect(result.warning).toMatch(/category, not billable/);
    if (expected !== code) expect(result.resolvedFrom).toBe(code);
  });
});

describe("a code that does not exist", () => {
  it("is kept with a warning", () => {
    expect(resolveBillable("Z99.99", "anything")).toMatchObject({ code: "Z99.99", billable: false, warning: expect.stringMatching(/not an ICD-10-CM/) });
  });
});
