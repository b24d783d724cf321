import { describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from "jose";
import { claimedClientId, verifyClientAssertion } from "./client-assertion";

const CLIENT = "3b0b3f1e-8c36-4c55-9d0a-6e1f2a3b4c5d";
const TOKEN_URL = "https://pa.example.com/oauth/token";
const NOW = new Date("2026-11-27T12:00:00Z");
const nowS = NOW.getTime() / 1000;

async function keyPair(alg: "RS384" | "ES384", kid: string) {
  const { publicKey, privateKey } = await generateKeyPair(alg);
  return { alg, kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid } as JWK };
}

const sign = (key: { alg: string; kid: string; privateKey: KeyLike }, claims: Record<string, unknown> = {}) =>
  new SignJWT({ iss: CLIENT, sub: CLIENT, aud: TOKEN_URL, exp: nowS + 240, jti: "jti-1", ...claims }).setProtectedHeader({ alg: key.alg, kid: key.kid }).sign(key.privateKey);

describe("verifyClientAssertion", () => {
  it("accepts RS384 and ES384 assertions of a registered key and returns the jti and expiry", async () => {
    for (const alg of ["RS384", "ES384"] as const) {
      const key = await keyPair(alg, `k-${alg}`);
      await expect(verifyClientAssertion(await sign(key), { clientId: CLIENT, keys: { keys: [key.jwk] }, tokenUrl: TOKEN_URL, now: NOW })).resolves.toEqual({
        jti: "jti-1",
        expiresAt: new Date((nowS + 240) * 1000),
      });
    }
  });

  it.each([
    ["expired", { exp: nowS - 1 }, /expired/],
    ["more than 5 minutes ahead", { exp: nowS + 301 }, /exp is 301 s ahead; at most 300/],
    ["for another audience", { aud: "https://elsewhere.example.com/token" }, /aud must be the token endpoint's URL, https:\/\/pa\.example\.com\/oauth\/token/],
    ["from another issuer", { iss: "someone" }, /iss must be the client_id/],
    ["about another subject", { sub: "someone" }, /sub must be the client_id/],
    ["without a jti", { jti: undefined }, /has no jti/],
    ["without an exp", { exp: undefined }, /has no exp/],
  ])("refuses an assertion %s as invalid_client", async (_what, claims, message) => {
    const key = await keyPair("ES384", "k1");
    const verifying = verifyClientAssertion(await sign(key, claims), { clientId: CLIENT, keys: { keys: [key.jwk] }, tokenUrl: TOKEN_URL, now: NOW });
    await expect(verifying).rejects.toMatchObject({ code: "invalid_client", message });
  });

  it("refuses a signature of another key, and an algorithm other than RS384/ES384", async () => {
    const registered = await keyPair("RS384", "k1");
    const other = await keyPair("RS384", "k1");
    await expect(verifyClientAssertion(await sign(other), { clientId: CLIENT, keys: { keys: [registered.jwk] }, tokenUrl: TOKEN_URL, now: NOW })).rejects.toMatchObject({
      code: "invalid_client",
      message: /signature does not match/,
    });
    const rs256 = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(rs256.publicKey)), kid: "k2" };
    const assertion = await sign({ alg: "RS256", kid: "k2", privateKey: rs256.privateKey });
    await expect(verifyClientAssertion(assertion, { clientId: CLIENT, keys: { keys: [jwk] }, tokenUrl: TOKEN_URL, now: NOW })).rejects.toMatchObject({ code: "invalid_client" });
  });

  it("finds the claimed client in an unverified assertion, and refuses what is no JWT", async () => {
    const key = await keyPair("ES384", "k1");
    expect(claimedClientId(await sign(key))).toBe(CLIENT);
    expect(() => claimedClientId("not.a.jwt")).toThrow(/not a JWT/);
  });
});
