import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { InvalidInput } from "@/lib/errors/domain-errors";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth } from "./present-prior-auth";
import { OPEN_STATUSES, queueViewWhere, type QueueView } from "./queue-views";
import { queueSearchWhere } from "./queue-search";

type Sort = "newest" | "oldest" | "due";
type SortField = "createdAt" | "dueAt" | "receivedAt";
// Each sort's keys in order, the id last: due time breaks its ties (every clock of a busy day reads alike) by when the
// request was received, oldest first.
const SORT_KEYS: Record<Sort, { fields: SortField[]; dir: "asc" | "desc" }> = {
  newest: { fields: ["createdAt"], dir: "desc" },
  oldest: { fields: ["createdAt"], dir: "asc" },
  due: { fields: ["dueAt", "receivedAt"], dir: "asc" },
};
/** Only the due date may be empty; empty dates come last. */
const NULLABLE: ReadonlySet<SortField> = new Set(["dueAt"]);

type CursorValues = (Date | null)[];

// A cursor is the last row of the previous page: its sort values and id.
const encodeCursor = (sort: Sort, values: CursorValues, id: string) =>
  Buffer.from(JSON.stringify({ s: sort, v: values.map((v) => v?.toISOString() ?? null), id })).toString("base64url");

const ZCursor = z.object({ s: z.string(), v: z.array(z.string().nullable()), id: z.string() });

function decodeCursor(cursor: string, sort: Sort): { values: CursorValues; id: string } {
  try {
    const parsed = ZCursor.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    const fields = SORT_KEYS[sort].fields;
    if (parsed.s !== sort || parsed.v.length !== fields.length) throw new Error();
    const values = parsed.v.map((v, i) => {
      if (v === null && NULLABLE.has(fields[i])) return null;
      const date = new Date(String(v));
      if (Number.isNaN(date.getTime())) throw new Error();
      return date;
    });
    return { values, id: parsed.id };
  } catch {
    throw new InvalidInput("cursor is not valid: use next_cursor from the previous page with the same sort.");
  }
}

/** Rows after the cursor in the sort's order (keys compared one after another, empty due dates last). */
function afterCursor(sort: Sort, cursor: { values: CursorValues; id: string }): Prisma.PriorAuthWhereInput {
  const { fields, dir } = SORT_KEYS[sort];
  const beyond = dir === "desc" ? "lt" : "gt";
  const keys: { field: string; value: Date | null }[] = [...fields.map((field, i) => ({ field, value: cursor.values[i] })), { field: "id", value: null }];
  const or: Prisma.PriorAuthWhereInput[] = [];
  keys.forEach((key, i) => {
    const equalBefore = Object.fromEntries(keys.slice(0, i).map((k) => [k.field, k.value]));
    if (key.field === "id") or.push({ ...equalBefore, id: { [beyond]: cursor.id } });
    else if (key.value === null) return; // nothing sorts after an empty due date but other empty ones (the next keys)
    else or.push({ ...equalBefore, [key.field]: { [beyond]: key.value } }, ...(NULLABLE.has(key.field as SortField) ? [{ ...equalBefore, [key.field]: null }] : []));
  });
  return { OR: or };
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
  if (opts.q) and.push(...(await queueSearchWhere(opts.workspaceId, opts.q)));
  if (opts.assigneeId) and.push({ assigneeId: opts.assigneeId === "none" ? null : opts.assigneeId });
  if (opts.overdue !== undefined) {
    const overdue: Prisma.PriorAuthWhereInput = { dueAt: { lt: new Date() }, status: { in: [...OPEN_STATUSES] }, slaPaused: false };
    and.push(opts.overdue ? overdue : { NOT: overdue });
  }
  if (opts.cursor) and.push(afterCursor(opts.sort, decodeCursor(opts.cursor, opts.sort)));
  const { fields, dir } = SORT_KEYS[opts.sort];
  const rows = await prisma.priorAuth.findMany({
    where: { AND: and },
    // Only the nullable due date takes a nulls position: Prisma refuses one on a required column (createdAt).
    orderBy: [...fields.map((field) => ({ [field]: NULLABLE.has(field) ? { sort: dir, nulls: "last" as const } : dir })), { id: dir }],
    take: opts.limit + 1,
    include: PRIOR_AUTH_INCLUDE,
  });
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => presentPriorAuth(row)),
    next_cursor: rows.length > opts.limit && last ? encodeCursor(opts.sort, fields.map((field) => last[field]), last.id) : null,
  };
}
