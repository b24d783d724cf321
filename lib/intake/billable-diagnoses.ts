// Billable ICD-10-CM codes for a case's diagnoses: a category written or inferred (K50.9, G40.81, C91.0) becomes the
// one billable code under it that the documents' words around the diagnosis support; otherwise it stays as written
// and says "category, not billable". Every code gets its official FY2026 title.
import { escapeRegExp } from "@/lib/escape-reg-exp";
import { resolveBillable } from "@/lib/lexicon/resolve-billable";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import type { Icd10Detail, IntakeDiagnosis } from "@/lib/intake/types";

/** Characters of text read before and after each place the diagnosis is written. */
const BEFORE = 400;
const AFTER = 600;

/** The text around the places a diagnosis is named (its name, its codes, its title): the words that may qualify it. */
export function diagnosisContext(dx: IntakeDiagnosis, texts: readonly string[]): string {
  const needles = [dx.name, ...dx.icd10, ...dx.icd10.map((c) => c.replace(".", ""))]
    .filter((n): n is string => Boolean(n && n.trim().length >= 3))
    .map((n) => new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(n.trim()).replace(/\s+/g, "\\s+")}(?![A-Za-z0-9])`, "gi"));
  const windows: string[] = [];
  for (const text of texts) {
    const spans: [number, number][] = [];
    for (const re of needles) for (const m of text.matchAll(re)) spans.push([Math.max(0, m.index - BEFORE), Math.min(text.length, m.index + m[0].length + AFTER)]);
    spans.sort((a, b) => a[0] - b[0]);
    let last: [number, number] | null = null;
    for (const span of spans) {
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
      else {
        if (last) windows.push(text.slice(...last));
        last = [...span];
      }
    }
    if (last) windows.push(text.slice(...last));
  }
  const quotes = dx.evidence.map((e) => e.quote).filter(Boolean);
  return [...windows, ...quotes].join("\n\n");
}

/** The diagnoses with billable codes where the documents support one, and the details of every code. */
export function billableDiagnoses(diagnoses: readonly IntakeDiagnosis[], docs: readonly SourceDocument[]): { diagnoses: IntakeDiagnosis[]; warnings: string[] } {
  const texts = docs.flatMap((d) => d.pages.map((p) => p?.text ?? "")).filter(Boolean);
  const warnings: string[] = [];
  const out = diagnoses.map((dx) => {
    if (!dx.icd10.length) return dx;
    const context = diagnosisContext(dx, texts);
    const details: Icd10Detail[] = [];
    const notes = [...dx.notes];
    for (const code of dx.icd10) {
      const r = resolveBillable(code, context);
      if (details.some((d) => d.code === r.code)) continue;
      details.push({ code: r.code, title: r.title, billable: r.billable, ...(r.resolvedFrom ? { resolvedFrom: r.resolvedFrom } : {}), ...(r.warning ? { warning: r.warning } : {}) });
      if (r.resolvedFrom) notes.push(`ICD-10-CM ${r.resolvedFrom} is a category; ${r.code} (${r.title}) is the billable code the documents support (${(r.because ?? []).map((b) => `"${b}"`).join(", ")}).`);
      if (r.warning) warnings.push(`ICD-10-CM ${r.warning}`);
    }
    return { ...dx, icd10: details.map((d) => d.code), icd10Details: details, notes };
  });
  return { diagnoses: out, warnings };
}
