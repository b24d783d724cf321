import { describe, expect, it } from "vitest";
import { runningLines } from "./running-lines";

// Each row: a document's pages (lines joined with "\n", cells with " | "), and the lines (page:index) each scope finds.
const doc = (...pages: string[][]) => pages.map((lines, i) => ({ page: i + 1, text: lines.join("\n") }));

const CASES: { name: string; pages: { page: number; text: string }[]; edge: string[]; repeated: string[] }[] = [
  {
    name: "a header and a page-of footer on three pages",
    pages: doc(["Acme Health Formulary", "Drug A | Tier 1", "Page 1 of 3"], ["Acme Health Formulary", "Drug B | Tier 2", "Page 2 of 3"], ["Acme Health Formulary", "Drug C | Tier 3", "Page 3 of 3"]),
    edge: ["1:0", "1:2", "2:0", "2:2", "3:0", "3:2"],
    repeated: ["1:0", "1:2", "2:0", "2:2", "3:0", "3:2"],
  },
  {
    name: "a bare page number is a marker on a single page",
    pages: doc(["Criteria", "Must be 18 or older", "7"]),
    edge: ["1:2"],
    repeated: ["1:2"],
  },
  {
    name: "a list item that repeats at the edge stays content",
    pages: doc(["1. Diagnosis confirmed", "Drug A"], ["1. Diagnosis confirmed", "Drug B"], ["1. Diagnosis confirmed", "Drug C"]),
    edge: [],
    repeated: ["1:0", "2:0", "3:0"],
  },
  {
    name: "two pages: a running line repeats word for word, an approval duration with other months does not",
    pages: doc(["Policy 12 | Acme", "Approval duration: 6 months"], ["Policy 12 | Acme", "Approval duration: 12 months"]),
    edge: ["1:0", "2:0"],
    repeated: [],
  },
  {
    name: "a table header repeated mid-page on every page is found anywhere, not at the edge",
    pages: doc(
      ["Section A", "Intro text", "Drug | Tier | Limits", "Drug A | 1 | QL", "More text"],
      ["Section B", "Other text", "Drug | Tier | Limits", "Drug B | 2 | PA", "Closing"],
      ["Section C", "Third text", "Drug | Tier | Limits", "Drug C | 3 | ST", "End"],
    ),
    edge: [],
    repeated: ["1:2", "2:2", "3:2"],
  },
  {
    name: "a footer whose last cell is the page number",
    pages: doc(["Drug A", "Formulary ID 123 | 60"], ["Drug B", "Formulary ID 123 | 61"], ["Drug C", "Formulary ID 123 | 62"]),
    edge: ["1:1", "2:1", "3:1"],
    repeated: ["1:1", "2:1", "3:1"],
  },
  {
    name: "a cell that is a page number marks its line anywhere",
    pages: doc(["Updated 10/2026 | Page 3", "Drug A"]),
    edge: [],
    repeated: ["1:0"],
  },
];

describe("running headers and footers", () => {
  it.each(CASES)("$name", ({ pages, edge, repeated }) => {
    const found = runningLines(pages);
    expect([...found.edge].sort()).toEqual([...edge].sort());
    expect([...found.repeated].sort()).toEqual([...repeated].sort());
  });
});
