import { describe, expect, it } from "vitest";
import { pickNextCase } from "./pick-next-case";

const c = (id: string, status = "pending_review") => ({ id, status });

describe.each([
  { name: "the first case needing review that is not this one", current: "a", review: [c("a"), c("b"), c("c")], open: [c("z", "request_for_information")], next: "b" },
  { name: "this case is skipped wherever it sits", current: "b", review: [c("b")], open: [c("b", "Succeeded"), c("x", "request_for_information")], next: "x" },
  { name: "needs review comes before other open work, whatever the open list says", current: "a", review: [c("r")], open: [c("o", "request_for_information")], next: "r" },
  { name: "cases still being read are not offered", current: "a", review: [], open: [c("p", "Processing"), c("w", "request_for_information")], next: "w" },
  { name: "cases the engine could not check come after other open work", current: "a", review: [], open: [c("u", "Succeeded"), c("w", "request_for_information")], next: "w" },
  { name: "cases the engine could not check when nothing else is open", current: "a", review: [], open: [c("p", "Processing"), c("u", "Succeeded")], next: "u" },
  { name: "nothing left", current: "a", review: [c("a")], open: [c("a", "Succeeded"), c("p", "Processing")], next: null },
])("pickNextCase: $name", ({ current, review, open, next }) => {
  it(`answers ${next}`, () => {
    expect(pickNextCase(current, review, open)?.id ?? null).toBe(next);
  });
});
