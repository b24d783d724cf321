import { describe, expect, it } from "vitest";
import { buildNotice, type NoticeInput } from "./build-notice";
import { DEFAULT_APPEAL_INSTRUCTIONS } from "./denial-reason-codes";
import { renderNotice } from "./render-notice-pdf";
import { MISSING_GLYPH_MARKER } from "./pdf-text/text-runs";

const input = (over: Partial<NoticeInput>): NoticeInput => ({
  outcome: "denied", caseId: "CASE-9", receivedAt: "2026-11-20T10:00:00.000", issuedAt: "2026-11-27T09:00:00.000",
  patient: { name: "Jane Doe", birthDate: "1968-03-14", memberId: "MBR123" },
  drug: { name: "Januvia", strength: "100 mg", quantity: 30, quantityUnit: "tablets", daysSupply: 30 }, service: null,
  policy: { title: "Medicaid Formulary", section: "sitagliptin JANUVIA" }, steps: [], missingInformation: [],
  decidedBy: "nurse@plan.test", reviewerNote: null, reasonCode: null, appealInstructions: DEFAULT_APPEAL_INSTRUCTIONS, ...over,
});

/** The PDF's text as pdf.js reads it (items in drawing order), and each item's right edge. */
async function readPdf(bytes: Uint8Array) {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const items: { str: string; right: number }[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    for (const item of (await (await pdf.getPage(p)).getTextContent()).items) if ("str" in item) items.push({ str: item.str, right: item.transform[4] + item.width });
  }
  return { text: items.map((i) => i.str).join(""), items };
}

const letters = (s: string) => [...s].filter((ch) => /\p{L}/u.test(ch));

describe("a notice in every script", () => {
  // script | patient name | how it reads back: as written, or its letters (Arabic is shaped: the lam-alef ligature is
  // one glyph for two letters, and pdf.js's right-to-left reordering turns that pair around)
  const names: [string, string, "as written" | "letters"][] = [
    ["Latin with diacritics", "Zoë Ólafsdóttir", "as written"],
    ["Greek", "Ελένη Παπαδοπούλου", "as written"],
    ["Cyrillic", "Анна Иванова", "as written"],
    ["Arabic", "محمد الأحمد", "letters"],
    ["Hebrew", "דוד כהן", "as written"],
    ["Chinese", "王小明", "as written"],
    ["Japanese", "山田太郎", "as written"],
    ["Korean", "김민준", "as written"],
  ];

  it.each(names)("%s: the name reads back from the letter, and nothing is missing", async (_script, name, readsBack) => {
    const { bytes, missingGlyphs } = await renderNotice(buildNotice(input({ patient: { name, birthDate: null, memberId: null } })), { workspaceName: "Acme Health" });
    expect(missingGlyphs).toEqual([]);
    const { text } = await readPdf(bytes);
    expect(text).not.toContain("?");
    expect(text).not.toContain(MISSING_GLYPH_MARKER);
    if (readsBack === "letters") {
      const found = letters(text);
      for (const ch of letters(name)) expect(found, ch).toContain(ch);
    } else {
      // Right-to-left runs are drawn in visual order; pdf.js gives them back in logical order.
      expect(text).toContain(`Patient: ${name}`);
    }
    // Fonts are embedded as subsets of the glyphs used: a letter stays small (see README for the figures).
    expect(bytes.length).toBeLessThan(/[\u4E00-\u9FFF\uAC00-\uD7A3]/u.test(name) ? 120_000 : 40_000);
  });

  it("draws a character no font has as a visible marker and reports it with its field, never as a silent ?", async () => {
    const { bytes, missingGlyphs } = await renderNotice(
      buildNotice(input({ patient: { name: "Ana \u{1F600} Silva", birthDate: null, memberId: null }, reviewerNote: "Code \uE000 unknown." })),
      { workspaceName: "Acme Health" },
    );
    // A denial without a failed criterion gives the reviewer's note as its reason too: both places are named.
    expect(missingGlyphs).toEqual([
      { field: "patient.name", characters: ["\u{1F600}"] },
      { field: "reasons[0].text", characters: ["\uE000"] },
      { field: "reviewer_note", characters: ["\uE000"] },
    ]);
    const { text } = await readPdf(bytes);
    expect(text).toContain(`Patient: Ana ${MISSING_GLYPH_MARKER} Silva`);
    expect(text).toContain(`Reviewer's note: Code ${MISSING_GLYPH_MARKER} unknown.`);
    expect(text).not.toContain("?");
  });

  it("wraps a long sentence without spaces (Chinese) inside the margins, and mixes scripts on one line", async () => {
    const sentence = "患者已经尝试过两种其他抗癫痫药物但是发作仍然持续因此需要进一步评估。".repeat(4);
    const { bytes } = await renderNotice(
      buildNotice(input({ reviewerNote: `${sentence} Ελένη, Анна, 김민준 ≥ 18.` })),
      { workspaceName: "Acme Health" },
    );
    const { text, items } = await readPdf(bytes);
    expect(text.replace(/\s+/g, "")).toContain(sentence);
    expect(text).toContain("Ελένη, Анна, 김민준 ≥ 18.");
    for (const item of items) expect(item.right, item.str).toBeLessThanOrEqual(612 - 56 + 0.5);
  });
});
