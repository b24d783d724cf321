import { describe, expect, it } from "vitest";
import { layoutPage } from "./layout-page.fixture";
import { extractLabelledFacts } from "./extract-labelled-facts";
import { readLabelledFields } from "./read-labelled-fields";
import { splitNameAndSpecialty } from "./name-and-specialty";

describe("splitNameAndSpecialty", () => {
  it.each([
    ["Helga Lindqvist, MD, Cardiovascular Disease", "Helga Lindqvist, MD", "Cardiovascular Disease"],
    ["Kenji Nakamura, MD, Neurology", "Kenji Nakamura, MD", "Neurology"],
    ["Dr. Anna Kim - Rheumatology", "Dr. Anna Kim", "Rheumatology"],
    ["Anna Kim MD (Pediatrics)", "Anna Kim MD", "Pediatrics"],
    ["Anna Kim, DO / Family Medicine", "Anna Kim, DO", "Family Medicine"],
    ["Luis Ortega, NP; Endocrinology, Diabetes & Metabolism", "Luis Ortega, NP", "Endocrinology, Diabetes & Metabolism"],
    // No part names a specialty: the name alone, the specialty unread.
    ["Helga Lindqvist, MD", "Helga Lindqvist, MD", null],
    ["Helga Lindqvist, MD, see attached", "Helga Lindqvist, MD, see attached", null],
    ["Neurology", "Neurology", null],
  ])("%j is name %j and specialty %j", (value, name, specialty) => {
    expect(splitNameAndSpecialty(value)).toEqual({ name, specialty });
  });
});

describe("a prescriber's name and specialty in one box", () => {
  const doc = { id: "d", name: "form.pdf", contentType: "application/pdf" };
  const prescriber = (rows: Parameters<typeof layoutPage>[0]) => {
    const page = { ...layoutPage(rows), number: 1 };
    const facts = extractLabelledFacts(doc as never, [{ page, fields: readLabelledFields(page) }] as never);
    const p = facts.practitioners?.[0];
    return p ? { family: p.family, specialty: p.specialty ?? null } : null;
  };

  it.each([
    ["Prescriber Name and Specialty:", "Helga Lindqvist, MD, Cardiovascular Disease", "Lindqvist", "Cardiovascular Disease"],
    ["Physician name/specialty:", "Dr. Kenji Nakamura - Neurology", "Nakamura", "Neurology"],
    ["Provider Name & Specialty", "Anna Kim, DO (Family Medicine)", "Kim", "Family Medicine"],
    ["Prescriber Name and Specialty:", "Helga Lindqvist, MD", "Lindqvist", null],
  ])("%j over %j", (label, value, family, specialty) => {
    expect(prescriber([[[label, 316]], [[value, 315]], [["NPI#: 1367049214", 316]]])).toEqual({ family, specialty });
    expect(prescriber([[[label, 44], [value, 250]]])).toEqual({ family, specialty });
  });
});
