import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { badRequest } from "@/lib/api/errors";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth } from "./present-prior-auth";
import { OPEN_STATUSES, queueViewWhere, type QueueView } from "./queue-views";

type Sort = "newest" | "oldest" | "due";
const SORT_FIELD = { newest: "createdAt", oldest: "createdAt", due: "dueAt" } as const;
const SORT_DIR = { newest: "desc", oldest: "asc", due: "asc" } as const;

// A cursor is the last row of the previous page: its sort value and id (ties broken by id).
const encodeCursor = (sort: Sort, value: Date | null, id: string) => Buffer.from(JSON.stringify({ s: sort, v: value?.toISOString() ?? null, id })).toString("base64url");

function decodeCursor(cursor: string, sort: Sort): { value: Date | null; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { s: Sort; v: string | null; id: string };
    const value = parsed.v === null ? null : new Date(parsed.v);
    if (parsed.s !== sort || typeof parsed.id !== "string" || (value && Number.isNaN(value.getTime()))) throw new Error();
    return { value, id: parsed.id };
  } catch {
    throw badRequest("cursor is not valid: use next_cursor from the previous page with the same sort.");
  }
}

function afterCursor(sort: Sort, cursor: { value: Date | null; id: string }): Prisma.PriorAuthWhereInput {
  const field = SORT_FIELD[sort];
  const beyond = SORT_DIR[sort] === "desc" ? "lt" : "gt";
  if (cursor.value === null) return { [field]: null, id: { [beyond]: cursor.id } };
  return { OR: [{ [field]: { [beyond]: cursor.value } }, { [field]: cursor.value, id: { [beyond]: cursor.id } }, ...(sort === "due" ? [{ dueAt: null }] : [])] };
}

export interface ListPriorAuthsOptions {
  workspaceId: string;
  /** A work-queue view (lib/prior-auths/queue-views.ts); `userId` is who "mine" means. */
  view?: QueueView;
  userId?: string | null;
  status?: string;
  caseId?: string;
  q?: string;
  assigneeId?: string | "none";
  overdue?: boolean;
  sort: Sort;
  limit: number;
  cursor?: string;
}

/** The workspace's cases: filters, a stable order and cursor pagination. */
export async function listPriorAuths(opts: ListPriorAuthsOptions) {
  const and: Prisma.PriorAuthWhereInput[] = [{ workspaceId: opts.workspaceId }];
  if (opts.view) and.push(queueViewWhere(opts.view, { userId: opts.userId ?? null, now: new Date() }));
  if (opts.status) and.push({ status: opts.status });
  if (opts.caseId) and.push({ caseId: opts.caseId });
  if (opts.q) and.push({ OR: [{ caseId: { contains: opts.q, mode: "insensitive" } }, { patientName: { contains: opts.q, mode: "insensitive" } }, { drugName: { contains: opts.q, mode: "insensitive" } }] });
  if (opts.assigneeId) and.push({ assigneeId: opts.assigneeId === "none" ? null : opts.assigneeId });
  if (opts.overdue !== undefined) {
    const overdue: Prisma.PriorAuthWhereInput = { dueAt: { lt: new Date() }, status: { in: [...OPEN_STATUSES] }, slaPaused: false };
    and.push(opts.overdue ? overdue : { NOT: overdue });
  }
  if (opts.cursor) and.push(afterCursor(opts.sort, decodeCursor(opts.cursor, opts.sort)));
  const field = SORT_FIELD[opts.sort];
  const dir = SORT_DIR[opts.sort];
  const rows = await prisma.priorAuth.findMany({
    where: { AND: and },
    // Only the nullable due date takes a nulls position: Prisma refuses one on a required column (createdAt).
    orderBy: [{ [field]: field === "dueAt" ? { sort: dir, nulls: "last" } : dir }, { id: dir }],
    take: opts.limit + 1,
    include: PRIOR_AUTH_INCLUDE,
  });
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => presentPriorAuth(row)),
    next_cursor: rows.length > opts.limit && last ? encodeCursor(opts.sort, last[field], last.id) : null,
  };
}
