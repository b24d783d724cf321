// CPT (HCPCS Level I: five digits, or four digits and F/T/U for category II/III and PLA codes) and HCPCS Level II
// (a letter and four digits) procedure codes. Five digits are also ZIP codes and counts, so text matches need a
// keyword ("CPT", "HCPCS", "procedure code", "J-code") before them on the same line.
import { keywordBeforeOnLine } from "./keyword-on-line";

export type ProcedureSystem = "CPT" | "HCPCS";

export function classifyProcedureCode(raw: string): ProcedureSystem | null {
  const code = raw.trim().toUpperCase();
  if (/^\d{5}$/.test(code) || /^\d{4}[FTU]$/.test(code)) return "CPT";
  if (/^[A-CEGHJ-MP-V]\d{4}$/.test(code)) return "HCPCS";
  return null;
}

export interface ProcedureMatch {
  code: string;
  system: ProcedureSystem;
  start: number;
  end: number;
}

const KEYWORD = /\b(?:CPT|HCPCS|procedure\s+codes?|service\s+codes?|J[\s-]?codes?|billing\s+codes?)\b/i;
const CANDIDATE = /(?<![A-Za-z0-9.\-/])(\d{4}[0-9FTU]|[A-CEGHJ-MP-V]\d{4})(?![A-Za-z0-9]|[.\-/]\d)/g;

/** Procedure codes in a text, each after a keyword earlier on its line (or in a procedure-code field: `labelled`). */
export function findProcedureCodes(text: string, opts: { labelled?: boolean } = {}): ProcedureMatch[] {
  const found: ProcedureMatch[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    if (!opts.labelled && !keywordBeforeOnLine(text, m.index, KEYWORD, 60)) continue;
    const system = classifyProcedureCode(m[1]);
    if (system) found.push({ code: m[1].toUpperCase(), system, start: m.index, end: m.index + m[1].length });
  }
  return found;
}
