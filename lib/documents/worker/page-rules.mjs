// Which pages need text recognition. A page's text layer is usable when it holds enough readable characters; scans
// have none (or a few stamped words), and PDFs whose fonts lack a ToUnicode map give runs of symbols, private-use or
// control characters. The thresholds are data, tested as a table (page-rules.test.ts).

export const PAGE_RULES = {
  /** Fewer letters and digits than this: the page has no usable text layer. */
  minAlphanumeric: 25,
  /** Below this share of letters and digits among the non-space characters: garbled text. */
  minAlphanumericShare: 0.55,
  /** Above this share of control, private-use or replacement characters: garbled text. */
  maxJunkShare: 0.1,
  /** Below this share of words a person could read (2+ letters with a vowel, or a number): garbled text. */
  minWordShare: 0.4,
};

const JUNK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ue000-\uf8ff\ufffd]/gu;

/** Whether a page's text layer must be replaced by recognised text, and why ("no_text", "garbled"). Pure. */
export function pageNeedsOcr(text, rules = PAGE_RULES) {
  const compact = (text ?? "").replace(/[\s|]+/g, "");
  const alphanumeric = compact.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (alphanumeric < rules.minAlphanumeric) return { needed: true, reason: "no_text" };
  const junk = compact.match(JUNK)?.length ?? 0;
  if (junk / compact.length > rules.maxJunkShare) return { needed: true, reason: "garbled" };
  if (alphanumeric / compact.length < rules.minAlphanumericShare) return { needed: true, reason: "garbled" };
  const words = (text ?? "").split(/[\s|]+/).filter(Boolean);
  const readable = words.filter((w) => /\d/.test(w) || /[\p{L}]{2,}/u.test(w) && /[aeiouyAEIOUY]/.test(w) || /^[\p{L}]$/u.test(w)).length;
  if (readable / words.length < rules.minWordShare) return { needed: true, reason: "garbled" };
  return { needed: false, reason: null };
}

/** Why a PDF is refused when more of its pages need recognition than are recognised per document (PA_OCR_MAX_PAGES). */
export function tooManyScansMessage(scans, maxOcrPages) {
  return `The PDF has ${scans} pages without a usable text layer; at most ${maxOcrPages} pages are recognised per document (limit PA_OCR_MAX_PAGES).`;
}
