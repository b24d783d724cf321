// SMART system scopes on /fhir (App Launch 2.x "system/<resource>.<permissions>", with v1's read/write/* read as v2's
// rs/cud/cruds): what the endpoint offers, what a client was allowed when registered, what a token request is
// granted (the intersection of what it asks and what the client is allowed), and whether a token's scope permits one
// interaction. Scopes are compared as sets of (resource, permission) pairs over what /fhir offers. Pure.
import { OAuthError } from "@/lib/smart/oauth-error";

export type ScopePermission = "c" | "r" | "u" | "d" | "s";
/** A resource the endpoint acts on, and one permission on it: what a route needs. */
export interface ScopeNeed {
  resource: "Claim" | "ClaimResponse" | "Subscription";
  permission: ScopePermission;
}

/** Each interaction of /fhir and the scope it needs ($submit creates a Claim, $inquire reads one). */
export const SMART_SCOPES = ["system/Claim.c", "system/Claim.r", "system/ClaimResponse.r", "system/Subscription.c", "system/Subscription.r", "system/Subscription.u", "system/Subscription.d"] as const;

/** A system scope, v1 or v2: `system/Claim.write`, `system/ClaimResponse.read`, `system/*.*`, `system/Subscription.cud`. */
export const SMART_SCOPE_PATTERN = /^system\/([A-Z][A-Za-z]+|\*)\.(read|write|\*|c?r?u?d?s?)$/;

const V1_PERMISSIONS: Record<string, ScopePermission[]> = { read: ["r", "s"], write: ["c", "u", "d"], "*": ["c", "r", "u", "d", "s"] };

const pairKey = (resource: string, permission: string) => `${resource}.${permission}`;
const OFFERED = new Set(SMART_SCOPES.map((scope) => scope.slice("system/".length)));
const OFFERED_RESOURCES = [...new Set([...OFFERED].map((pair) => pair.split(".")[0]))];

/** The (resource, permission) pairs /fhir offers that one scope covers; null when it is no system scope. */
function offeredPairs(scope: string): Set<string> | null {
  const match = SMART_SCOPE_PATTERN.exec(scope);
  if (!match || match[2] === "") return null;
  const [, resource, permissions] = match;
  const letters = V1_PERMISSIONS[permissions] ?? (permissions.split("") as ScopePermission[]);
  const resources = resource === "*" ? OFFERED_RESOURCES : [resource];
  return new Set(resources.flatMap((name) => letters.map((letter) => pairKey(name, letter))).filter((pair) => OFFERED.has(pair)));
}

/** Every pair a list of scopes covers (scopes that are no system scope cover nothing). */
function pairsOf(scopes: readonly string[]): Set<string> {
  return new Set(scopes.flatMap((scope) => [...(offeredPairs(scope) ?? [])]));
}

/** A client registered without scopes (before scopes existed) may have every scope /fhir offers. */
export const allowedScopesOf = (stored: readonly string[]): string[] => (stored.length ? [...stored] : ["system/*.*"]);

/**
 * The scope a token request is granted: the scopes it asks (all the client is allowed when it asks none) as far as the
 * client is allowed them and /fhir offers them. A scope granted whole is answered as asked; one granted in part is
 * answered by the v2 scopes of the part (`system/*.*` asked by a client allowed Claim.c: `system/Claim.c`).
 */
export function grantedScope(requested: string | null, allowedScopes: readonly string[]): string {
  const allowed = pairsOf(allowedScopesOf(allowedScopes));
  const asked = requested?.trim() ? requested.trim().split(/\s+/) : allowedScopesOf(allowedScopes);
  const granted: string[] = [];
  const covered = new Set<string>();
  for (const scope of asked) {
    const pairs = [...(offeredPairs(scope) ?? [])];
    const permitted = pairs.filter((pair) => allowed.has(pair));
    if (!permitted.length) continue;
    if (permitted.length === pairs.length) {
      if (!granted.includes(scope)) granted.push(scope);
      permitted.forEach((pair) => covered.add(pair));
      continue;
    }
    for (const pair of permitted.filter((pair) => !covered.has(pair))) {
      granted.push(`system/${pair}`);
      covered.add(pair);
    }
  }
  if (!granted.length) {
    throw new OAuthError("invalid_scope", `none of the requested scopes is both offered here and allowed to this client; it is allowed ${allowedScopesOf(allowedScopes).join(" ")}, and this server offers ${SMART_SCOPES.join(" ")}`);
  }
  return granted.join(" ");
}

/** Whether a token's granted scope permits what a route needs. */
export function scopePermits(grantedScopes: string, need: ScopeNeed): boolean {
  return pairsOf(grantedScopes.split(/\s+/).filter(Boolean)).has(pairKey(need.resource, need.permission));
}

/** How a route's need is named to a client refused for lacking it (the v2 form, as SMART_SCOPES names it). */
export const scopeName = (need: ScopeNeed) => `system/${need.resource}.${need.permission}`;
