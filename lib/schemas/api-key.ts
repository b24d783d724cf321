import { z } from "zod";

export const ZCreateApiKeyRequest = z.strictObject({ name: z.string().trim().min(1, "is required").max(100) });

export const ZApiKeyId = z.uuid({ error: "api_key_id must be a UUID" });

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key, to recognise it. */
  start: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

/** The answer to a creation: the key itself appears this once. */
export const ZApiKeyCreated = ZApiKey.extend({ api_key: z.string() });

export const ZApiKeyList = z.object({ data: z.array(ZApiKey) });
