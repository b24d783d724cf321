import { createHash, randomBytes } from "node:crypto";

const PREFIX = "pa_";

/** A new key: `pa_` + 32 random bytes (base64url). Only its SHA-256 and first characters are stored. */
export function generateApiKey(): { key: string; hashedKey: string; start: string } {
  const key = PREFIX + randomBytes(32).toString("base64url");
  return { key, hashedKey: hashApiKey(key), start: key.slice(0, PREFIX.length + 6) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
