// The private_key_jwt assertion of a SMART backend services client (SMART App Launch 2, RFC 7523 section 2.2): signed
// with RS384 or ES384 by one of the client's registered keys, iss = sub = client_id, aud = the token endpoint's URL,
// exp at most five minutes ahead, and a jti (its replay is refused by the caller, which stores it). Any failure is
// invalid_client, as RFC 7523 section 3.2 and SMART ask. Pure apart from the signature check.
import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet } from "jose";
import { ASSERTION_ALGORITHMS } from "@/lib/smart/client-keys";
import { OAuthError } from "@/lib/smart/oauth-error";

export const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** The longest an assertion may still be valid for when it arrives (SMART: no more than five minutes). */
export const MAX_ASSERTION_LIFETIME_S = 300;
const JTI_MAX_LENGTH = 255;

/** The client an assertion claims to come from (its iss, unverified: only to find the keys to verify it with). */
export function claimedClientId(assertion: string): string {
  try {
    const { iss } = decodeJwt(assertion);
    if (typeof iss === "string" && iss) return iss;
  } catch {
    throw new OAuthError("invalid_client", "client_assertion is not a JWT");
  }
  throw new OAuthError("invalid_client", "client_assertion has no iss (it must be the client_id)");
}

/** The assertion's jti and expiry once every check passed; OAuthError invalid_client otherwise. */
export async function verifyClientAssertion(
  assertion: string,
  opts: { clientId: string; keys: JSONWebKeySet; tokenUrl: string; now: Date },
): Promise<{ jti: string; expiresAt: Date }> {
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(opts.keys), {
      algorithms: [...ASSERTION_ALGORITHMS],
      issuer: opts.clientId,
      subject: opts.clientId,
      audience: opts.tokenUrl,
      currentDate: opts.now,
      requiredClaims: ["exp", "jti"],
    }));
  } catch (error) {
    throw new OAuthError("invalid_client", `client_assertion refused: ${why(error, opts.tokenUrl)}`);
  }
  const nowS = Math.floor(opts.now.getTime() / 1000);
  if (payload.exp! - nowS > MAX_ASSERTION_LIFETIME_S) {
    throw new OAuthError("invalid_client", `client_assertion refused: exp is ${payload.exp! - nowS} s ahead; at most ${MAX_ASSERTION_LIFETIME_S} s are accepted`);
  }
  const jti = payload.jti;
  if (typeof jti !== "string" || !jti || jti.length > JTI_MAX_LENGTH) throw new OAuthError("invalid_client", `client_assertion refused: jti must be a string of 1 to ${JTI_MAX_LENGTH} characters`);
  return { jti, expiresAt: new Date(payload.exp! * 1000) };
}

function why(error: unknown, tokenUrl: string): string {
  if (error instanceof errors.JWTExpired) return "it has expired (exp is past)";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return `aud must be the token endpoint's URL, ${tokenUrl}`;
    if (error.claim === "iss" || error.claim === "sub") return `${error.claim} must be the client_id`;
    if (error.claim === "exp" || error.claim === "jti") return `it has no ${error.claim}`;
    return `${error.claim}: ${error.message}`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return `its alg is not accepted (${ASSERTION_ALGORITHMS.join(" or ")})`;
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) return "the signature does not match any of the client's registered keys";
  if (error instanceof errors.JWKSMultipleMatchingKeys) return "several registered keys match and none verifies; give the assertion a kid";
  if (error instanceof errors.JOSEError) return `it is not a valid signed JWT (${error.message})`;
  throw error;
}
