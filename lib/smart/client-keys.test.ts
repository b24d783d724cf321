import { describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair } from "jose";
import { parseAllowList } from "@/lib/net/address-policy";
import { validateOutboundUrl } from "@/lib/net/validate-outbound-url";
import { checkKeys, keyShapeProblem, readClientKeys } from "./client-keys";

// No connection and no real DNS: IP literals are judged as they are, names through a fake resolver.
const fakeDns = (map: Record<string, string>) => async (host: string) => (map[host] ? [{ address: map[host], family: map[host].includes(":") ? 6 : 4 }] : []);
const jwksUrl = (url: string, opts: Parameters<typeof validateOutboundUrl>[1] extends infer O ? Partial<O> : never = {}) =>
  validateOutboundUrl(url, { field: "jwks_url", noun: "The JWKS", allowList: parseAllowList(""), ...opts });

describe("keyShapeProblem", () => {
  it.each([
    [{ kty: "RSA", n: "x", e: "AQAB" }, null],
    [{ kty: "RSA", n: "x", e: "AQAB", alg: "RS384", use: "sig" }, null],
    [{ kty: "EC", crv: "P-384", x: "x", y: "y" }, null],
    [{ kty: "RSA", n: "x", e: "AQAB", d: "secret" }, "holds private key material (d)"],
    [{ kty: "oct", k: "secret" }, "holds private key material (k)"],
    [{ kty: "EC", crv: "P-256", x: "x", y: "y" }, "curve P-256 is not accepted"],
    [{ kty: "RSA", n: "x", e: "AQAB", alg: "RS256" }, "alg RS256 is not accepted"],
    [{ kty: "EC", crv: "P-384", x: "x", y: "y", use: "enc" }, 'use is "enc"'],
    [{ kty: "OKP", crv: "Ed25519", x: "x" }, 'kty "OKP" is not accepted'],
    [{ kty: "RSA", e: "AQAB" }, "an RSA key needs n and e"],
  ])("%j: %s", (key, problem) => {
    const found = keyShapeProblem(key);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe("checkKeys", () => {
  it("accepts generated RS384 and ES384 public keys and refuses a key that does not import", async () => {
    const rsa = await exportJWK((await generateKeyPair("RS384")).publicKey);
    const ec = await exportJWK((await generateKeyPair("ES384")).publicKey);
    await expect(checkKeys({ keys: [rsa, ec] })).resolves.toEqual({ keys: [rsa, ec] });
    await expect(checkKeys({ keys: [rsa, { ...ec, x: "AAAA" }] })).rejects.toThrow(/^jwks\.keys\[1\]: not a valid key/);
  });

  it("reads inline keys without a fetch", async () => {
    const ec = await exportJWK((await generateKeyPair("ES384")).publicKey);
    await expect(readClientKeys({ jwks: { keys: [ec] }, jwksUrl: null })).resolves.toEqual({ keys: [ec] });
  });
});

describe("JWKS URLs follow the outbound-URL rules: nothing internal unless allow-listed", () => {
  it.each([
    ["http://10.0.0.7/jwks.json", "jwks_url: points to 10.0.0.7"],
    ["http://169.254.169.254/latest/meta-data", "jwks_url: points to 169.254.169.254"],
    ["http://127.0.0.1:8080/jwks.json", "jwks_url: points to 127.0.0.1"],
    ["http://[::1]/jwks.json", "jwks_url: points to ::1"],
    ["file:///etc/passwd", "jwks_url: the file: scheme is not allowed"],
    ["https://user:pw@keys.example.com/jwks", "jwks_url: must not contain a user name or password"],
    ["not a url", "jwks_url: must be an absolute http(s) URL"],
  ])("%s is refused", async (url, message) => {
    await expect(jwksUrl(url)).rejects.toThrow(message);
  });

  it("refuses a name that resolves to an internal address, in the JWKS's words", async () => {
    await expect(jwksUrl("https://keys.internal/jwks.json", { resolve: fakeDns({ "keys.internal": "10.1.2.3" }) })).rejects.toThrow(
      "jwks_url: The JWKS URL resolves to 10.1.2.3",
    );
  });

  it("accepts a public host, and loopback only when allow-listed (as the tests' server is)", async () => {
    await expect(jwksUrl("https://keys.example.com/jwks.json#k", { resolve: fakeDns({ "keys.example.com": "93.184.216.34" }) })).resolves.toBe("https://keys.example.com/jwks.json");
    await expect(jwksUrl("http://127.0.0.1:8080/jwks.json", { allowList: parseAllowList("127.0.0.1") })).resolves.toBe("http://127.0.0.1:8080/jwks.json");
  });
});
