import { describe, expect, it } from "vitest";
import { searchVocabulary } from "./search-vocabulary";

const values = (kind: "drug" | "diagnosis" | "specialty", query: string, limit = 10) => searchVocabulary({ kind, query, limit }).map((t) => t.value);

describe("searchVocabulary", () => {
  it.each([
    ["drug", "repat", "Repatha"],
    ["drug", "evolocumab", "evolocumab"],
    ["diagnosis", "G40.81", "G40.811"],
    ["diagnosis", "g4081", "G40.812"],
    ["diagnosis", "gastaut lennox", "G40.812"],
    ["specialty", "neurology", "2084N0400X"],
    ["specialty", "2084N04", "2084N0400X"],
  ] as const)("%s %j finds %s", (kind, query, expected) => {
    expect(values(kind, query)).toContain(expected);
  });

  it("names a brand with its generic, and marks a category as not billable", () => {
    expect(searchVocabulary({ kind: "drug", query: "Repatha", limit: 5 })[0]).toMatchObject({ value: "Repatha", label: "Repatha (evolocumab)" });
    expect(searchVocabulary({ kind: "diagnosis", query: "G40.8", limit: 3 })[0]).toMatchObject({ value: "G40.8", billable: false });
    expect(searchVocabulary({ kind: "diagnosis", query: "G40.812", limit: 3 })[0]).toMatchObject({ value: "G40.812", billable: true, label: expect.stringContaining("Lennox-Gastaut") });
  });

  it("keeps to the limit and finds nothing for nonsense", () => {
    expect(values("diagnosis", "syndrome", 7)).toHaveLength(7);
    expect(values("drug", "zzqqxx")).toEqual([]);
  });
});
