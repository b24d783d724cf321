import { prisma } from "@/lib/db/prisma";
import { NotFound } from "@/lib/errors/domain-errors";
import { recordAuditEvent, SYSTEM_ACTOR } from "@/lib/audit/record-audit-event";
import { presentNotice } from "./present-notice";
import { renderNotice } from "./render-notice-pdf";
import { MISSING_GLYPH_MARKER } from "./pdf-text/text-runs";
import type { MissingGlyphs } from "./pdf-text/text-setter";
import { readNoticeBody } from "./notice-body-schema";

export async function listNotices(opts: { workspaceId: string; priorAuthId: string }) {
  const rows = await prisma.notice.findMany({ where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId }, orderBy: { createdAt: "desc" } });
  return { data: rows.map(presentNotice) };
}

export async function getNoticeOrThrow(opts: { workspaceId: string; noticeId: string }) {
  const row = await prisma.notice.findFirst({ where: { id: opts.noticeId, workspaceId: opts.workspaceId } });
  if (!row) throw new NotFound(`Notice ${opts.noticeId}`);
  return row;
}

/** The notice as a PDF, rendered from its stored content (so the same notice always gives the same letter). */
export async function noticePdf(opts: { workspaceId: string; noticeId: string }) {
  const row = await getNoticeOrThrow(opts);
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { name: true } });
  const body = readNoticeBody(row.body, row.id);
  const { bytes, missingGlyphs } = await renderNotice(body, { workspaceName: workspace.name });
  if (missingGlyphs.length) await recordMissingGlyphs({ workspaceId: opts.workspaceId, priorAuthId: row.priorAuthId, noticeId: row.id, missingGlyphs });
  return { bytes, fileName: `notice-${body.case_id.replace(/[^\w.-]+/g, "_")}-${row.outcome}-${row.createdAt.toISOString().slice(0, 10)}.pdf` };
}

/** The audit action for characters a notice's letter could not draw. */
export const NOTICE_GLYPHS_MISSING = "notice.glyphs_missing";

/**
 * Characters the letter could not draw (printed as a marker instead) go into the case's audit trail once per notice:
 * its content is fixed, so every rendering misses the same ones.
 */
async function recordMissingGlyphs(opts: { workspaceId: string; priorAuthId: string; noticeId: string; missingGlyphs: MissingGlyphs[] }) {
  await prisma.$transaction(async (tx) => {
    const recorded = await tx.auditEvent.findFirst({
      where: { workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId, action: NOTICE_GLYPHS_MISSING, details: { path: ["notice_id"], equals: opts.noticeId } },
      select: { id: true },
    });
    if (recorded) return;
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: opts.priorAuthId, actor: SYSTEM_ACTOR, action: NOTICE_GLYPHS_MISSING,
      details: {
        notice_id: opts.noticeId,
        marker: MISSING_GLYPH_MARKER,
        fields: opts.missingGlyphs.map((m) => ({ field: m.field, characters: m.characters, code_points: m.characters.map(codePointName) })),
      },
    });
  });
}

const codePointName = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
