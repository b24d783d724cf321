// Diagnosis: the case's coded diagnoses by ICD-10-CM prefix, or by name (typos of one letter forgiven), else a
// statement in the documents. A diagnosis that is only suspected ("C/f", provisional) does not meet a criterion.
import type { IntakeDiagnosis } from "@/lib/intake/types";
import { diagnosisWords, nameCovers } from "@/lib/lexicon/diagnosis-name-match";
import { MATCH_FILLER } from "@/lib/lexicon/condition-qualifiers";
import { bestHit, citeHit, hitEvidence, searchDocuments } from "../case-search";
import { cite, listWords, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";
import { codeHasPrefix, titleOfCode } from "../conditions";


/** A criterion's name as words, filler aside: how strongly it matched, and the phrase searched in the documents. */
const nameWords = (name: string) => diagnosisWords(name, MATCH_FILLER);

export interface DiagnosisMatch {
  diagnosis: IntakeDiagnosis;
  by: "code" | "name";
  /** Prefix length for codes, word count for names: the more specific, the higher. */
  strength: number;
  detail: string;
}

/** The case's diagnoses that match the names or code prefixes, strongest first. */
export function matchDiagnoses(diagnoses: readonly IntakeDiagnosis[], names: readonly string[], prefixes: readonly string[]): DiagnosisMatch[] {
  const out: DiagnosisMatch[] = [];
  for (const d of diagnoses) {
    const code = d.icd10.find((c) => prefixes.some((p) => codeHasPrefix(c, p)));
    if (code) {
      const prefix = prefixes.filter((p) => codeHasPrefix(code, p)).sort((a, b) => b.length - a.length)[0];
      out.push({ diagnosis: d, by: "code", strength: 10 + prefix.replace(".", "").length, detail: `${code} is in ${prefix}` });
      continue;
    }
    const caseNames = [d.name ?? "", ...d.icd10.map((c) => titleOfCode(c) ?? "")].filter(Boolean);
    const name = names.find((n) => caseNames.some((c) => nameCovers(n, c)));
    if (name) out.push({ diagnosis: d, by: "name", strength: 8 + nameWords(name).length, detail: `“${d.name ?? d.icd10.join(", ")}” names ${name}` });
  }
  return out.sort((a, b) => b.strength - a.strength);
}

const describe = (d: IntakeDiagnosis) => `${d.name ?? "diagnosis"}${d.icd10.length ? ` (ICD-10 ${d.icd10.join(", ")}${d.icd10Source === "inferred" ? ", inferred from the name" : ""})` : ""}`;

export function answerDiagnosis(check: CheckOf<"diagnosis">, ctx: CaseContext): CheckAnswer {
  const wanted = listWords(check.names, "or") || check.icd10Prefixes.join(", ");
  const matches = matchDiagnoses(ctx.facts.diagnoses ?? [], check.names, check.icd10Prefixes);
  const confirmed = matches.find((m) => m.diagnosis.verificationStatus === "confirmed");
  if (confirmed) {
    const evidence = toStepEvidence(confirmed.diagnosis.evidence);
    return { outcome: "met", answer: `Yes: ${describe(confirmed.diagnosis)}${evidence.length ? `, ${cite(ctx, evidence)}` : ""}.`, reason: `The diagnosis matches ${wanted} (${confirmed.detail}).`, evidence };
  }
  if (matches.length) {
    const d = matches[0].diagnosis;
    const evidence = toStepEvidence(d.evidence);
    return {
      outcome: "not_met",
      answer: `Not confirmed: ${describe(d)} is recorded as ${d.verificationStatus}${evidence.length ? ` (${cite(ctx, evidence)})` : ""}.`,
      reason: `The diagnosis of ${wanted} is only ${d.verificationStatus}; the policy requires an established diagnosis.`,
      evidence,
      missingInformation: `Confirmation of the diagnosis of ${wanted} (e.g., test results or a specialist's note)`,
    };
  }
  const hits = searchDocuments(ctx.documents, { phrases: check.names.map((n) => nameWords(n).join(" ")).filter(Boolean) });
  const hit = bestHit(hits);
  if (hit && !hit.hedged) {
    return { outcome: "met", answer: `Yes, the documents state it: ${citeHit(hit)}.`, reason: `A document states a diagnosis of ${wanted}.`, evidence: [hitEvidence(hit)] };
  }
  const recorded = (ctx.facts.diagnoses ?? []).map(describe);
  if (hit?.hedged) {
    return {
      outcome: "not_met",
      answer: `Only suspected: ${citeHit(hit)}.`,
      reason: `The documents mention ${wanted} only as suspected${recorded.length ? `; the recorded diagnoses are ${listWords(recorded)}` : ""}.`,
      evidence: [hitEvidence(hit)],
      missingInformation: `Confirmation of the diagnosis of ${wanted}`,
    };
  }
  if (recorded.length) {
    return {
      outcome: "not_met",
      answer: `No. The case's diagnoses are ${listWords(recorded)}; none is ${wanted}.`,
      reason: `The policy covers ${wanted}; the case documents ${listWords(recorded)}.`,
      evidence: (ctx.facts.diagnoses ?? []).flatMap((d) => toStepEvidence(d.evidence).slice(0, 1)),
    };
  }
  return { outcome: "missing", answer: "The case states no diagnosis.", reason: `No diagnosis is documented, so ${wanted} cannot be confirmed.`, evidence: [], missingInformation: `Diagnosis with its ICD-10-CM code (${wanted})` };
}
