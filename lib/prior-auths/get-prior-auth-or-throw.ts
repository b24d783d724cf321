import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { PRIOR_AUTH_ANSWER_SELECT, PRIOR_AUTH_INCLUDE } from "./present-prior-auth";

/** The case of this workspace, or NotFound: another workspace's case is indistinguishable from a missing one. */
export async function getPriorAuthOrThrow(opts: { workspaceId: string; priorAuthId: string }) {
  const row = await prisma.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId }, include: PRIOR_AUTH_INCLUDE });
  if (!row) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
  return row;
}

/** As getPriorAuthOrThrow, with only the columns the API's answer shows (GET /prior_auths/{id}). */
export async function getPriorAuthAnswerOrThrow(opts: { workspaceId: string; priorAuthId: string }) {
  const row = await prisma.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId }, select: PRIOR_AUTH_ANSWER_SELECT });
  if (!row) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
  return row;
}
