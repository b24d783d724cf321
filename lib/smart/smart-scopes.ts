// The SMART v2 system scopes a backend client may be granted on /fhir: what the PAS endpoint offers. A token request
// without a scope gets them all; one with a scope gets the ones it asked for that exist here. Pure.
import { OAuthError } from "@/lib/smart/oauth-error";

export const SMART_SCOPES = ["system/Claim.c", "system/Claim.r", "system/ClaimResponse.r", "system/Subscription.c", "system/Subscription.r", "system/Subscription.u", "system/Subscription.d"] as const;

export function grantedScope(requested: string | null): string {
  if (requested === null || !requested.trim()) return SMART_SCOPES.join(" ");
  const asked = new Set(requested.trim().split(/\s+/));
  const granted = SMART_SCOPES.filter((scope) => asked.has(scope));
  if (!granted.length) throw new OAuthError("invalid_scope", `none of the requested scopes is offered; this server offers ${SMART_SCOPES.join(" ")}`);
  return granted.join(" ");
}
