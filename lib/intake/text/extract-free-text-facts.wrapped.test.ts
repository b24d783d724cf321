import { describe, expect, it } from "vitest";
import { extractFreeTextFacts } from "./extract-free-text-facts";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const names = (...pages: string[]) => {
  const doc: SourceDocument = { id: "n", name: "note.pdf", contentType: "application/pdf", pages: pages.map((text, i) => ({ page: i + 1, text })) };
  return extractFreeTextFacts(doc).facts.diagnoses.map((d) => d.name);
};

describe("extractFreeTextFacts: diagnosis names in wrapped prose", () => {
  it("reads a name that wraps onto the next line whole", () => {
    expect(names("Maya is a 9 year old girl with PMH seasonal allergies and chronic spontaneous\nurticaria who presents with hives.")).toEqual([
      "seasonal allergies",
      "chronic spontaneous urticaria",
    ]);
    expect(names("12 year old boy with diagnosis of T-cell lymphoblastic\nlymphoma presents for review.")).toEqual(["T-cell lymphoblastic lymphoma"]);
  });

  it("keeps lines apart that end a sentence, start anew or belong to a table", () => {
    expect(names("History of asthma.\nrecent cough | 3 days")).toEqual(["asthma"]);
  });

  it("reads no name from a phrase cut short at the end of a page", () => {
    expect(names("The marrow findings support the diagnosis of relapse in", "the setting of prior chemotherapy.")).toEqual([]);
  });
});
