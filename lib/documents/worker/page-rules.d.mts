export interface PageRules {
  minAlphanumeric: number;
  minAlphanumericShare: number;
  maxJunkShare: number;
  minWordShare: number;
}
export const PAGE_RULES: PageRules;
export function pageNeedsOcr(text: string, rules?: PageRules): { needed: boolean; reason: "no_text" | "garbled" | null };
export function tooManyScansMessage(scans: number, maxOcrPages: number): string;
