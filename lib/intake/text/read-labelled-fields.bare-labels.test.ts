import { describe, expect, it } from "vitest";
import { layoutPage } from "./layout-page.fixture";
import { readLabelledFields } from "./read-labelled-fields";

const values = (rows: Parameters<typeof layoutPage>[0]) => readLabelledFields(layoutPage(rows)).hits.map((h) => `${h.role}.${h.kind}=${h.value}`);

// A fax form typed as "Label value | Label value" with no colons, as recognised from its scan.
const FORM: Parameters<typeof layoutPage>[0] = [
  [["Name Caleb Wojcik", 40], ["DOB 09/30/2019", 330]],
  [["Plan / Member# Ohio Medicaid 110084471023", 40], ["Gender M", 330]],
  [["Specialty Pediatric Neurology", 40], ["Tel (419) 555-0188", 330]],
  [["Medication & strength Emflaza 18 mg tablets", 40], ["NDC", 330]],
  [["Day supply 30", 40], ["Refills 5", 330]],
];

// Each row: what recognition misread, and the fields still read.
const CASES: { name: string; rows: Parameters<typeof layoutPage>[0] }[] = [
  { name: "as printed", rows: FORM },
  {
    name: "two labels misread ('DOB' as 'pos', 'Tel' as 'rel'): two lines of paired labels among six labelled cells",
    rows: FORM.map((r) => r.map(([t, x]) => [t.replace(/^Tel /, "rel ").replace(/^DOB /, "pos "), x] as [string, number])),
  },
];

describe("readLabelledFields: labels with no colon", () => {
  it.each(CASES)("$name", ({ rows }) => {
    const read = values(rows);
    // A misread label is no label: "pos 09/30/2019" stays in the name's cell.
    expect(read.find((v) => v.startsWith("patient.name="))).toMatch(/^patient\.name=Caleb Wojcik\b/);
    expect(read).toContain("medication.drug=Emflaza 18 mg tablets");
    expect(read).toContain("medication.daysSupply=30");
  });

  it("prose with a single pair of labels is no form: a label word followed by words is not read as a field", () => {
    const prose: Parameters<typeof layoutPage>[0] = [
      [["Name Caleb Wojcik", 40], ["Gender M", 330]],
      [["Plan to continue the current regimen", 40]],
      [["Specialty clinic follow-up in three months", 40]],
    ];
    expect(values(prose)).toEqual([]);
  });
});
