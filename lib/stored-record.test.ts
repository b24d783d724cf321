import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lossInParsing, readStoredRecord, UnreadableRecord, type RecordMigration } from "./stored-record";

const ZRecord = z.object({ name: z.string(), tags: z.array(z.string()) });
const tagsAdded: RecordMigration = {
  name: "record before tags",
  applies: (stored) => typeof stored === "object" && stored !== null && !("tags" in stored),
  migrate: (stored) => Object.assign({}, stored, { tags: [] }),
};
const about = { record: "record 7", remedy: "make it again", migrations: [tagsAdded] };

describe("readStoredRecord", () => {
  it("reads a current record as it is, and migrates a known older shape", () => {
    expect(readStoredRecord(ZRecord, { name: "a", tags: ["x"] }, about)).toEqual({ name: "a", tags: ["x"] });
    expect(readStoredRecord(ZRecord, { name: "a" }, about)).toEqual({ name: "a", tags: [] });
  });

  it("reports a record it cannot read, naming the record, the field and what to do", () => {
    const read = () => readStoredRecord(ZRecord, { name: 3, tags: [] }, about);
    expect(read).toThrow(UnreadableRecord);
    expect(read).toThrow("Record 7 cannot be read: it was written by an older engine (name: Invalid input: expected string, received number); make it again.");
  });
});

describe("lossInParsing", () => {
  it("is empty for a record the schema reads whole, and names a key it would drop or a value it refuses", () => {
    expect(lossInParsing(ZRecord, { name: "a", tags: [] })).toEqual([]);
    expect(lossInParsing(ZRecord, { name: "a", tags: [], extra: { deep: 1 } })).toEqual(['extra: {"deep":1} stored, undefined read']);
    expect(lossInParsing(ZRecord, { name: "a" })).toEqual(["does not parse: tags: Invalid input: expected array, received undefined"]);
  });
});
