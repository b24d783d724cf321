// A notice as a letter-size PDF (pdf-lib, standard fonts): heading, who and what, the decision, the numbered reasons
// with the policy's words and the finding, what to send, the reviewer, the dates and how to appeal.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { NoticeBody } from "./build-notice";

const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;

/** Standard fonts encode WinAnsi only: other characters become their closest ASCII or "?". */
function printable(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2265/g, ">=")
    .replace(/\u2264/g, "<=")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7E\u00A0-\u00FF]/g, "?");
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(text).split(/\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  private page: PDFPage;
  private y: number;
  constructor(private doc: PDFDocument, private fonts: { regular: PDFFont; bold: PDFFont }) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  text(text: string, opts: { size?: number; bold?: boolean; indent?: number; gap?: number; color?: [number, number, number] } = {}) {
    const size = opts.size ?? 10.5;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const indent = opts.indent ?? 0;
    for (const line of wrap(text, font, size, WIDTH - indent)) {
      if (this.y - size < MARGIN) {
        this.page = this.doc.addPage(PAGE);
        this.y = PAGE[1] - MARGIN;
      }
      this.y -= size * 1.3;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: rgb(...(opts.color ?? [0.1, 0.1, 0.12])) });
    }
    this.y -= opts.gap ?? 4;
  }
  space(points: number) {
    this.y -= points;
  }
}

export async function renderNoticePdf(notice: NoticeBody, opts: { workspaceName: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${notice.title} - case ${notice.case_id}`);
  doc.setProducer("Prior Authorization Service");
  const w = new Writer(doc, { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) });
  w.text(opts.workspaceName, { size: 10, color: [0.35, 0.35, 0.4] });
  w.text(notice.title, { size: 18, bold: true, gap: 10 });
  const rows: [string, string][] = [
    ["Case", notice.case_id],
    ["Patient", notice.patient.name ?? "not stated"],
    ["Date of birth", notice.patient.birthDate ?? "not stated"],
    ["Member ID", notice.patient.memberId ?? "not stated"],
    ["Drug", [notice.drug.name, notice.drug.strength].filter(Boolean).join(" ") || "not stated"],
    ["Quantity", notice.drug.quantity !== null ? `${notice.drug.quantity}${notice.drug.quantityUnit ? ` ${notice.drug.quantityUnit}` : ""}${notice.drug.daysSupply !== null ? `, ${notice.drug.daysSupply} days supply` : ""}` : "not stated"],
    ["Policy", notice.policy ? `${notice.policy.title}${notice.policy.section ? `, ${notice.policy.section}` : ""}` : "none applied"],
    ["Request received", notice.received_at.slice(0, 10)],
    ["Notice date", notice.issued_at.slice(0, 10)],
  ];
  for (const [label, value] of rows) w.text(`${label}: ${value}`, { gap: 1 });
  w.space(8);
  w.text("Decision", { size: 13, bold: true });
  w.text(notice.decision, { gap: 8 });
  if (notice.reasons.length) {
    w.text(notice.outcome === "request_for_information" ? "What the criteria need" : "Reasons", { size: 13, bold: true });
    notice.reasons.forEach((r, i) => {
      w.text(`${i + 1}. ${r.text}`, { bold: true, indent: 8, gap: 1 });
      if (r.policyText) w.text(`Policy: "${r.policyText}"`, { indent: 20, gap: 1, size: 9.5 });
      if (r.finding) w.text(`${notice.outcome === "request_for_information" ? "Missing" : "Finding"}: ${r.finding}`, { indent: 20, size: 9.5 });
    });
    w.space(4);
  }
  if (notice.requested_information.length) {
    w.text("Please send", { size: 13, bold: true });
    notice.requested_information.forEach((item, i) => w.text(`${i + 1}. ${item}`, { indent: 8, gap: 2 }));
    w.space(4);
  }
  if (notice.reviewer_note) w.text(`Reviewer's note: ${notice.reviewer_note}`, { gap: 6 });
  w.text(`Decided by: ${notice.decided_by === "engine" ? "the plan's automated criteria check (all criteria met with evidence)" : notice.decided_by}`, { gap: 8 });
  if (notice.appeal) {
    w.text("How to appeal", { size: 13, bold: true });
    w.text(notice.appeal);
  }
  return doc.save();
}
