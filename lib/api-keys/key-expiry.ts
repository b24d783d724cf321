import { InvalidInput } from "@/lib/errors/domain-errors";
import { API_KEY_MAX_DAYS } from "./key-limits";

const DAY_MS = 86_400_000;

/**
 * When a new key expires: `expires_at` (an instant in the future) or `expires_in_days` (whole days from now), at most
 * API_KEY_MAX_DAYS away; neither: never. The schema has checked their formats and that at most one is given.
 */
export function expiryOf(input: { expires_at?: string; expires_in_days?: number }, now: Date): Date | null {
  if (input.expires_in_days !== undefined) return new Date(now.getTime() + input.expires_in_days * DAY_MS);
  if (input.expires_at === undefined) return null;
  const at = new Date(input.expires_at);
  if (at.getTime() <= now.getTime()) throw new InvalidInput("Invalid request: expires_at: must be in the future");
  if (at.getTime() > now.getTime() + API_KEY_MAX_DAYS * DAY_MS) {
    throw new InvalidInput(`Invalid request: expires_at: must be at most ${API_KEY_MAX_DAYS} days from now (create the key without an expiry to keep it until revoked)`);
  }
  return at;
}

/** A key past its expiry is refused like a revoked one. A key without an expiry never expires. */
export function isKeyExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
