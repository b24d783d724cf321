import { describe, expect, it } from "vitest";
import { classifyProcedureCode, findProcedureCodes } from "./procedure-codes";

describe("procedure codes", () => {
  it("classifies CPT and HCPCS Level II codes", () => {
    expect(classifyProcedureCode("70553")).toBe("CPT");
    expect(classifyProcedureCode("0042T")).toBe("CPT");
    expect(classifyProcedureCode("J1745")).toBe("HCPCS");
    expect(classifyProcedureCode("Z1234")).toBeNull();
    expect(classifyProcedureCode("1234")).toBeNull();
  });

  it("finds codes after a keyword only (ZIP codes and counts are five digits too)", () => {
    const text = "Boston, MA 02108\nCPT: 70553, 95816; HCPCS J1745\nWBC 10000 cells";
    expect(findProcedureCodes(text).map((m) => `${m.system}:${m.code}`)).toEqual(["CPT:70553", "CPT:95816", "HCPCS:J1745"]);
  });
});
