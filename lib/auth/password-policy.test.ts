import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  describe.each([
    ["password", /at least 12/],
    ["short-pw-1", /at least 12/],
    ["password1234", /too common/],
    ["Password1234", /too common/],
    ["PASSWORD1234!!", /too common/],
    ["passwordpassword", /too common/],
    ["qwertyuiop12", /too common/],
    ["aaaaaaaaaaaaaaa", /too few different/],
    ["abababababababab", /too few different/],
    ["x".repeat(201), /at most 200/],
  ])("%s", (password, problem) => {
    it("is refused", () => expect(passwordProblem(password)).toMatch(problem));
  });

  it.each(["pw-3f1c2a9e-1b2c-4d5e-8f90-123456789abc", "correct-horse-staple-42", "Tj8_kq2LmZ0x"])("%s is accepted", (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});
