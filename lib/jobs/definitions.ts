import { z } from "zod";
import { backgroundCellLimits } from "@/lib/policies/reread/background-cell-limits";
import { REREAD_REASONS } from "@/lib/policies/reread/policy-reading";
import { getBoss } from "./queue";

/** Every job: a name and a zod payload schema. Handlers are wired in lib/case-pipeline/start-workers.ts. */
export const JOBS = {
  processPriorAuth: {
    name: "process-prior-auth",
    payload: z.object({ priorAuthId: z.uuid(), workspaceId: z.uuid() }),
  },
  /** The policy check and the determination of a case whose material changed (intake finished, documents, claims). */
  evaluatePriorAuth: {
    name: "evaluate-prior-auth",
    payload: z.object({ priorAuthId: z.uuid(), workspaceId: z.uuid(), trigger: z.enum(["intake", "documents", "supporting_information"]) }),
    /** At most one waiting evaluation per case (singletonKey = case id): several changes in a row give one run. */
    policy: "short",
  },
  deliverWebhook: {
    name: "deliver-webhook",
    payload: z.object({ deliveryId: z.uuid() }),
    /** At most one waiting job per delivery (singletonKey = delivery id): the sweep and a kick do not pile up. */
    policy: "short",
  },
  /** A policy document read again with the current reader (lib/policies/reread): image cells past the upload's cap, a newer reader, or an admin's request. */
  rereadPolicyDocument: {
    name: "reread-policy-document",
    payload: z.object({ workspaceId: z.uuid(), documentId: z.uuid(), reason: z.enum(REREAD_REASONS) }),
    /** One waiting re-read per document (singletonKey = document id). */
    policy: "short",
    /** Recognising thousands of cells takes long: the job expires after the background time limit, not the default. */
    expireInSeconds: Math.ceil(backgroundCellLimits().timeoutMs / 1000) + 600,
  },
} as const;

export type JobName = keyof typeof JOBS;

export async function enqueueJob<N extends JobName>(
  job: N,
  payload: z.infer<(typeof JOBS)[N]["payload"]>,
  options: { startAfterSeconds?: number; singletonKey?: string } = {},
): Promise<void> {
  const definition = JOBS[job];
  const boss = await getBoss();
  await boss.send(definition.name, definition.payload.parse(payload), {
    startAfter: options.startAfterSeconds,
    singletonKey: options.singletonKey,
  });
}
