import { describe, expect, it } from "vitest";
import { searchWords } from "./queue-search";

describe("searchWords", () => {
  it.each([
    ["Harold Mensah", ["harold", "mensah"]],
    ["  Mensah,  Harold J. ", ["mensah", "harold", "j"]],
    ["PA-2025-0042", ["pa-2025-0042"]],
    ["\"Ozempic\" (semaglutide)", ["ozempic", "semaglutide"]],
    ["harold HAROLD", ["harold"]],
    ["", []],
    ["a b c d e f g h i j", ["a", "b", "c", "d", "e", "f", "g", "h"]],
    ["Zoë Ólafsdóttir", ["zoë", "ólafsdóttir"]],
  ])("%j -> %j", (q, words) => {
    expect(searchWords(q)).toEqual(words);
  });
});
