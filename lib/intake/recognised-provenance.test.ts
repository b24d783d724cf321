import { describe, expect, it } from "vitest";
import { collectProvenance } from "@/lib/fhir/provenance";
import { intakeResourceIds } from "@/lib/fhir/resource-ids";
import { extractIntake } from "./extract-intake";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const page = (source: "ocr" | "text") => ({ page: 1, source, text: "Patient name: Ada Lindqvist\nDate of birth: 04/02/1961\nDrug requested: everolimus 10 mg tablet\nQuantity: 30" });
const doc = (id: string, source: "ocr" | "text"): SourceDocument => ({ id, name: `${id}.pdf`, contentType: "application/pdf", pages: [page(source)] });

describe("provenance of facts read by text recognition", () => {
  it("says which quotes were recognised from a page image, and only those", () => {
    const facts = extractIntake([doc("fax", "ocr"), doc("typed", "text")], { referenceYear: 2025 });
    const rows = collectProvenance(facts, intakeResourceIds(facts, "7f0c2a52-1d1e-4c57-9a0e-3b7d2f4c9e11"));
    const fromFax = rows.filter((r) => r.document_id === "fax");
    const fromTyped = rows.filter((r) => r.document_id === "typed");
    expect(fromFax.length).toBeGreaterThan(0);
    expect(fromFax.every((r) => r.recognised === true)).toBe(true);
    expect(fromTyped.length).toBeGreaterThan(0);
    expect(fromTyped.some((r) => "recognised" in r)).toBe(false);
  });
});
