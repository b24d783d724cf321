import { createHash } from "node:crypto";

/** JSON with object keys sorted, so equal data always gives equal text (and digest). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export const sha256Of = (value: unknown) => createHash("sha256").update(canonicalJson(value)).digest("hex");
