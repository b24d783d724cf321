import { prisma } from "@/lib/db/prisma";
import { notFound } from "@/lib/api/errors";
import { presentNotice } from "./present-notice";
import { renderNoticePdf } from "./render-notice-pdf";
import type { NoticeBody } from "./build-notice";

export async function listNotices(opts: { workspaceId: string; priorAuthId: string }) {
  const rows = await prisma.notice.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "desc" } });
  return { data: rows.map(presentNotice) };
}

export async function getNoticeOrThrow(opts: { workspaceId: string; noticeId: string }) {
  const row = await prisma.notice.findFirst({ where: { id: opts.noticeId, workspaceId: opts.workspaceId } });
  if (!row) throw notFound(`Notice ${opts.noticeId}`);
  return row;
}

/** The notice as a PDF, rendered from its stored content (so the same notice always gives the same letter). */
export async function noticePdf(opts: { workspaceId: string; noticeId: string }) {
  const row = await getNoticeOrThrow(opts);
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { name: true } });
  const bytes = await renderNoticePdf(row.body as unknown as NoticeBody, { workspaceName: workspace.name });
  const body = row.body as unknown as NoticeBody;
  return { bytes, fileName: `notice-${body.case_id.replace(/[^\w.-]+/g, "_")}-${row.outcome}-${row.createdAt.toISOString().slice(0, 10)}.pdf` };
}
