import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { generateWebhookSecret, signWebhook, webhookHeaders } from "./sign-webhook";
import { retryDelayMs } from "./retry-schedule";

describe("webhook signatures (Standard Webhooks)", () => {
  it("verifies with the standardwebhooks library", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ id: "3f1c0a9e-2d1b-4c55-9a43-6f7c3f2e1d00", type: "prior_auth.succeeded", created_at: new Date().toISOString(), data: { a: 1 } });
    const headers = webhookHeaders({ id: "msg_1", timestamp: Math.floor(Date.now() / 1000), body, secret });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("matches a known HMAC-SHA256 vector of id.timestamp.body", () => {
    // The example of the Standard Webhooks specification.
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(signWebhook({ id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1614265330, body, secret })).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("fails verification when the body was altered or the secret differs", () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ id: "msg_2", timestamp: Math.floor(Date.now() / 1000), body: '{"a":1}', secret });
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify('{"a":1}', headers)).toThrow();
  });

  it("generates distinct whsec_ secrets of 32 bytes", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(generateWebhookSecret());
  });
});

describe("retry schedule", () => {
  it("grows 4x per attempt from the base, with at most 10% spread, capped at 6 hours", () => {
    expect(retryDelayMs(1, () => 0, 5)).toBe(5_000);
    expect(retryDelayMs(2, () => 0, 5)).toBe(20_000);
    expect(retryDelayMs(3, () => 0.999, 5)).toBeLessThanOrEqual(80_000 * 1.1);
    expect(retryDelayMs(20, () => 0, 5)).toBe(6 * 3600_000);
  });
});
