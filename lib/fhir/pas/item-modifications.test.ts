import { describe, expect, it } from "vitest";
import type { PasRequest } from "@/lib/fhir/pas/read-pas-request";
import { modificationProblems, type ItemModification } from "./item-modifications";

const request = {
  items: [
    { sequence: 1, productOrService: {}, quantity: 12, requested: { start: "2026-12-01", end: "2027-05-31" }, cancelled: false },
    { sequence: 2, productOrService: {}, cancelled: false },
    { sequence: 3, productOrService: {}, quantity: 4, cancelled: true },
  ],
} as unknown as PasRequest;

describe("modificationProblems: a modification certifies less than was asked, on an item of the request", () => {
  it.each([
    ["a lower quantity", [{ item_sequence: 1, quantity: 6 }], []],
    ["a shorter period within the one asked", [{ item_sequence: 1, period: { start: "2026-12-01", end: "2027-02-28" } }], []],
    ["both", [{ item_sequence: 1, quantity: 6, period: { start: "2027-01-01", end: "2027-03-31" } }], []],
    ["an item asked without quantity or dates", [{ item_sequence: 2, quantity: 3, period: { start: "2026-12-01", end: "2026-12-31" } }], []],
    ["the same quantity", [{ item_sequence: 1, quantity: 12 }], [/must be lower than the 12 asked/]],
    ["more than asked", [{ item_sequence: 1, quantity: 20 }], [/must be lower/]],
    ["a period starting before the one asked", [{ item_sequence: 1, period: { start: "2026-11-01", end: "2027-01-31" } }], [/within the one asked for \(2026-12-01 to 2027-05-31\)/]],
    ["a period ending after", [{ item_sequence: 1, period: { start: "2026-12-01", end: "2027-06-30" } }], [/within/]],
    ["the period asked, alone", [{ item_sequence: 1, period: { start: "2026-12-01", end: "2027-05-31" } }], [/is the one asked for/]],
    ["an item not asked", [{ item_sequence: 9, quantity: 1 }], [/item 9 is not an item of the request \(it asks for 1, 2\)/]],
    ["a withdrawn item", [{ item_sequence: 3, quantity: 1 }], [/item 3 is not an item/]],
    ["one item twice", [{ item_sequence: 1, quantity: 6 }, { item_sequence: 1, quantity: 5 }], [/item 1 is modified twice/]],
  ] as [string, ItemModification[], RegExp[]][])("%s", (_, modifications, expected) => {
    const problems = modificationProblems(request, modifications);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((pattern, index) => expect(problems[index]).toMatch(pattern));
  });
});
