import { describe, expect, it } from "vitest";
import { outcomeOf } from "./find-prior-treatments";

describe("outcomeOf", () => {
  it("reads a drug stopped because of a harm it did as intolerance", () => {
    expect(outcomeOf("Azathioprine was discontinued after 3 weeks due to pancreatitis")).toBe("intolerant");
    expect(outcomeOf("lamotrigine stopped because of a severe rash")).toBe("intolerant");
  });

  it("keeps the disease's own symptoms and stopping for lack of effect as they were", () => {
    expect(outcomeOf("mometasone for 6 weeks with persistent rash")).toBe("inadequate_response");
    expect(outcomeOf("discontinued due to lack of efficacy")).toBe("inadequate_response");
  });
});
