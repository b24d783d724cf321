import { describe, expect, it } from "vitest";
import { readSig } from "./sig";

// [directions, count, amount, per day] (null: not read)
const rows: [string, { count?: number; amount?: string; perDay: number } | null][] = [
  ["Take 1 capsule by mouth every morning", { count: 1, perDay: 1 }],
  ["1 cap PO QAM", { count: 1, perDay: 1 }],
  ["Take one tablet by mouth twice daily", { count: 1, perDay: 2 }],
  ["take 2 tabs BID", { count: 2, perDay: 2 }],
  ["1-2 tablets every 8 hours as needed", { count: 2, perDay: 3 }],
  ["Take 1 tablet (10 mg) by mouth three times a day", { count: 1, amount: "10 mg", perDay: 3 }],
  ["Inject 140 mg subcutaneously every 2 weeks", { amount: "140 mg", perDay: 1 / 14 }],
  ["Inject 20 mcg subcutaneously once daily", { amount: "20 mcg", perDay: 1 }],
  ["Apply 1 patch daily, remove after 9 hours", { count: 1, perDay: 1 }],
  ["Take 1 capsule once daily in the morning", { count: 1, perDay: 1 }],
  ["1 tab q6h", { count: 1, perDay: 4 }],
  ["take 1 tablet every 4 hours", { count: 1, perDay: 6 }],
  ["Take 1 tablet weekly", { count: 1, perDay: 1 / 7 }],
  // two administrations, a titration, no frequency: not read
  ["Take 1 capsule in the morning and 1 capsule at bedtime", null],
  ["Take 1 tablet daily for 7 days then 1 tablet twice daily", null],
  ["Take 1 capsule daily, may increase to 2", null],
  ["Take as directed", null],
  ["Take 1 tablet or 2 tablets", null],
];

describe.each(rows)("directions %j", (text, expected) => {
  it("read", () => {
    const sig = readSig(text);
    if (!expected) return expect(sig).toBeNull();
    expect(sig).not.toBeNull();
    expect(sig?.count).toBe(expected.count);
    expect(sig?.amount ? `${sig.amount.value} ${sig.amount.unit}` : undefined).toBe(expected.amount);
    expect(sig?.perDay).toBeCloseTo(expected.perDay, 4);
  });
});
