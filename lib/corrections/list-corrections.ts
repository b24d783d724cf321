import { prisma } from "@/lib/db/prisma";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import { presentCorrection } from "./present-correction";

/** Every correction of a case, newest first (the history: the latest of each field is the one in effect). */
export async function listCorrections(opts: { workspaceId: string; priorAuthId: string }) {
  await getPriorAuthOrThrow(opts);
  const rows = await prisma.intakeCorrection.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { data: rows.map(presentCorrection) };
}
