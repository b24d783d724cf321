import { describe, expect, it } from "vitest";
import { buildNotice, type NoticeInput } from "./build-notice";
import { DEFAULT_APPEAL_INSTRUCTIONS } from "./denial-reason-codes";
import { renderNoticePdf } from "./render-notice-pdf";

const input = (over: Partial<NoticeInput>): NoticeInput => ({
  outcome: "denied", caseId: "CASE-7", receivedAt: "2026-11-20T10:00:00.000", issuedAt: "2026-11-27T09:00:00.000",
  patient: { name: "Jane Doe", birthDate: "1968-03-14", memberId: "MBR123" },
  drug: { name: "Januvia", strength: "100 mg", quantity: 30, quantityUnit: "tablets", daysSupply: 30 },
  service: null,
  policy: null, steps: [], missingInformation: [], decidedBy: "nurse@plan.test", reviewerNote: "Under the minimum age.", reasonCode: null,
  appealInstructions: DEFAULT_APPEAL_INSTRUCTIONS, ...over,
});

const correction = { noticeId: "4f6c1a2e-0000-4000-8000-000000000001", title: "Notice of approval", issuedAt: "2026-11-26T15:00:00.000", reason: "The approval was recorded on the wrong case." };

describe("a corrected notice", () => {
  it("is marked as a correction and references the notice it replaces, with the reason", () => {
    const n = buildNotice(input({ correction }));
    expect(n.title).toBe("Corrected notice of denial");
    expect(n.correction).toEqual({
      corrects_notice_id: correction.noticeId, corrects_title: "Notice of approval", corrects_issued_at: correction.issuedAt, reason: correction.reason,
      statement: `This notice corrects the notice of approval dated 2026-11-26 (notice ${correction.noticeId}) and replaces its decision. Reason for the correction: ${correction.reason}`,
    });
    expect(buildNotice(input({})).correction).toBeNull();
    expect(buildNotice(input({})).title).toBe("Notice of denial");
  });

  it("prints the correction on the letter", async () => {
    const bytes = await renderNoticePdf(buildNotice(input({ correction })), { workspaceName: "Acme Health" });
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await getDocument({ data: bytes, verbosity: 0 }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ");
    expect(text).toContain("Corrected notice of denial");
    expect(text.replace(/\s+/g, " ")).toContain(`notice ${correction.noticeId}`);
    expect(text).toContain("Reason for the correction");
  });
});
