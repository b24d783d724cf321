// POST /oauth/token for SMART backend services: client_credentials with a private_key_jwt assertion. The assertion is
// checked against the client's registered keys (client-assertion.ts); its jti is stored so it is used once; the answer
// is a short-lived opaque bearer token for the client's workspace (access-tokens.ts), granted the scopes asked as far as
// the client is allowed them (smart-scopes.ts).
import { prisma } from "@/lib/db/prisma";
import { ASSERTION_TYPE, claimedClientId, verifyClientAssertion } from "@/lib/smart/client-assertion";
import { ClientKeysUnavailable, readClientKeys } from "@/lib/smart/client-keys";
import { ACCESS_TOKEN_LIFETIME_S, generateAccessToken } from "@/lib/smart/access-tokens";
import { OAuthError } from "@/lib/smart/oauth-error";
import { grantedScope } from "@/lib/smart/smart-scopes";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenAnswer {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  scope: string;
}

export async function issueAccessToken(opts: { form: URLSearchParams; tokenUrl: string; now?: Date }): Promise<TokenAnswer> {
  const { form, tokenUrl } = opts;
  const now = opts.now ?? new Date();
  const grantType = form.get("grant_type");
  if (!grantType) throw new OAuthError("invalid_request", "grant_type is required (client_credentials)");
  if (grantType !== "client_credentials") throw new OAuthError("unsupported_grant_type", `grant_type ${grantType} is not supported; use client_credentials`);
  const assertionType = form.get("client_assertion_type");
  const assertion = form.get("client_assertion");
  if (!assertion || assertionType !== ASSERTION_TYPE) {
    throw new OAuthError("invalid_client", `the client authenticates with a signed JWT: client_assertion_type ${ASSERTION_TYPE} and client_assertion`);
  }

  const clientId = claimedClientId(assertion);
  const named = form.get("client_id");
  if (named !== null && named !== clientId) throw new OAuthError("invalid_client", "client_id differs from the assertion's iss");
  const client = UUID.test(clientId) ? await prisma.smartClient.findUnique({ where: { id: clientId } }) : null;
  // One answer for unknown and revoked clients: a caller learns nothing about which clients once existed.
  if (!client || client.revokedAt) throw new OAuthError("invalid_client", "unknown or revoked client (the assertion's iss must be a registered client_id)");

  let keys;
  try {
    keys = await readClientKeys(client);
  } catch (error) {
    if (error instanceof ClientKeysUnavailable) throw new OAuthError("invalid_client", error.message);
    throw error;
  }
  const { jti, expiresAt } = await verifyClientAssertion(assertion, { clientId, keys, tokenUrl, now });
  // Only an authenticated client learns what it is allowed (the refusal names it).
  const scope = grantedScope(form.get("scope"), client.scopes);

  const issued = generateAccessToken();
  try {
    await prisma.$transaction(async (tx) => {
      // Assertions past their exp are refused anyway: their jti need not be kept.
      await tx.smartAssertion.deleteMany({ where: { clientId, expiresAt: { lt: now } } });
      await tx.smartAccessToken.deleteMany({ where: { clientId, expiresAt: { lt: now } } });
      await tx.smartAssertion.create({ data: { clientId, jti, expiresAt } });
      await tx.smartAccessToken.create({ data: { clientId, hashedToken: issued.hashedToken, scope, expiresAt: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_S * 1000) } });
      await tx.smartClient.update({ where: { id: clientId }, data: { lastUsedAt: now } });
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new OAuthError("invalid_client", "client_assertion refused: its jti was used before (each assertion is used once)");
    throw error;
  }
  return { access_token: issued.token, token_type: "bearer", expires_in: ACCESS_TOKEN_LIFETIME_S, scope };
}
