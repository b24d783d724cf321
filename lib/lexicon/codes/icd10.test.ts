import { describe, expect, it } from "vitest";
import { findIcd10Codes, icd10Title, isKnownIcd10Category, normalizeIcd10 } from "./icd10";
import { icd10ForName } from "./icd10-names";

describe("normalizeIcd10", () => {
  it.each([
    ["G40.811", "G40.811"],
    ["g40811", "G40.811"],
    ["E11", "E11"],
    ["E119", "E11.9"],
    [" c40.0 ", "C40.0"],
  ])("%s -> %s", (raw, code) => expect(normalizeIcd10(raw)).toBe(code));

  it.each(["12345", "G4", "GG0.1", "G40.81111", ""])("refuses %s", (raw) => expect(normalizeIcd10(raw)).toBeNull());
});

describe("categories", () => {
  it("knows real categories only", () => {
    expect(isKnownIcd10Category("G40.811")).toBe(true);
    expect(isKnownIcd10Category("C40.0")).toBe(true);
    expect(isKnownIcd10Category("U99.1")).toBe(false);
    // The full FY2026 code set knows billable codes too (the FY2018 category list stopped at G40.81).
    expect(icd10Title("G40.811")).toEqual({ code: "G40.811", title: "Lennox-Gastaut syndrome, not intractable, with status epilepticus", exact: true });
    expect(icd10Title("G40.8119")).toEqual({ code: "G40.811", title: "Lennox-Gastaut syndrome, not intractable, with status epilepticus", exact: false });
  });
});

describe("findIcd10Codes", () => {
  it("finds dotted codes anywhere and undotted ones after a keyword", () => {
    const text = "Assessment: LGS (G40.811), infantile spasms G40.821.\nICD-10: E119";
    expect(findIcd10Codes(text).map((m) => m.code)).toEqual(["G40.811", "G40.821", "E11.9"]);
  });

  it("takes undotted codes in an ICD-10 field", () => {
    expect(findIcd10Codes("G40811, G40821", { codeContext: true }).map((m) => m.code)).toEqual(["G40.811", "G40.821"]);
  });

  it("ignores dates, phones, member ids, vitals and unknown categories", () => {
    const text = [
      "DOB 06.15.2022, phone 555.345.7865, member ID W123456789, MRN A12345678",
      "BP 90/55, Temp 37.2, U99.9, lot X1Y2Z3, e11.9 in lower case prose",
      "Visit ID: H34567",
    ].join("\n");
    expect(findIcd10Codes(text)).toEqual([]);
  });

  it("keeps spans that point at the text", () => {
    const text = "Dx: C40.0 metastatic osteosarcoma";
    const [m] = findIcd10Codes(text);
    expect(text.slice(m.start, m.end)).toBe("C40.0");
  });

  it("is fast on hostile input", () => {
    const text = "A1".repeat(100_000) + " G40.811 " + "9".repeat(100_000);
    const t0 = performance.now();
    findIcd10Codes(text);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe("icd10ForName", () => {
  it("maps a stated diagnosis name to its (sub)category, typos of long names included", () => {
    expect(icd10ForName("Lennox-Gastaut syndrome")?.code).toBe("G40.81");
    expect(icd10ForName("Lennox-Gustaut Syndrome")?.code).toBe("G40.81");
    expect(icd10ForName("infantile spasms")?.code).toBe("G40.82");
    expect(icd10ForName("seizures or something vague")).toBeNull();
    expect(icd10ForName("type 3 diabetes")).toBeNull();
  });

  it("matches a title without its bracketed abbreviation, and a name with qualifiers before the title", () => {
    expect(icd10ForName("Acute lymphoblastic leukemia")?.code).toBe("C91.0");
    expect(icd10ForName("acute lymphoblastic leukemia (ALL)")?.code).toBe("C91.0");
    expect(icd10ForName("Ph-positive T-cell precursor acute lymphoblastic leukemia")?.code).toBe("C91.0");
    expect(icd10ForName("moderate-to-severe ulcerative colitis")?.code).toBe("K51");
    expect(icd10ForName("T-ALL")?.code).toBe("C91.0");
    expect(icd10ForName("Atopic dermatitis, moderate to severe")?.code).toBe("L20");
    expect(icd10ForName("relapsed B-cell acute lymphoblastic leukemia, refractory")?.code).toBe("C91.0");
  });

  it("does not drop a word that names another condition", () => {
    expect(icd10ForName("gestational hypertension")?.code).not.toBe("I10");
    expect(icd10ForName("juvenile rheumatoid arthritis")?.code).not.toBe("M06.9");
    expect(icd10ForName("severe leukemia")).toBeNull();
  });
});

describe("icd10Coverage", () => {
  it("places codes in the shipped list", async () => {
    const { icd10Coverage } = await import("./icd10");
    expect(icd10Coverage("G40.811")).toBe("listed");
    expect(icd10Coverage("E11.9")).toBe("listed");
    expect(icd10Coverage("I10")).toBe("listed");
    expect(icd10Coverage("S72.001A")).toBe("listed"); // injury subcategories are not shipped: the category is enough
    expect(icd10Coverage("G40.X1")).toBe("category");
    expect(icd10Coverage("U99.1")).toBe("unknown");
  });
});
