/**
 * A fresh Idempotency-Key for one user action. crypto.randomUUID needs a secure context (https or localhost); a portal
 * served over plain http elsewhere still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
