// The status of a policy document's background re-read, as stored on the document (Document.policyReading) and shown
// by the API and the portal: queued, reading (cells done of total), done (what changed) or failed (why).
import { z } from "zod";

export const REREAD_REASONS = ["cells", "reader", "request"] as const;
export type RereadReason = (typeof REREAD_REASONS)[number];

export const ZPolicyReading = z.object({
  status: z.enum(["queued", "reading", "done", "failed"]),
  reason: z.enum(REREAD_REASONS),
  /** Requirement cells recognised so far, of those to recognise (null before recognition starts). */
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  queued_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  message: z.string().nullable(),
  /** Policies given a new version, new policies, readings stored as drafts, policies whose section was not found. */
  changed: z.number().int().nullable(),
  added: z.number().int().nullable(),
  drafts: z.number().int().nullable(),
  unmatched: z.number().int().nullable(),
});
export type PolicyReading = z.infer<typeof ZPolicyReading>;

/** The stored value as the API shows it (null when never queued or unreadable). */
export function presentPolicyReading(stored: unknown): PolicyReading | null {
  const parsed = ZPolicyReading.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export const isReadingActive = (reading: PolicyReading | null) => reading?.status === "queued" || reading?.status === "reading";

/**
 * A reading still queued or reading long after any job could still hold it (its job was lost: the queue gave up
 * after its retries, or the database was restored) no longer blocks a new re-read. `maxAgeMs`: the job's expiry
 * times its attempts.
 */
export function isReadingStuck(reading: PolicyReading | null, now: Date, maxAgeMs: number): boolean {
  if (!isReadingActive(reading)) return false;
  const since = Date.parse(reading!.started_at ?? reading!.queued_at ?? "");
  return Number.isFinite(since) && now.getTime() - since > maxAgeMs;
}

export function queuedReading(reason: RereadReason, now: Date, total: number | null = null): PolicyReading {
  return { status: "queued", reason, done: null, total, queued_at: now.toISOString(), started_at: null, finished_at: null, message: null, changed: null, added: null, drafts: null, unmatched: null };
}
