// A diagnosis name as written, cleaned for use ("● consistent with high-grade osteosarcoma." -> "high-grade
// osteosarcoma"), its verification status from hedging words, and a diagnosis built from it (with the ICD-10-CM
// category inferred from the name when no code was given).
import { icd10ForName } from "@/lib/lexicon/codes/icd10-names";
import { icd10Title } from "@/lib/lexicon/codes/icd10";
import { emptyDiagnosis } from "@/lib/intake/facts";
import { contextOf } from "@/lib/lexicon/context";
import type { Evidence, IntakeDiagnosis } from "@/lib/intake/types";

const HEDGE = /^(?:c\/f|concern(?:ing)? for(?: (?:the )?development of)?|r\/o|rule[- ]out|possible|probable|suspected|suspect|likely|presumed|query|questionable|\?)\s+/i;
const INNER = /\b(?:consistent with|compatible with|diagnosis of|diagnosed with|suggestive of|concerning for(?: (?:the )?development of)?|history of|h\/o)\s+(.+)$/i;

export interface CleanName {
  name: string;
  provisional: boolean;
}

/** The condition a phrase names, or null when the phrase is not a short condition name. */
export function cleanDiagnosisName(raw: string): CleanName | null {
  let text = raw
    .replace(/\((?:[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?[,;\s]*)+\)/g, " ") // "(G40.811)"
    .replace(/\b[A-Z]\d[0-9A-Z]\.[0-9A-Z]{1,4}\b/g, " ")
    .replace(/\b(?:ICD[- ]?10(?:[- ]?CM)?|codes?)\s*[:#]?/gi, " ")
    .replace(/^[\s●•○▪*#\-–:>]+/, "")
    .replace(/\s+/g, " ")
    .trim();
  // Whether the name is asserted or only suspected is the context engine's question (lib/lexicon/context.ts); the
  // patterns below only cut the hedge and the lead-in off the name.
  const written = text;
  const inner = INNER.exec(text);
  if (inner) text = inner[1];
  const hedge = HEDGE.exec(text);
  if (hedge) text = text.slice(hedge[0].length);
  text = text.replace(/[\s.,;:|]+$/, "").replace(/^(?:the|a|an)\s+/i, "").trim();
  if (!text || text.length < 3 || !/[A-Za-z]{3}/.test(text)) return null;
  if (text.split(/\s+/).length > 8 || /^(?:n\/a|na|none|unknown|see (?:attached|notes?)|other|yes|no)$/i.test(text)) return null;
  if (/\b(?:is|are|was|were|has|have|had|will|shows?|demonstrates?|noted|seen|observed|performed|please)\b/i.test(text)) return null;
  // A phrase cut short (at a page end, "the diagnosis of relapse in"): it names no condition yet.
  if (/\b(?:in|of|with|without|to|for|and|or|on|at|by|from|the)$/i.test(text)) return null;
  const at = written.lastIndexOf(text);
  const provisional = at >= 0 && contextOf(written, at, at + text.length).includes("uncertain");
  return { name: text, provisional };
}

/** A diagnosis from a name and the codes stated with it; infers the category from the name when no code is given. */
export function diagnosisFrom(name: string | null, codes: string[], evidence: Evidence[], opts: { provisional?: boolean; onsetDate?: string | null } = {}): IntakeDiagnosis {
  const dx = emptyDiagnosis();
  dx.name = name;
  dx.icd10 = [...new Set(codes)];
  dx.evidence = evidence;
  dx.onsetDate = opts.onsetDate ?? null;
  if (opts.provisional) dx.verificationStatus = "provisional";
  if (dx.icd10.length) {
    dx.icd10Source = "stated";
    if (!dx.name) {
      const title = icd10Title(dx.icd10[0]);
      if (title?.exact) dx.name = title.title;
    }
  } else if (name) {
    const match = icd10ForName(name);
    if (match) {
      dx.icd10 = [match.code];
      dx.icd10Source = "inferred";
      const title = icd10Title(match.code);
      dx.notes.push(`ICD-10-CM ${match.code} inferred from the name "${name}"${title ? ` (${title.title})` : ""}; no code was stated.`);
    }
  }
  return dx;
}

