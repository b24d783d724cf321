// Stage 7, the workers that chain the stages: `process-prior-auth` (stages 1-2, ./run-intake.ts) queues
// `evaluate-prior-auth` (stages 3-6, ./evaluate-prior-auth.ts); webhook deliveries and policy re-reads run here too.
// Inside the web process by default, or as `npm run worker` processes. Several workers never process the same case
// twice: the queue hands a job to one worker, and the case's lease admits one writer.
import { prisma } from "@/lib/db/prisma";
import { logger } from "@/lib/log";
import { processPriorAuth } from "./run-intake";
import { LEASE_SECONDS, LeaseHeldError } from "@/lib/prior-auths/lease";
import { deliverWebhook } from "@/lib/webhooks/deliver-webhook";
import { evaluatePriorAuth } from "./evaluate-prior-auth";
import { enqueueDueWebhookDeliveries } from "@/lib/webhooks/enqueue-due-deliveries";
import { runRereadJob } from "@/lib/policy-library/reread/run-reread-job";
import { JOBS, enqueueJob } from "@/lib/jobs/definitions";
import { QUEUE_SETTINGS, getBoss } from "@/lib/jobs/queue";
import type { PgBoss } from "pg-boss";

const SWEEP_SECONDS = Number(process.env.PA_SWEEP_SECONDS ?? 15);

/** Cases left in Processing with no live lease and no recent change (e.g. the enqueue after create failed) get a job. */
async function requeueStrandedCases() {
  const stale = new Date(Date.now() - Math.max(60, LEASE_SECONDS * 2) * 1000);
  const stranded = await prisma.priorAuth.findMany({
    where: { status: "Processing", updatedAt: { lt: stale }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date() } }] },
    select: { id: true, workspaceId: true },
    take: 100,
  });
  for (const row of stranded) {
    await enqueueJob("processPriorAuth", { priorAuthId: row.id, workspaceId: row.workspaceId }, { singletonKey: row.id });
    await prisma.priorAuth.update({ where: { id: row.id }, data: { updatedAt: new Date() } });
  }
  if (stranded.length) logger.warn("requeued stranded cases", { count: stranded.length });
}

/** Creates (or updates) the queue schema and every queue. Any process that serves requests or works calls it first. */
export async function ensureQueues() {
  const boss = await getBoss("supervisor");
  for (const definition of Object.values(JOBS)) {
    const policy = "policy" in definition ? { policy: definition.policy } : {};
    const settings = "expireInSeconds" in definition ? { ...QUEUE_SETTINGS, expireInSeconds: definition.expireInSeconds } : QUEUE_SETTINGS;
    // A queue's policy is fixed at creation: updates carry the other settings only.
    await boss.createQueue(definition.name, { ...settings, ...policy }).catch(async () => boss.updateQueue(definition.name, settings));
  }
  return boss;
}

export async function startWorkers(opts: { concurrency?: number } = {}) {
  const boss = await ensureQueues();
  const definition = JOBS.processPriorAuth;
  const concurrency = opts.concurrency ?? Number(process.env.PA_WORKER_CONCURRENCY ?? 4);
  await boss.work(
    definition.name,
    { batchSize: 1, localConcurrency: concurrency, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      const payload = definition.payload.parse(job.data);
      try {
        const outcome = await processPriorAuth(payload.priorAuthId);
        logger.info("job done", { job: definition.name, id: job.id, priorAuthId: payload.priorAuthId, outcome });
      } catch (error) {
        if (!(error instanceof LeaseHeldError)) logger.error("job failed", { job: definition.name, id: job.id, error });
        throw error; // pg-boss retries with backoff
      }
    },
  );
  const sweep = setInterval(() => requeueStrandedCases().catch((error) => logger.error("sweep failed", { error })), SWEEP_SECONDS * 1000);
  sweep.unref();
  const webhooks = await startWebhookWorkers(boss);
  await startEvaluationWorkers(boss);
  await startRereadWorkers(boss);
  logger.info("workers started", { queue: definition.name, concurrency });
  return {
    stop: () => {
      clearInterval(sweep);
      webhooks.stop();
    },
  };
}

/** Ready cases: the policy check and determination run in the background, one job per case at a time. */
async function startEvaluationWorkers(boss: PgBoss) {
  const definition = JOBS.evaluatePriorAuth;
  await boss.work(definition.name, { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    const payload = definition.payload.parse(job.data);
    const outcome = await evaluatePriorAuth(payload);
    logger.info("job done", { job: definition.name, id: job.id, priorAuthId: payload.priorAuthId, outcome });
  });
}

/** Policy documents read again (image cells past the upload's cap, a newer reader): one at a time per process. */
async function startRereadWorkers(boss: PgBoss) {
  const definition = JOBS.rereadPolicyDocument;
  await boss.work(definition.name, { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    const payload = definition.payload.parse(job.data);
    const outcome = await runRereadJob(payload);
    logger.info("job done", { job: definition.name, id: job.id, documentId: payload.documentId, outcome });
  });
}

const WEBHOOK_SWEEP_SECONDS = Number(process.env.PA_WEBHOOK_SWEEP_SECONDS ?? 5);

/** Webhook deliveries: a job per attempt, and a sweep that queues whatever is due and has no job. */
async function startWebhookWorkers(boss: PgBoss) {
  const definition = JOBS.deliverWebhook;
  await boss.work(
    definition.name,
    { batchSize: 1, localConcurrency: Number(process.env.PA_WEBHOOK_CONCURRENCY ?? 4), pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      const { deliveryId } = definition.payload.parse(job.data);
      const outcome = await deliverWebhook(deliveryId);
      if (outcome !== "skipped") logger.info("webhook delivery", { id: job.id, deliveryId, outcome });
    },
  );
  const sweep = setInterval(
    () => enqueueDueWebhookDeliveries().catch((error) => logger.error("webhook sweep failed", { error })),
    WEBHOOK_SWEEP_SECONDS * 1000,
  );
  sweep.unref();
  return { stop: () => clearInterval(sweep) };
}
