// A SMART client's public keys: which JWKs are accepted (RSA for RS384, P-384 EC for ES384, public parts only), and
// reading them for a token request, inline or from the client's JWKS URL through the SSRF-safe fetcher.
import { importJWK, type JSONWebKeySet, type JWK } from "jose";
import { InvalidInput } from "@/lib/errors/domain-errors";
import { parseAllowList } from "@/lib/net/address-policy";
import { DocumentFetchError, safeFetch } from "@/lib/net/safe-fetch";
import { ZJwks } from "@/lib/schemas/smart-client";
import { readStoredRecord } from "@/lib/stored-record";

/** The assertion algorithms SMART backend services asks servers to support. */
export const ASSERTION_ALGORITHMS = ["RS384", "ES384"] as const;

/** Members only a private or symmetric key has: a JWKS holding them gives a secret away and is refused. */
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];
const JWKS_MAX_BYTES = 64 * 1024;
const JWKS_TIMEOUT_MS = 5_000;

/** Why this JWK cannot check a client's assertions, or null when it can. Shapes only: importing is checkKeys'. */
export function keyShapeProblem(key: Record<string, unknown>): string | null {
  const secret = PRIVATE_MEMBERS.filter((member) => member in key);
  if (secret.length) return `holds private key material (${secret.join(", ")}): register the public key only`;
  if (key.use !== undefined && key.use !== "sig") return `use is ${JSON.stringify(key.use)}; assertion keys are for signatures ("sig")`;
  if (key.kty === "RSA") {
    if (key.alg !== undefined && key.alg !== "RS384") return `alg ${String(key.alg)} is not accepted for an RSA key (RS384)`;
    if (typeof key.n !== "string" || typeof key.e !== "string") return "an RSA key needs n and e";
    return null;
  }
  if (key.kty === "EC") {
    if (key.crv !== "P-384") return `curve ${String(key.crv)} is not accepted (ES384 uses P-384)`;
    if (key.alg !== undefined && key.alg !== "ES384") return `alg ${String(key.alg)} is not accepted for a P-384 key (ES384)`;
    if (typeof key.x !== "string" || typeof key.y !== "string") return "an EC key needs x and y";
    return null;
  }
  return `kty ${JSON.stringify(key.kty)} is not accepted (RSA for RS384, EC P-384 for ES384)`;
}

/** The JWKS if every key is a usable public key; InvalidInput naming the first that is not (`field`.keys[i]). */
export async function checkKeys(jwks: JSONWebKeySet, field = "jwks"): Promise<JSONWebKeySet> {
  for (const [index, key] of jwks.keys.entries()) {
    const problem = keyShapeProblem(key as Record<string, unknown>);
    if (problem) throw new InvalidInput(`${field}.keys[${index}]: ${problem}`);
    try {
      await importJWK(key as JWK, key.kty === "RSA" ? "RS384" : "ES384");
    } catch (error) {
      throw new InvalidInput(`${field}.keys[${index}]: not a valid key (${(error as Error).message})`);
    }
  }
  return jwks;
}

/** Why a client's keys could not be read at token time: the token request fails with invalid_client. */
export class ClientKeysUnavailable extends Error {}

/** The client's keys: inline, or fetched from its URL (each time: a rotated key set is seen at once). */
export async function readClientKeys(client: { jwks: unknown; jwksUrl: string | null }): Promise<JSONWebKeySet> {
  if (!client.jwksUrl) return readStoredRecord(ZJwks, client.jwks, { record: "the keys of the SMART client", remedy: "register the client again" });
  let body: unknown;
  try {
    const response = await safeFetch(client.jwksUrl, {
      maxBytes: JWKS_MAX_BYTES,
      timeoutMs: JWKS_TIMEOUT_MS,
      accept: "application/json, application/jwk-set+json",
      allowList: parseAllowList(process.env.PA_FETCH_ALLOW_HOSTS),
    });
    body = JSON.parse(new TextDecoder().decode(response.bytes));
  } catch (error) {
    if (error instanceof DocumentFetchError) throw new ClientKeysUnavailable(`the client's JWKS could not be read: ${error.message.replaceAll("document", "JWKS")}`);
    if (error instanceof SyntaxError) throw new ClientKeysUnavailable("the client's JWKS URL did not answer with JSON");
    throw error;
  }
  const parsed = ZJwks.safeParse(body);
  if (!parsed.success) throw new ClientKeysUnavailable("the client's JWKS URL did not answer with a JWKS ({\"keys\": [...]})");
  try {
    return await checkKeys(parsed.data);
  } catch (error) {
    if (error instanceof InvalidInput) throw new ClientKeysUnavailable(`the client's JWKS is not usable: ${error.message}`);
    throw error;
  }
}
