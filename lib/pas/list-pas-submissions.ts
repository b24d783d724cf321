import { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import { readStoredRecord } from "@/lib/stored-record";
import { formatTimestamp } from "@/lib/time";
import type { TPasSubmission } from "@/lib/schemas/pas-submission";

const ZStoredBundle = z.record(z.string(), z.unknown());

/** The PAS requests of a case, oldest first, each with the Bundle as received (the case is the caller's, checked before). */
export async function listPasSubmissions(opts: { workspaceId: string; priorAuthId: string }): Promise<TPasSubmission[]> {
  const rows = await prisma.pasSubmission.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({
    id: row.id,
    bundle_identifier: row.bundleKey,
    claim_identifier: row.claimKey,
    request_bundle: readStoredRecord(ZStoredBundle, row.requestBundle, { record: "a stored PAS request Bundle", remedy: "it is kept as received; report the case id" }),
    created_at: formatTimestamp(row.createdAt),
  }));
}
