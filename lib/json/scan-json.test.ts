import { describe, expect, it } from "vitest";
import { findIllFormedString, illFormedReason, rawJsonDepthExceeds, replaceNul, scanJson, scanSearchParams } from "./scan-json";

const nested = (depth: number) => JSON.parse("[".repeat(depth) + "]".repeat(depth));

describe("scanJson", () => {
  it.each([
    ["a NUL in a top-level string", { case_id: "a\u0000b" }, "case_id", /NUL/],
    ["a NUL in a nested value", { ePA: { epa_payload: { note: "x\u0000" } } }, "ePA.epa_payload.note", /NUL/],
    ["a NUL in an array item", { data: [{ claim_id: "ok" }, { claim_id: "\u0000" }] }, "data[1].claim_id", /NUL/],
    ["a NUL in a key", { ePA: { epa_payload: { "k\u0000": 1 } } }, 'ePA.epa_payload["k\\\\0"]', /key with a NUL/],
    ["a key that is not an identifier", { "a b": "\u0000" }, '["a b"]', /NUL/],
    ["nesting past the limit", { a: nested(70) }, "a" + "[0]".repeat(63), /deeper than 64/],
  ])("%s is refused", (_name, value, path, message) => {
    const problem = scanJson(value);
    expect(problem?.path).toBe(path);
    expect(problem?.message).toMatch(message);
  });

  it.each([
    ["plain values", { case_id: "A-1", n: 3, ok: true, none: null, list: ["x", 1] }],
    ["nesting at the limit", nested(64)],
    ["1000 keys", Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]))],
  ])("%s pass", (_name, value) => {
    expect(scanJson(value)).toBeNull();
  });

  it("refuses an object with too many keys and a value with too many nodes", () => {
    expect(scanJson(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])))?.message).toMatch(/more than 1000 keys/);
    expect(scanJson(Array.from({ length: 50 }, () => Array.from({ length: 10 }, () => 1)), { maxDepth: 64, maxKeys: 1000, maxNodes: 100 })?.message).toMatch(/more than 100 values/);
  });

  it("scans a value nested 100,000 deep without overflowing its own stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(scanJson(deep)?.message).toMatch(/deeper than 64/);
  });
});

// Strings as JSON.parse gives them: "\ud800" in a request body is a lone surrogate, which jsonb refuses (a 500 before).
describe("ill-formed strings (lone UTF-16 surrogates)", () => {
  it.each([
    ["an emoji (a surrogate pair)", "smile \u{1F600}"],
    ["a CJK name and an Arabic name", "\u674E\u534E \u0645\u062D\u0645\u062F"],
    ["a pair at the very start and end", "\uD83D\uDE00x\uDBFF\uDFFF"],
    ["U+FFFD itself", "\uFFFD"],
  ])("%s is well-formed", (_name, text) => {
    expect(illFormedReason(text)).toBeNull();
    expect(scanJson({ value: text, [text]: 1 })).toBeNull();
  });

  it.each([
    ["a lone high surrogate", "\uD800", "a lone high surrogate U+D800 at character 1"],
    ["a lone low surrogate", "ab\uDC00", "a lone low surrogate U+DC00 at character 3"],
    ["a reversed pair", "\uDE00\uD83D", "a lone low surrogate U+DE00 at character 1"],
    ["a high surrogate at the end", "ok \uD83D", "a lone high surrogate U+D83D at character 4"],
    ["a high surrogate before a letter", "\uDBFFx", "a lone high surrogate U+DBFF at character 1"],
  ])("%s is refused, naming where", (_name, text, reason) => {
    expect(illFormedReason(text)).toBe(reason);
  });

  it.each([
    ["a top-level value", { case_id: "A\uD800" }, "case_id", /^must be well-formed Unicode text \(a lone high surrogate U\+D800 at character 2\)$/],
    ["a nested value", { ePA: { epa_payload: { patient: { first_name: "\uDC00" } } } }, "ePA.epa_payload.patient.first_name", /lone low surrogate U\+DC00/],
    ["an array item", { document_urls: ["ok", "x\uDE00\uD83D"] }, "document_urls[1]", /lone low surrogate U\+DE00/],
    ["a top-level key", { "k\uD800": 1 }, '["k\\ud800"]', /^is a key that must be well-formed Unicode text/],
    ["a nested key", { ePA: { epa_payload: { "\uDFFF": "v" } } }, 'ePA.epa_payload["\\udfff"]', /key that must be well-formed.*U\+DFFF/],
  ])("scanJson refuses %s with its path", (_name, value, path, message) => {
    const problem = scanJson(value);
    expect(problem?.path).toBe(path);
    expect(problem?.message).toMatch(message);
  });

  it("findIllFormedString walks a stored document without the request limits, NULs allowed", () => {
    const wide = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, "ok\u0000"]));
    expect(findIllFormedString(wide)).toBeNull();
    expect(findIllFormedString({ entry: [{ resource: { name: [{ text: "\u{1F600}" }] } }, { resource: { name: [{ text: "\uD800" }] } }] })).toEqual({
      path: "entry[1].resource.name[0].text",
      message: "must be well-formed Unicode text (a lone high surrogate U+D800 at character 1)",
    });
    expect(findIllFormedString({ "\uDC00": 1 })?.path).toBe('["\\udc00"]');
  });
});

describe("rawJsonDepthExceeds", () => {
  it.each([
    ['{"a":[[[]]]}', 3, true],
    ['{"a":[[]]}', 3, false],
    ['{"a":"[[[[[[["}', 2, false],
    ['{"a":"\\"[[[["}', 2, false],
  ])("%s at max %i -> %s", (text, max, expected) => {
    expect(rawJsonDepthExceeds(text, max)).toBe(expected);
  });
});

describe("scanSearchParams", () => {
  it("names the parameter whose value or name has a NUL", () => {
    expect(scanSearchParams(new URLSearchParams("status=open&q=a%00b"))).toEqual({ path: "q", message: "must not contain NUL characters" });
    expect(scanSearchParams(new URLSearchParams("a%00=1"))?.message).toMatch(/name with a NUL/);
    expect(scanSearchParams(new URLSearchParams("q=abc&sort=oldest"))).toBeNull();
  });
});

describe("replaceNul", () => {
  it("replaces NUL in keys and strings at any depth and leaves other values alone", () => {
    expect(replaceNul({ "a\u0000": ["x\u0000y", 1, null, { b: "\u0000" }], ok: true })).toEqual({ "a\uFFFD": ["x\uFFFDy", 1, null, { b: "\uFFFD" }], ok: true });
    expect(replaceNul("plain")).toBe("plain");
  });
});
