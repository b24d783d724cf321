import { describe, expect, it } from "vitest";
import { API_KEY_MAX_LENGTH, apiKeyShapeProblem, generateApiKey } from "./api-keys";

describe("apiKeyShapeProblem", () => {
  it("accepts every key the service issues, and unknown values of the same shape (looked up, then 401 as unknown)", () => {
    for (let i = 0; i < 50; i++) expect(apiKeyShapeProblem(generateApiKey().key)).toBeNull();
    expect(apiKeyShapeProblem("pa_not-a-key-at-all")).toBeNull();
  });

  it.each([
    ["a wrong prefix", "sk_" + "a".repeat(43), /keys start with pa_/],
    ["a Bearer value", "Bearer pa_abc", /keys start with pa_/],
    ["characters base64url has not", "pa_abc$def", /characters no key has/],
    ["two keys in one header", "pa_abc, pa_def", /characters no key has/],
    ["Latin-1 bytes", "pa_caf\u00e9", /characters no key has/],
    ["the prefix alone", "pa_", /characters no key has/],
    ["too long", "pa_" + "a".repeat(API_KEY_MAX_LENGTH), new RegExp(`${API_KEY_MAX_LENGTH + 3} characters long; keys have at most ${API_KEY_MAX_LENGTH}`)],
  ])("refuses %s", (_name, value, message) => {
    expect(apiKeyShapeProblem(value)).toMatch(message);
  });
});
