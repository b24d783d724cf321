// Chains intake (or new material) to stages 3-6: queues the `evaluate-prior-auth` job of a case.
import { enqueueJob } from "@/lib/jobs/definitions";
import { logger } from "@/lib/log";

/**
 * Queues the background evaluation of a case (one waiting job per case). Called after the change is committed; a
 * failed enqueue is logged, never fatal: the reviewer can still run the check from the case page.
 */
export async function requestEvaluation(opts: { priorAuthId: string; workspaceId: string; trigger: "intake" | "documents" | "supporting_information" }): Promise<void> {
  try {
    await enqueueJob("evaluatePriorAuth", opts, { singletonKey: opts.priorAuthId });
  } catch (error) {
    logger.error("could not queue the case's evaluation", { priorAuthId: opts.priorAuthId, error });
  }
}
