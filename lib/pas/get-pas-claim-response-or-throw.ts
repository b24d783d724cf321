import { z } from "zod";
import type { ClaimResponse } from "@medplum/fhirtypes";
import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { readStoredRecord } from "@/lib/stored-record";
import { ZStoredBundle } from "./record-pas-answer";

const ZVersion = z.coerce.number().int().positive();

/**
 * A ClaimResponse of a case submitted through PAS, in the workspace (another's is not found): its current version, or
 * the version asked for (every version is kept: record-pas-answer.ts).
 */
export async function getPasClaimResponseOrThrow(opts: { workspaceId: string; priorAuthId: string; version?: string }): Promise<ClaimResponse> {
  const uuid = z.uuid().safeParse(opts.priorAuthId).success;
  const submission = uuid
    ? await prisma.pasSubmission.findFirst({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "asc" }, select: { id: true, responseBundle: true } })
    : null;
  if (!submission?.responseBundle) throw new NotFound(`ClaimResponse ${opts.priorAuthId}`);
  let stored: unknown = submission.responseBundle;
  if (opts.version !== undefined) {
    const version = ZVersion.safeParse(opts.version);
    const kept = version.success ? await prisma.pasAnswerVersion.findUnique({ where: { submissionId_version: { submissionId: submission.id, version: version.data } }, select: { bundle: true } }) : null;
    if (!kept) throw new NotFound(`Version ${opts.version} of ClaimResponse ${opts.priorAuthId}`);
    stored = kept.bundle;
  }
  const bundle = readStoredRecord(ZStoredBundle, stored, { record: `the PAS answer of submission ${submission.id}`, remedy: "submit the request again" });
  return bundle.entry![0].resource as ClaimResponse;
}
