import { z } from "zod";
import { API_KEY_MAX_DAYS } from "@/lib/api-keys/key-limits";

export const ZCreateApiKeyRequest = z
  .strictObject({
    name: z.string().trim().min(1, "is required").max(100),
    /** When the key stops working: an instant in the future, at most API_KEY_MAX_DAYS away (lib/api-keys/key-expiry.ts). */
    expires_at: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date-time with a time zone (2027-01-31T00:00:00Z)" })
      .optional()
      .describe(`When the key stops working (in the future, at most ${API_KEY_MAX_DAYS} days away). Omit both expires_at and expires_in_days for a key that lasts until revoked.`),
    expires_in_days: z
      .number({ error: "must be a whole number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1")
      .max(API_KEY_MAX_DAYS, `must be at most ${API_KEY_MAX_DAYS}`)
      .optional()
      .describe("The key stops working this many days after its creation (instead of expires_at)."),
  })
  .refine((body) => body.expires_at === undefined || body.expires_in_days === undefined, { message: "give expires_at or expires_in_days, not both", path: ["expires_in_days"] });

export const ZApiKeyId = z.uuid({ error: "api_key_id must be a UUID" });

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key, to recognise it. */
  start: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** Refreshed at most once a minute while the key is used. */
  last_used_at: z.string().nullable().describe("When the key was last used (refreshed at most once a minute); null: never."),
  revoked_at: z.string().nullable(),
  expires_at: z.string().nullable().describe("When the key stops working; null: it lasts until revoked."),
  /** active, revoked or expired: what a request with the key meets now. */
  status: z.enum(["active", "revoked", "expired"]),
});

/** The answer to a creation: the key itself appears this once. */
export const ZApiKeyCreated = ZApiKey.extend({ api_key: z.string() });

export const ZApiKeyList = z.object({ data: z.array(ZApiKey) });
