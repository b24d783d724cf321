import { describe, expect, it } from "vitest";
import { grantedScope, scopePermits } from "./smart-scopes";

const EVERYTHING: string[] = [];

describe("grantedScope: what a token request asks, as far as the client is allowed it and /fhir offers it", () => {
  it.each([
    // [asked, allowed, granted]
    [null, EVERYTHING, "system/*.*"],
    [null, ["system/Claim.write", "system/ClaimResponse.read"], "system/Claim.write system/ClaimResponse.read"],
    ["system/Claim.c  system/Patient.r system/Subscription.c", EVERYTHING, "system/Claim.c system/Subscription.c"],
    ["system/Claim.write", ["system/Claim.write"], "system/Claim.write"],
    ["system/Claim.c system/Subscription.c", ["system/Claim.write"], "system/Claim.c"],
    // Asked more than allowed: the allowed part, in v2 form.
    ["system/*.*", ["system/Claim.c", "system/ClaimResponse.read"], "system/Claim.c system/ClaimResponse.r"],
    ["system/Subscription.write", ["system/Subscription.cu"], "system/Subscription.c system/Subscription.u"],
    ["system/ClaimResponse.read", ["system/*.read"], "system/ClaimResponse.read"],
    ["system/Claim.cr", ["system/*.*"], "system/Claim.cr"],
  ] as [string | null, string[], string][])("asked %j, allowed %j: %s", (asked, allowed, granted) => {
    expect(grantedScope(asked, allowed)).toBe(granted);
  });

  it.each([
    ["system/Patient.r", EVERYTHING],
    ["system/Subscription.c", ["system/Claim.write", "system/ClaimResponse.read"]],
    ["user/Claim.write launch", EVERYTHING],
    ["system/Claim.", EVERYTHING],
  ] as [string, string[]][])("asked %j, allowed %j: invalid_scope", (asked, allowed) => {
    expect(() => grantedScope(asked, allowed)).toThrow(expect.objectContaining({ code: "invalid_scope" }));
  });
});

describe("scopePermits: a token's scope and what a route needs", () => {
  it.each([
    ["system/Claim.c", "Claim", "c", true],
    ["system/Claim.c", "Claim", "r", false],
    ["system/Claim.write", "Claim", "c", true],
    ["system/Claim.write", "ClaimResponse", "r", false],
    ["system/*.read", "ClaimResponse", "r", true],
    ["system/*.read", "Subscription", "d", false],
    ["system/*.*", "Subscription", "d", true],
    ["system/Subscription.cud system/ClaimResponse.r", "Subscription", "u", true],
    ["", "Claim", "c", false],
  ] as const)("%j permits %s.%s: %s", (granted, resource, permission, permits) => {
    expect(scopePermits(granted, { resource, permission })).toBe(permits);
  });
});
