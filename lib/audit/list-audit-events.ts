import { prisma } from "@/lib/db/prisma";
import { formatTimestamp } from "@/lib/time";

export async function listAuditEvents(opts: { workspaceId: string; priorAuthId: string }) {
  const events = await prisma.auditEvent.findMany({
    where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return events.map((e) => ({ id: e.id, action: e.action, actor: e.actor, actor_type: e.actorType, details: e.details, created_at: formatTimestamp(e.createdAt) }));
}
