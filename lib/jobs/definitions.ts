import { z } from "zod";
import { getBoss } from "./queue";

/** Every job: a name and a zod payload schema. Handlers live in lib/jobs/handlers.ts. */
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
