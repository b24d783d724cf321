// The notice a decision would issue, before it is issued: built by the same code from the case as it stands (the
// corrected facts, the latest policy check and determination) and rendered by the same letter writer, never stored.
import { prisma } from "@/lib/db/prisma";
import type { Actor } from "@/lib/audit/actor";
import { getPriorAuthOrThrow } from "@/lib/prior-auths/get-prior-auth-or-throw";
import type { TNoticePreviewQuery } from "@/lib/schemas/notice-preview";
import { composeNotice } from "./issue-notice";
import { renderNotice } from "./render-notice-pdf";

export async function previewNotice(opts: { workspaceId: string; priorAuthId: string; actor: Actor; query: TNoticePreviewQuery }) {
  const priorAuth = await getPriorAuthOrThrow(opts);
  const { query } = opts;
  // An amendment's preview corrects the decision that stands (the latest review), as the amendment itself would.
  const standing = query.amendment_reason ? await prisma.review.findFirst({ where: { priorAuthId: priorAuth.id }, orderBy: { sequence: "desc" } }) : null;
  const { body, unverified } = await composeNotice(prisma, {
    workspaceId: opts.workspaceId, priorAuthId: priorAuth.id, outcome: query.outcome, decidedBy: opts.actor.label,
    reviewerNote: query.note ?? null, reasonCode: query.reason_code ?? null,
    corrects: standing && query.amendment_reason ? { reviewId: standing.id, reason: query.amendment_reason } : null,
  });
  return { notice: body, ready: unverified.length === 0, unverified };
}

/** The previewed notice as its PDF letter (the letter a decision now would send). */
export async function previewNoticePdf(opts: Parameters<typeof previewNotice>[0]) {
  const { notice } = await previewNotice(opts);
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { name: true } });
  const { bytes } = await renderNotice(notice, { workspaceName: workspace.name });
  return { bytes, fileName: `notice-preview-${notice.case_id.replace(/[^\w.-]+/g, "_")}-${notice.outcome}.pdf` };
}
