import { describe, expect, it } from "vitest";
import { UnreadableRecord, lossInParsing } from "@/lib/stored-record";
import { buildNotice } from "./build-notice";
import { DEFAULT_APPEAL_INSTRUCTIONS } from "./denial-reason-codes";
import { readNoticeBody, ZNoticeBody } from "./notice-body-schema";

const issued = buildNotice({
  outcome: "denied", caseId: "CASE-1", receivedAt: "2025-11-04T10:00:00.000", issuedAt: "2025-11-05T09:00:00.000",
  patient: { name: "Jane Doe", birthDate: "1968-03-14", memberId: "MBR123" },
  drug: { name: "Januvia", strength: "100 mg", quantity: 30, quantityUnit: "tablets", daysSupply: 30 },
  service: null,
  policy: { title: "Medicaid Formulary", section: "sitagliptin JANUVIA" },
  steps: [{ step: 1, question_or_action: "Metformin tried", answer: "no fill", reason: "no metformin claim", outcome: "not_met", policy_guideline_quoted_source: "trial of metformin" }],
  missingInformation: [], decidedBy: "nurse@plan.test", reviewerNote: "No trial.", reasonCode: { code: "STEP", text: "Step therapy not met" },
  appealInstructions: DEFAULT_APPEAL_INSTRUCTIONS,
  correction: { noticeId: "5a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", title: "Notice of approval", issuedAt: "2025-11-04T12:00:00.000", reason: "Entered in error" },
});
const stored = JSON.parse(JSON.stringify(issued));

describe("a notice's stored content", () => {
  it("a notice as issued today reads back whole", () => {
    expect(lossInParsing(ZNoticeBody, issued)).toEqual([]);
    expect(readNoticeBody(stored, "n1")).toEqual(stored);
  });

  it("a notice issued before corrections existed reads with no correction", () => {
    const { correction: _, ...older } = stored;
    void _;
    expect(readNoticeBody(older, "n1")).toEqual({ ...older, correction: null });
  });

  it("a notice issued before services were named reads with no service (it named a drug)", () => {
    const { service: _, ...older } = stored;
    void _;
    expect(readNoticeBody(older, "n1")).toEqual({ ...older, service: null });
  });

  it("keys this code does not name are kept: the content is shown as stored", () => {
    expect(readNoticeBody({ ...stored, letter_version: 2 }, "n1")).toMatchObject({ letter_version: 2 });
  });

  it("content of another shape is reported, not cast", () => {
    expect(() => readNoticeBody({ ...stored, reasons: "none" }, "n1")).toThrow(UnreadableRecord);
    expect(() => readNoticeBody({ ...stored, reasons: "none" }, "n1")).toThrow(/^The content of notice n1 cannot be read: it was written by an older engine \(reasons: /);
  });
});
