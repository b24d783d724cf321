import { describe, expect, it } from "vitest";
import type { Binary } from "@medplum/fhirtypes";
import { BASE64_MAX_BYTES, setAsideLongBase64 } from "./long-base64";
import { validateFhirResource } from "./validate-fhir";

const base64Of = (bytes: number) => Buffer.alloc(bytes, 0x61).toString("base64");

describe("setAsideLongBase64", () => {
  it.each([
    ["1 MB exactly", base64Of(BASE64_MAX_BYTES), []],
    ["one byte over 1 MB", base64Of(BASE64_MAX_BYTES + 1), [`base64Binary exceeds ${BASE64_MAX_BYTES} bytes`]],
    ["3 MB", base64Of(3 * BASE64_MAX_BYTES), [`base64Binary exceeds ${BASE64_MAX_BYTES} bytes`]],
    ["wrapped at 76 characters", base64Of(100_000).replace(/.{76}/g, "$&\r\n"), []],
    ["a character outside base64", `${base64Of(30_000)}*AAA`, ["Invalid base64Binary format"]],
    ["padding inside", `AA==${base64Of(30_000)}`, ["Invalid base64Binary format"]],
    ["a length that is not whole quads", `${base64Of(30_000)}A`, ["Invalid base64Binary format"]],
  ])("%s", (_label, data, messages) => {
    const binary: Binary = { resourceType: "Binary", contentType: "text/plain", data };
    const { resource, problems } = setAsideLongBase64(binary, "Binary");
    expect(problems.map((problem) => problem.message)).toEqual(messages);
    expect(problems.every((problem) => problem.expression === "Binary.data")).toBe(true);
    expect(resource.data).toBe("AAAA");
    expect(binary.data).toBe(data); // the caller's resource is never changed
  });

  it("leaves short content, other strings and SampledData alone, returning the same object", () => {
    const observation = { resourceType: "Observation", valueSampledData: { origin: { value: 0 }, period: 1, dimensions: 1, data: "1 2 3 ".repeat(10_000) }, note: [{ text: "x".repeat(50_000) }] };
    expect(setAsideLongBase64(observation, "Observation")).toEqual({ resource: observation, problems: [] });
    const binary = { resourceType: "Binary", data: base64Of(1000) };
    expect(setAsideLongBase64(binary, "Binary").resource).toBe(binary);
  });

  it("names the content by its FHIRPath inside a Bundle and copies only the path to it", () => {
    const other = { resourceType: "Patient", id: "p" };
    const bundle = { resourceType: "Bundle", entry: [{ resource: other }, { resource: { resourceType: "DocumentReference", content: [{ attachment: { data: base64Of(2 * BASE64_MAX_BYTES) } }] } }] };
    const { resource, problems } = setAsideLongBase64(bundle, "Bundle");
    expect(problems).toEqual([{ expression: "Bundle.entry[1].resource.content[0].attachment.data", message: `base64Binary exceeds ${BASE64_MAX_BYTES} bytes` }]);
    expect(resource.entry[0].resource).toBe(other);
  });
});

describe("validateFhirResource on megabytes of content", () => {
  // Medplum's own base64 expression overflowed the stack in the long-running server (a 500 in the full e2e run only):
  // long content never reaches it, and the answer is the same however often it is asked.
  it("answers the same problem every time, never a RangeError", async () => {
    const binary: Binary = { resourceType: "Binary", contentType: "text/plain", data: base64Of(3 * BASE64_MAX_BYTES) };
    for (let i = 0; i < 40; i++) expect(await validateFhirResource(binary)).toEqual([`Binary.data: base64Binary exceeds ${BASE64_MAX_BYTES} bytes`]);
  }, 60_000);
});
