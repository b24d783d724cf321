import { z } from "zod";

export const ZAuditEvent = z.object({
  id: z.uuid(),
  /** e.g. prior_auth.created, document.fetched, prior_auth.succeeded, review.decided */
  action: z.string(),
  actor: z.string(),
  actor_type: z.enum(["api_key", "smart_client", "user", "system"]),
  details: z.unknown(),
  created_at: z.string(),
});

export const ZAuditEventList = z.object({ data: z.array(ZAuditEvent) });
