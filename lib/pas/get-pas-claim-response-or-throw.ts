import { z } from "zod";
import type { ClaimResponse } from "@medplum/fhirtypes";
import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { readStoredRecord } from "@/lib/stored-record";
import { ZStoredBundle } from "./record-pas-answer";

/** The current ClaimResponse of a case submitted through PAS, in the workspace (another's is not found). */
export async function getPasClaimResponseOrThrow(opts: { workspaceId: string; priorAuthId: string }): Promise<ClaimResponse> {
  const uuid = z.uuid().safeParse(opts.priorAuthId).success;
  const submission = uuid
    ? await prisma.pasSubmission.findFirst({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "asc" }, select: { id: true, responseBundle: true } })
    : null;
  if (!submission?.responseBundle) throw new NotFound(`ClaimResponse ${opts.priorAuthId}`);
  const bundle = readStoredRecord(ZStoredBundle, submission.responseBundle, { record: `the PAS answer of submission ${submission.id}`, remedy: "submit the request again" });
  return bundle.entry![0].resource as ClaimResponse;
}
