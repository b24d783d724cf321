// An OAuth 2.0 token endpoint error (RFC 6749 section 5.2): its code, a description for the client's developer, and the
// HTTP status (401 for invalid_client, 400 for the others).

export type OAuthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.status = code === "invalid_client" ? 401 : 400;
  }
}
