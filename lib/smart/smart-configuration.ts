// Where SMART backend clients get tokens, and what the server says of it at /.well-known/smart-configuration (SMART
// App Launch 2.x, "backend services" only: no user-facing authorization endpoint). Pure.
import { ASSERTION_ALGORITHMS } from "@/lib/smart/client-keys";
import { SMART_SCOPES } from "@/lib/smart/smart-scopes";

/** The token endpoint's URL: where clients post, and the `aud` their assertions must name. */
export const tokenUrl = (origin: string) => `${origin}/oauth/token`;

export function smartConfiguration(origin: string) {
  return {
    issuer: origin,
    token_endpoint: tokenUrl(origin),
    token_endpoint_auth_methods_supported: ["private_key_jwt"],
    token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    grant_types_supported: ["client_credentials"],
    scopes_supported: [...SMART_SCOPES],
    capabilities: ["client-confidential-asymmetric", "permission-v1", "permission-v2"],
  };
}
