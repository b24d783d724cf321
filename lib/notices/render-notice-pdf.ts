// A notice as a letter-size PDF (pdf-lib, with embedded Noto fonts so a name or a reason in any script prints as
// written): heading, who and what, the decision, the numbered reasons with the policy's words and the finding, what to
// send, the reviewer, the dates and how to appeal.
import { PDFDocument } from "pdf-lib";
import type { NoticeBody } from "./build-notice";
import { noticeSubjectRows, type LetterRow } from "./notice-letter-rows";
import { LetterWriter } from "./pdf-text/letter-writer";
import type { MissingGlyphs } from "./pdf-text/text-setter";

export interface RenderedNotice {
  bytes: Uint8Array;
  /** Characters no embedded font could draw (each printed as a visible marker), by notice field: empty when none. */
  missingGlyphs: MissingGlyphs[];
}

export async function renderNoticePdf(notice: NoticeBody, opts: { workspaceName: string }): Promise<Uint8Array> {
  return (await renderNotice(notice, opts)).bytes;
}

export async function renderNotice(notice: NoticeBody, opts: { workspaceName: string }): Promise<RenderedNotice> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${notice.title} - case ${notice.case_id}`);
  doc.setProducer("Prior Authorization Service");
  const w = new LetterWriter();
  w.text(opts.workspaceName, { size: 10, color: [0.35, 0.35, 0.4], field: "workspace_name" });
  w.text(notice.title, { size: 18, bold: true, gap: 10, field: "title" });
  // A corrected notice says so first: which notice it replaces and why (notices stored before corrections have none).
  if (notice.correction) w.text(notice.correction.statement, { bold: true, gap: 10, color: [0.55, 0.1, 0.1], field: "correction.statement" });
  // label | value | field
  const rows: LetterRow[] = [
    ...noticeSubjectRows(notice),
    ["Request received", notice.received_at.slice(0, 10), "received_at"],
    ["Notice date", notice.issued_at.slice(0, 10), "issued_at"],
  ];
  for (const [label, value, field] of rows) w.text(`${label}: ${value}`, { gap: 1, field });
  w.space(8);
  w.text("Decision", { size: 13, bold: true });
  w.text(notice.decision, { gap: 8, field: "decision" });
  if (notice.reasons.length) {
    w.text(notice.outcome === "request_for_information" ? "What the criteria need" : "Reasons", { size: 13, bold: true });
    notice.reasons.forEach((r, i) => {
      w.text(`${i + 1}. ${r.text}`, { bold: true, indent: 8, gap: 1, field: `reasons[${i}].text` });
      if (r.policyText) w.text(`Policy: "${r.policyText}"`, { indent: 20, gap: 1, size: 9.5, field: `reasons[${i}].policyText` });
      if (r.finding) w.text(`${notice.outcome === "request_for_information" ? "Missing" : "Finding"}: ${r.finding}`, { indent: 20, size: 9.5, field: `reasons[${i}].finding` });
    });
    w.space(4);
  }
  if (notice.requested_information.length) {
    w.text("Please send", { size: 13, bold: true });
    notice.requested_information.forEach((item, i) => w.text(`${i + 1}. ${item}`, { indent: 8, gap: 2, field: `requested_information[${i}]` }));
    w.space(4);
  }
  if (notice.reviewer_note) w.text(`Reviewer's note: ${notice.reviewer_note}`, { gap: 6, field: "reviewer_note" });
  w.text(`Decided by: ${notice.decided_by === "engine" ? "the plan's automated criteria check (all criteria met with evidence)" : notice.decided_by}`, { gap: 8, field: "decided_by" });
  if (notice.appeal) {
    w.text("How to appeal", { size: 13, bold: true });
    w.text(notice.appeal, { field: "appeal" });
  }
  const missingGlyphs = await w.render(doc);
  return { bytes: await doc.save(), missingGlyphs };
}
