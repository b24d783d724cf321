import { describe, expect, it } from "vitest";
import { computeEngineVersions } from "@/lib/compute-engine-versions";
import { currentReaderVersion, readerStatus, stampReaderVersion } from "./reader-version";

describe("reader versions of stored policies", () => {
  it("is the policy engine's content hash", () => {
    expect(currentReaderVersion()).toBe(computeEngineVersions(process.cwd()).policy);
    expect(currentReaderVersion()).toMatch(/^policy-[0-9a-f]{12}$/);
  });

  it("stamps a parsed policy and finds it current", () => {
    const stored = stampReaderVersion({ title: "Januvia" }, "policy-aaaaaaaaaaaa");
    expect(stored).toEqual({ title: "Januvia", readerVersion: "policy-aaaaaaaaaaaa" });
    expect(readerStatus(stored, "policy-aaaaaaaaaaaa")).toEqual({ reader_version: "policy-aaaaaaaaaaaa", current_reader_version: "policy-aaaaaaaaaaaa", reread_recommended: false, message: null });
  });

  it.each([
    ["another reader's stamp", { readerVersion: "policy-aaaaaaaaaaaa" }, "policy-aaaaaaaaaaaa"],
    ["no stamp (stored before versions)", { title: "x" }, null],
    ["no parsed policy", null, null],
  ])("flags %s for a re-read", (_, parsed, version) => {
    const status = readerStatus(parsed, "policy-bbbbbbbbbbbb");
    expect(status.reread_recommended).toBe(true);
    expect(status.reader_version).toBe(version);
    expect(status.message).toMatch(/^read by an older reader.*re-read/);
  });
});
