import { describe, expect, it } from "vitest";
import { lossInParsing, UnreadableRecord } from "@/lib/stored-record";
import { parsePolicy } from "./parse-policy";
import { readParsedPolicy, ZStoredParsedPolicy } from "./parsed-policy-schema";
import { policyFromPayload } from "./policy-payload";
import { stampReaderVersion } from "./reader-version";

const TEXT = [
  "Drug Policy: Dupixent (dupilumab) Prior Authorization",
  "Effective Date: 03/01/2025",
  "Coverage Criteria",
  "I. Atopic Dermatitis",
  "   A. Initial Approval",
  "      Dupixent may be approved when ALL of the following criteria are met:",
  "         1. Patient is 6 months of age or older; AND",
  "         2. Diagnosis of moderate-to-severe atopic dermatitis; AND",
  "         3. Prescribed by or in consultation with a dermatologist; AND",
  "         4. Inadequate response to at least 2 topical corticosteroids for at least 28 days",
  "      Approval duration: 6 months",
  "Dosing: 300 mg every 2 weeks; maximum 2 pens per 28 days",
].join("\n");

const read = stampReaderVersion(parsePolicy([{ page: 1, text: TEXT }]), "policy-0123456789ab");
const published = policyFromPayload(JSON.stringify({
  title: "Cannabidiol", drug_names: ["Epidiolex"],
  sections: [{ title: "Lennox-Gastaut syndrome", kind: "initial", criteria: { all: ["Age 2 years or older", { text: "Prescribed by a neurologist", check: { kind: "prescriber_specialty", specialties: ["neurology"] } }] } }],
}));
const stored = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("a stored parsed policy", () => {
  it("a policy as the reader and a criteria document write it today reads back whole, the reader's stamp kept", () => {
    expect(read.sections.length).toBeGreaterThan(0);
    expect(lossInParsing(ZStoredParsedPolicy, read)).toEqual([]);
    expect(lossInParsing(ZStoredParsedPolicy, published)).toEqual([]);
    expect(readParsedPolicy(stored(read), "policy 1")).toMatchObject({ readerVersion: "policy-0123456789ab" });
  });

  it("a policy stored before limits, warnings, rules and title quotes existed reads as it is", () => {
    const older = stored(published);
    delete older.limits;
    delete older.warnings;
    expect(readParsedPolicy(older, "policy 1").sections[0].title).toBe("Lennox-Gastaut syndrome");
  });

  it("a check of a shape the engine no longer reads (the first reader's limit `per`) is reported, not ignored", () => {
    const older = stored(published);
    older.sections[0].criteria.children[1].check = { kind: "quantity_limit", value: 2, unit: "pens", per: "month" };
    expect(() => readParsedPolicy(older, "the parsed policy of version 2 of policy P")).toThrow(UnreadableRecord);
    expect(() => readParsedPolicy(older, "the parsed policy of version 2 of policy P")).toThrow(
      /^The parsed policy of version 2 of policy P cannot be read: it was written by an older engine \(sections\[0\]\.criteria\.children\[1\]\.check: Unrecognized key: "per"\); re-read the policy/,
    );
  });

  it("a stored check is read by its shape, not by an edit's limits (a quoted sentence longer than an admin may type)", () => {
    const long = stored(published);
    long.sections[0].criteria.children[1].check = { kind: "documentation", what: "x".repeat(2500) };
    expect(() => readParsedPolicy(long, "policy 1")).not.toThrow();
  });
});
