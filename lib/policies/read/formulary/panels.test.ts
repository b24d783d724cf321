import { describe, expect, it } from "vitest";
import type { Line } from "./page-lines";
import { panelStarts, splitPanels } from "./panels";

/** A line from [x0, text] cells (each cell 8 units per character wide). */
const line = (page: number, index: number, ...cells: [number, string][]): Line => ({
  page,
  index,
  text: cells.map((c) => c[1]).join(" | "),
  cells: cells.map(([x0, text]) => ({ text, x0, x1: x0 + text.length * 4 })),
  boilerplate: false,
});

describe.each([
  ["two panels of name, tier, requirements", [[30, "Drug Name"], [250, "Tier"], [285, "Requirements/Limits"], [410, "Drug Name"], [630, "Tier"], [665, "Requirements/Limits"]], [30, 410]],
  ["two panels of name and requirements", [[30, "Drug Name"], [220, "Requirements"], [410, "Drug Name"], [600, "Requirements"]], [30, 410]],
  ["three panels of name and tier", [[20, "Drug Name"], [180, "Tier"], [270, "Drug Name"], [430, "Tier"], [520, "Drug Name"], [680, "Tier"]], [20, 270, 520]],
  ["one table", [[30, "Drug Name"], [250, "Tier"], [285, "Requirements/Limits"]], null],
  ["one table with a brand column", [[30, "Drug Name"], [200, "Brand Name"], [350, "Tier"], [400, "Requirements/Limits"]], null],
] as [string, [number, string][], number[] | null][])("panelStarts: %s", (_, cells, expected) => {
  it("finds the left edge of each panel, or none", () => {
    expect(panelStarts(line(1, 0, ...cells))).toEqual(expected);
  });
});

describe("splitPanels", () => {
  const header = line(2, 1, [30, "Drug Name"], [250, "Tier"], [285, "Requirements/Limits"], [410, "Drug Name"], [630, "Tier"], [665, "Requirements/Limits"]);
  const lines = [
    line(2, 0, [30, "Sample Drug List"]),
    header,
    line(2, 2, [30, "ANTICOAGULANTS"], [410, "PROTON PUMP INHIBITORS"]),
    line(2, 3, [36, "Eliquis (apixaban) 5 mg tablet"], [254, "2"], [285, "QL (60 tabs per 30 days)"], [416, "pantoprazole DR 40 mg tablet"], [634, "1"]),
    line(2, 4, [36, "warfarin tablet"], [254, "1"], [416, "Nexium (esomeprazole) 40 mg"], [634, "3"], [665, "ST"]),
    line(3, 0, [36, "Another page without panels"], [300, "PA"]),
  ];
  const out = splitPanels(lines);

  it("reads the left panel's lines, then the right's, each with its own cells only", () => {
    expect(out.map((l) => `${l.page}:${l.text}`)).toEqual([
      "2:Sample Drug List",
      "2:Drug Name | Tier | Requirements/Limits",
      "2:ANTICOAGULANTS",
      "2:Eliquis (apixaban) 5 mg tablet | 2 | QL (60 tabs per 30 days)",
      "2:warfarin tablet | 1",
      "2:Drug Name | Tier | Requirements/Limits",
      "2:PROTON PUMP INHIBITORS",
      "2:pantoprazole DR 40 mg tablet | 1",
      "2:Nexium (esomeprazole) 40 mg | 3 | ST",
      "3:Another page without panels | PA",
    ]);
  });

  it("keeps each panel line's text a run of the page line (verbatim) and where its cells start in it", () => {
    for (const part of out) {
      const whole = lines.find((l) => l.page === part.page && l.index === part.index)!;
      expect(whole.text.includes(part.text)).toBe(true);
    }
    expect(out.find((l) => l.text.startsWith("Nexium"))?.firstCell).toBe(2);
    expect(out.find((l) => l.text.startsWith("Eliquis"))?.firstCell).toBeUndefined();
  });
});
