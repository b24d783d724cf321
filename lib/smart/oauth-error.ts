// An OAuth 2.0 token endpoint error (RFC 6749 section 5.2): its code and a description for the client's developer.
// The token route gives each code its HTTP status.

export type OAuthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}
