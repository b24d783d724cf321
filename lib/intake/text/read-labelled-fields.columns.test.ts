import { describe, expect, it } from "vitest";
import { layoutPage } from "./layout-page.fixture";
import { readLabelledFields } from "./read-labelled-fields";

const values = (rows: Parameters<typeof layoutPage>[0]) => readLabelledFields(layoutPage(rows)).hits.map((h) => `${h.role}.${h.kind}=${h.value}`);

describe("readLabelledFields: side-by-side sections", () => {
  // Two sections share each text line; the right one opens with a notice that runs over several lines.
  const rows: Parameters<typeof layoutPage>[0] = [
    [["PRESCRIBER DETAILS", 100], ["MEMBER DETAILS", 380]],
    [["* Prescriber Name: Nadia Okafor, DO", 36], ["*Requests missing a starred item will be sent back", 305]],
    [["Specialty: Rheumatology * License #: AB4471", 36], ["to the prescriber without review.*", 305]],
    [["Office Phone: 555-201-3344", 36], ["* Plan ID: 99887766", 305], ["* Birth Date: 04-02-2011", 440]],
  ];

  it("ends a value where the other section's column begins", () => {
    expect(values(rows)).toContain("prescriber.name=Nadia Okafor, DO");
    expect(values(rows)).toContain("prescriber.phone=555-201-3344");
  });

  it("ends a value at a label the form marks with an asterisk, even one the reader does not know", () => {
    expect(values(rows)).toContain("prescriber.specialty=Rheumatology");
    // The asterisk before the next known label is that label's mark, not part of the value.
    expect(values(rows)).toContain("patient.memberId=99887766");
    expect(values(rows)).toContain("patient.dob=04-02-2011");
  });

  it("reads a value that shares its cell with the next known label", () => {
    const row: Parameters<typeof layoutPage>[0] = [
      [["PRESCRIBER DETAILS", 100]],
      [["City:", 36], ["Springfield Zip:", 80], ["62704", 170]],
    ];
    expect(values(row)).toEqual(["prescriber.city=Springfield", "prescriber.zip=62704"]);
  });

  it("keeps an asterisk inside a value that no label follows", () => {
    expect(values([[["Specialty: Allergy * Immunology", 36]]])).toEqual(["prescriber.specialty=Allergy * Immunology"]);
  });
});
