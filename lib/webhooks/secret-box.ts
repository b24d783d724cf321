// Webhook signing secrets must be readable to sign, so they are stored encrypted (AES-256-GCM) with a key derived
// from AUTH_SECRET by HKDF. A stolen database alone reveals no secret; rotating AUTH_SECRET needs new endpoints.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { ensureAuthSecret } from "@/lib/auth/auth-secret";

const VERSION = "v1";

function deriveKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, "pa-webhook-secrets", "webhook secret encryption v1", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function encryptSecret(plain: string, authSecret: string = ensureAuthSecret()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(authSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** Throws when the text was not made with this AUTH_SECRET or was altered. */
export function decryptSecret(boxed: string, authSecret: string = ensureAuthSecret()): string {
  const [version, iv, tag, ciphertext] = boxed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Unknown webhook secret format.");
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(authSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
