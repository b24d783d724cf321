import { describe, expect, it } from "vitest";
import { buildNotice, type NoticeInput, type NoticeStep } from "./build-notice";
import { DEFAULT_APPEAL_INSTRUCTIONS, DEFAULT_DENIAL_REASON_CODES, denialReasonCodesOf } from "./denial-reason-codes";
import { renderNoticePdf } from "./render-notice-pdf";

const step = (n: number, outcome: string, over: Partial<NoticeStep> = {}): NoticeStep => ({
  step: n, question_or_action: `Criterion ${n}`, answer: `answer ${n}`, reason: `reason ${n}`, outcome, policy_guideline_quoted_source: `policy words ${n}`, ...over,
});

const input = (over: Partial<NoticeInput>): NoticeInput => ({
  outcome: "denied",
  caseId: "CASE-1",
  receivedAt: "2025-11-04T10:00:00.000",
  issuedAt: "2025-11-05T09:00:00.000",
  patient: { name: "Jane Doe", birthDate: "1968-03-14", memberId: "MBR123" },
  drug: { name: "Januvia", strength: "100 mg", quantity: 30, quantityUnit: "tablets", daysSupply: 30 },
  service: null,
  policy: { title: "Medicaid Formulary", section: "sitagliptin JANUVIA" },
  steps: [],
  missingInformation: [],
  decidedBy: "nurse@plan.test",
  reviewerNote: null,
  reasonCode: null,
  appealInstructions: DEFAULT_APPEAL_INSTRUCTIONS,
  ...over,
});

describe("buildNotice", () => {
  // outcome | steps | expected reason steps | appeal printed
  const rows: [NoticeInput["outcome"], NoticeStep[], (number | null)[], boolean][] = [
    ["denied", [step(1, "met"), step(2, "not_met"), step(3, "not_met", { unmet_alternative: true })], [2], true],
    ["denied", [step(1, "met"), step(2, "not_met", { not_needed: true })], [], true],
    ["approved", [step(1, "met")], [], false],
    ["request_for_information", [step(1, "met"), step(2, "missing", { missing_information: "Metformin fill within 90 days" })], [2], false],
  ];
  it.each(rows)("%s: reasons are the deciding criteria", (outcome, steps, reasonSteps, appeal) => {
    const n = buildNotice(input({ outcome, steps }));
    expect(n.reasons.map((r) => r.step)).toEqual(reasonSteps);
    expect(n.appeal !== null).toBe(appeal);
    expect(n.title).toMatch(outcome === "denied" ? /denial/ : outcome === "approved" ? /approval/ : /information/);
  });

  it("a denial cites the policy's words and the finding, with the reason code's text", () => {
    const code = DEFAULT_DENIAL_REASON_CODES.find((c) => c.code === "STEP_THERAPY")!;
    const n = buildNotice(input({ steps: [step(4, "not_met", { reason: "last metformin fill 196 days before the request" })], reasonCode: code }));
    expect(n.decision).toBe(`The request for Januvia 100 mg, 30 tablets for 30 days is denied: ${code.text}`);
    expect(n.reasons[0]).toEqual({ step: 4, text: "Criterion 4", policyText: "policy words 4", finding: "last metformin fill 196 days before the request" });
    expect(n.patient.memberId).toBe("MBR123");
  });

  it("a denial with no criterion not met states the reviewer's reason instead of none", () => {
    const n = buildNotice(input({ steps: [step(1, "manual")], reviewerNote: "The chart shows the drug is for weight loss, which is excluded." }));
    expect(n.reasons).toEqual([{ step: null, text: "The chart shows the drug is for weight loss, which is excluded.", policyText: null, finding: null }]);
  });

  it("a request for information lists exactly what to send: the determination's list first", () => {
    const steps = [step(2, "missing", { missing_information: "from the step" })];
    expect(buildNotice(input({ outcome: "request_for_information", steps, missingInformation: ["Pharmacy claims for the last 90 days"] })).requested_information).toEqual(["Pharmacy claims for the last 90 days"]);
    expect(buildNotice(input({ outcome: "request_for_information", steps })).requested_information).toEqual(["from the step"]);
  });

  it("a procedure request (no drug) names its service code; a drug request names its drug only", () => {
    const mri = { code: "70553", system: "CPT" as const, display: "MRI brain without and with contrast" };
    const procedure = buildNotice(input({ outcome: "approved", drug: { name: null, strength: null, quantity: null, quantityUnit: null, daysSupply: null }, service: mri }));
    expect(procedure.decision).toBe("The request for CPT 70553 (MRI brain without and with contrast) is approved under Medicaid Formulary, sitagliptin JANUVIA.");
    expect(procedure.service).toEqual(mri);
    const drug = buildNotice(input({ outcome: "approved", service: mri }));
    expect(drug.decision).toMatch(/^The request for Januvia 100 mg, 30 tablets for 30 days is approved/);
    expect(drug.service).toBeNull();
  });

  it("a workspace's own reason list replaces the built-in one only when valid", () => {
    expect(denialReasonCodesOf([{ code: "OWN", text: "Our own reason" }])).toEqual([{ code: "OWN", text: "Our own reason" }]);
    expect(denialReasonCodesOf([{ code: "bad code", text: "x" }])).toBe(DEFAULT_DENIAL_REASON_CODES);
    expect(denialReasonCodesOf(null)).toBe(DEFAULT_DENIAL_REASON_CODES);
  });
});

describe("renderNoticePdf", () => {
  it("renders a letter whose text carries the decision, the reasons and the appeal, whatever the characters", async () => {
    const notice = buildNotice(input({ steps: [step(1, "not_met", { question_or_action: "Age ≥ 18 — “adult” patients", reason: "Patient is 16" })] }));
    const bytes = await renderNoticePdf(notice, { workspaceName: "Acme Health" });
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await getDocument({ data: bytes, verbosity: 0 }).promise;
    let text = "";
    for (let p = 1; p <= pdf.numPages; p++) text += (await (await pdf.getPage(p)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ") + "\n";
    expect(text).toContain("Notice of denial");
    expect(text).toContain("Member ID: MBR123");
    // Printed as written (embedded fonts); the "≥" is drawn by another font than its line, so it is its own text item.
    expect(text.replace(/\s+/g, " ")).toContain("1. Age ≥ 18 — “adult” patients");
    expect(text).toContain("Finding: Patient is 16");
    expect(text).toContain("How to appeal");
  });

  it("prints a procedure request's service in place of the drug and quantity", async () => {
    const notice = buildNotice(input({ outcome: "approved", drug: { name: null, strength: null, quantity: null, quantityUnit: null, daysSupply: null }, service: { code: "J3490", system: "HCPCS", display: null } }));
    const bytes = await renderNoticePdf(notice, { workspaceName: "Acme Health" });
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await getDocument({ data: bytes, verbosity: 0 }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ").replace(/\s+/g, " ");
    expect(text).toContain("Service: HCPCS J3490");
    expect(text).not.toContain("Drug:");
    expect(text).toContain("The request for HCPCS J3490 is approved");
  });
});
