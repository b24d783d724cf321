import { describe, expect, it } from "vitest";
import { policyWords, withoutCutParenthesis } from "./policy-words";

describe("policyWords: the policy line of a notice", () => {
  it.each([
    // The corpus case 101-nuedexta_b: the reader's title and section are the same cut words.
    [{ title: "Nuedexta® (dextromethorphan", section: "Nuedexta® (dextromethorphan" }, "Nuedexta®"],
    // The Repatha notice: "approved under PCSK9 INHIBITORS, PCSK9 INHIBITORS".
    [{ title: "PCSK9 INHIBITORS", section: "PCSK9 INHIBITORS" }, "PCSK9 INHIBITORS"],
    [{ title: "PCSK9 Inhibitors", section: "pcsk9 inhibitors" }, "PCSK9 Inhibitors"],
    [{ title: "Epidiolex (cannabidiol oral solution)", section: null }, "Epidiolex (cannabidiol oral solution)"],
    [{ title: "Epidiolex (cannabidiol oral solution)", section: "Lennox-Gastaut Syndrome" }, "Epidiolex (cannabidiol oral solution), Lennox-Gastaut Syndrome"],
    // A section that already holds the title is printed alone, once.
    [{ title: "Repatha", section: "Repatha (evolocumab) – initial approval" }, "Repatha (evolocumab) – initial approval"],
    [{ title: "Humira (adalimumab) Policy", section: "Humira" }, "Humira (adalimumab) Policy"],
  ])("%j reads %s", (policy, want) => {
    expect(policyWords(policy)).toBe(want);
  });

  it.each([
    ["Nuedexta® (dextromethorphan", "Nuedexta®"],
    ["Emflaza (deflazacort)", "Emflaza (deflazacort)"],
    ["Stimulants – (methylphenidate", "Stimulants"],
    ["(cut at the start", "(cut at the start"],
    ["Korlym (mifepristone) (tablets", "Korlym (mifepristone)"],
  ])("withoutCutParenthesis(%s) = %s", (text, want) => {
    expect(withoutCutParenthesis(text)).toBe(want);
  });
});
