import { describe, expect, it } from "vitest";
import { InvalidInput } from "@/lib/errors/domain-errors";
import { ZCreateApiKeyRequest } from "@/lib/schemas/api-key";
import { expiryOf, isKeyExpired } from "./key-expiry";
import { API_KEY_MAX_DAYS } from "./key-limits";

const now = new Date("2026-11-27T12:00:00.000Z");
const DAY = 86_400_000;

describe("expiryOf", () => {
  it.each([
    ["no expiry", {}, null],
    ["in 30 days", { expires_in_days: 30 }, "2026-12-27T12:00:00.000Z"],
    ["in the longest allowed number of days", { expires_in_days: API_KEY_MAX_DAYS }, new Date(now.getTime() + API_KEY_MAX_DAYS * DAY).toISOString()],
    ["an instant a second ahead", { expires_at: "2026-11-27T12:00:01Z" }, "2026-11-27T12:00:01.000Z"],
    ["an instant with an offset", { expires_at: "2027-01-31T09:00:00+01:00" }, "2027-01-31T08:00:00.000Z"],
    ["an instant exactly at the limit", { expires_at: new Date(now.getTime() + API_KEY_MAX_DAYS * DAY).toISOString() }, new Date(now.getTime() + API_KEY_MAX_DAYS * DAY).toISOString()],
  ])("%s", (_name, input, expected) => {
    expect(expiryOf(input, now)?.toISOString() ?? null).toBe(expected);
  });

  it.each([
    ["now itself", { expires_at: "2026-11-27T12:00:00Z" }, /expires_at: must be in the future/],
    ["an instant in the past", { expires_at: "2025-01-01T00:00:00Z" }, /expires_at: must be in the future/],
    ["an instant past the limit", { expires_at: new Date(now.getTime() + API_KEY_MAX_DAYS * DAY + 1000).toISOString() }, new RegExp(`at most ${API_KEY_MAX_DAYS} days`)],
  ])("refuses %s as invalid input naming the field", (_name, input, message) => {
    let thrown: unknown;
    try {
      expiryOf(input, now);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidInput);
    expect((thrown as InvalidInput).message).toMatch(message);
  });
});

describe("isKeyExpired", () => {
  it.each([
    ["no expiry", null, false],
    ["expiring a millisecond later", new Date(now.getTime() + 1), false],
    ["expiring at this very instant", now, true],
    ["expired yesterday", new Date(now.getTime() - DAY), true],
  ])("%s -> %s", (_name, expiresAt, expected) => {
    expect(isKeyExpired(expiresAt, now)).toBe(expected);
  });
});

describe("ZCreateApiKeyRequest: the shapes of an expiry", () => {
  it.each([
    [{ name: "k" }, true],
    [{ name: "k", expires_in_days: 1 }, true],
    [{ name: "k", expires_at: "2027-01-01T00:00:00Z" }, true],
    [{ name: "k", expires_in_days: 0 }, false],
    [{ name: "k", expires_in_days: 1.5 }, false],
    [{ name: "k", expires_in_days: API_KEY_MAX_DAYS + 1 }, false],
    [{ name: "k", expires_in_days: "30" }, false],
    [{ name: "k", expires_at: "2027-01-01" }, false],
    [{ name: "k", expires_at: "2027-01-01T00:00:00" }, false],
    [{ name: "k", expires_at: "2027-01-01T00:00:00Z", expires_in_days: 3 }, false],
  ])("%j valid: %s", (body, valid) => {
    expect(ZCreateApiKeyRequest.safeParse(body).success).toBe(valid);
  });
});
