import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secret-box";

describe("webhook secret encryption (AES-256-GCM, key from AUTH_SECRET)", () => {
  const auth = "test-auth-secret-0123456789";

  it("round-trips and never stores the plain text", () => {
    const boxed = encryptSecret("whsec_abc", auth);
    expect(boxed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(boxed).not.toContain("whsec_abc");
    expect(decryptSecret(boxed, auth)).toBe("whsec_abc");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same", auth)).not.toBe(encryptSecret("same", auth));
  });

  it("refuses another AUTH_SECRET and any tampering", () => {
    const boxed = encryptSecret("whsec_abc", auth);
    expect(() => decryptSecret(boxed, "another-secret")).toThrow();
    const [v, iv, tag, ct] = boxed.split(".");
    const flipped = Buffer.from(ct, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64url")].join("."), auth)).toThrow();
    expect(() => decryptSecret("v0.x.y.z", auth)).toThrow(/format/);
  });
});
