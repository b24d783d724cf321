import { createHash, randomBytes } from "node:crypto";

const PREFIX = "pa_";

/** A new key: `pa_` + 32 random bytes (base64url). Only its SHA-256 and first characters are stored. */
export function generateApiKey(): { key: string; hashedKey: string; start: string } {
  const key = PREFIX + randomBytes(32).toString("base64url");
  return { key, hashedKey: hashApiKey(key), start: key.slice(0, PREFIX.length + 6) };
}

/** Longer than any key this service issues (46 characters) with room to spare; longer values are not looked up. */
export const API_KEY_MAX_LENGTH = 128;

/**
 * Why an X-API-Key value cannot be a key of this service (wrong prefix, characters base64url has not, too long), or
 * null when it is shaped like one. Shapes are public: saying so tells a caller nothing about which keys exist, and a
 * header that is no key is answered without hashing it or asking the database.
 */
export function apiKeyShapeProblem(value: string): string | null {
  if (value.length > API_KEY_MAX_LENGTH) return `it is ${value.length} characters long; keys have at most ${API_KEY_MAX_LENGTH}`;
  if (!value.startsWith(PREFIX)) return `keys start with ${PREFIX}`;
  if (!/^[A-Za-z0-9_-]+$/.test(value.slice(PREFIX.length))) return "it has characters no key has (keys use A-Z, a-z, 0-9, - and _; send one key)";
  return null;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
