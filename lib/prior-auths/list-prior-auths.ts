import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { badRequest } from "@/lib/api/errors";
import { presentPriorAuth } from "./present-prior-auth";

// Cursor: base64url of "<createdAt ISO>|<id>", the last row of the previous page (newest first).
const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest("cursor is not valid: use next_cursor from the previous page.");
  return { createdAt, id };
}

export async function listPriorAuths(opts: { workspaceId: string; status?: string; caseId?: string; q?: string; limit: number; cursor?: string }) {
  const where: Prisma.PriorAuthWhereInput = { workspaceId: opts.workspaceId };
  if (opts.status) where.status = opts.status;
  if (opts.caseId) where.caseId = opts.caseId;
  if (opts.q) where.OR = [{ caseId: { contains: opts.q, mode: "insensitive" } }, { patientName: { contains: opts.q, mode: "insensitive" } }];
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    where.AND = [{ OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] }];
  }
  const rows = await prisma.priorAuth.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: opts.limit + 1 });
  const page = rows.slice(0, opts.limit);
  return {
    data: page.map(presentPriorAuth),
    next_cursor: rows.length > opts.limit ? encodeCursor(page[page.length - 1]) : null,
  };
}
