import { z } from "zod";
import { QUEUE_VIEWS } from "@/lib/prior-auths/queue-views";

/** GET /prior_auths/counts: how many cases each work-queue view holds. */
export const ZQueueCounts = z.object({ counts: z.object(Object.fromEntries(QUEUE_VIEWS.map((v) => [v, z.number().int().min(0)])) as Record<(typeof QUEUE_VIEWS)[number], z.ZodNumber>) });
