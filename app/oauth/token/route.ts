import { randomUUID } from "node:crypto";
import { publicOrigin } from "@/lib/net/public-origin";
import { logger } from "@/lib/log";
import { readBodyCapped } from "@/lib/api/read-body";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/responses";
import { issueAccessToken } from "@/lib/smart/issue-access-token";
import { OAuthError, type OAuthErrorCode } from "@/lib/smart/oauth-error";
import { tokenUrl } from "@/lib/smart/smart-configuration";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 16 * 1024;
// RFC 6749 section 5.1: token answers, errors included, are never cached.
const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

/** RFC 6749 section 5.2: a client that failed to authenticate is 401, every other refusal 400. */
const OAUTH_ERROR_STATUS: Record<OAuthErrorCode, number> = { invalid_client: 401, invalid_request: 400, invalid_grant: 400, unsupported_grant_type: 400, invalid_scope: 400 };

const oauthError = (status: number, error: string, description: string) => json({ error, error_description: description }, { status, headers: NO_STORE });

// POST /oauth/token - SMART backend services: client_credentials with a signed client assertion (private_key_jwt).
// Answers and errors are OAuth's (RFC 6749), not the API's error body.
export async function POST(req: Request) {
  try {
    if (!req.headers.get("content-type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      return oauthError(400, "invalid_request", "the request body must be application/x-www-form-urlencoded");
    }
    const form = new URLSearchParams(new TextDecoder().decode(await readBodyCapped(req, MAX_BODY_BYTES)));
    const answer = await issueAccessToken({ form, tokenUrl: tokenUrl(publicOrigin(req)!) });
    return json(answer, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof OAuthError) return oauthError(OAUTH_ERROR_STATUS[error.code], error.code, error.description);
    if (error instanceof ApiError) return oauthError(error.status, "invalid_request", error.message);
    const requestId = randomUUID();
    logger.error("token request failed", { requestId, error });
    return oauthError(500, "server_error", `the token could not be issued (request id ${requestId})`);
  }
}
