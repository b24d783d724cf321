// Which section of a policy a case falls under: the indication whose conditions match the case's diagnoses (the
// most specific ICD-10-CM prefix wins, then names), and initial or continuation therapy (continuation when paid
// claims, an ongoing treatment or the request form show the requested drug is already in use). Sections without a
// condition ("Patients less than 19 years of age") are kept as alternatives the evaluator may also try.
import { priorUseOfDrug } from "@/lib/claims/claims-evidence";
import { sameDrug } from "@/lib/lexicon/same-drug";
import type { ClaimRecord } from "@/lib/claims/types";
import type { IntakeFacts, IntakeMedicationRequest } from "@/lib/intake/types";
import { matchDiagnoses } from "./checks/answer-diagnosis";
import type { ParsedPolicy, PolicySection } from "./types";

export interface IndicationCandidate {
  section: PolicySection;
  /** 0 for sections without conditions; higher is a closer diagnosis match. */
  score: number;
  matchedBy: string;
}

export interface IndicationSelection {
  phase: "initial" | "continuation";
  phaseReason: string;
  /** Sections matched by diagnosis (best first), then sections without conditions. */
  candidates: IndicationCandidate[];
  chosen: PolicySection | null;
}

const YES = /^\s*(?:yes|y|true|x|☒|☑|✓|✔)\b/i;

/** Initial or continuation: is the requested drug already in use? */
export function therapyPhase(facts: IntakeFacts, opts: { claims?: readonly ClaimRecord[]; requested?: IntakeMedicationRequest | null; coveredDrugs?: readonly string[] }): { phase: "initial" | "continuation"; reason: string } {
  const names = [opts.requested?.name, ...(opts.coveredDrugs ?? [])].filter((n): n is string => Boolean(n));
  if (!names.length) return { phase: "initial", reason: "No requested drug is known, so the initial criteria apply." };
  for (const name of names) {
    const use = priorUseOfDrug(opts.claims ?? [], { name, ndc: opts.requested?.ndc ?? null });
    if (use.used && use.trial) return { phase: "continuation", reason: `Paid claims for ${use.trial.written} (${use.trial.claimIds.join(", ")}, ${use.trial.firstFill} to ${use.trial.lastFill}) show the drug is already in use.` };
  }
  const ongoing = (facts.priorTreatments ?? []).find((t) => names.some((n) => sameDrug(t.drug, n)) && t.outcome === "ongoing");
  if (ongoing) return { phase: "continuation", reason: `The notes show ${ongoing.drug} as ongoing therapy${ongoing.startDate ? ` since ${ongoing.startDate}` : ""}.` };
  const answer = (facts.answers ?? []).find((a) => /continuation of (?:therapy|treatment)|currently (?:on|receiving|taking) the requested/i.test(a.question) && YES.test(a.answer));
  if (answer) return { phase: "continuation", reason: `The request form answers “${answer.question}”: ${answer.answer}.` };
  return { phase: "initial", reason: "Neither claims nor notes show the requested drug in use, so the initial criteria apply." };
}

/** Sections grouped by indication (initial and continuation of one indication share the title). */
function indications(policy: ParsedPolicy): PolicySection[][] {
  const groups = new Map<string, PolicySection[]>();
  for (const section of policy.sections) {
    const key = `${section.title}\u0000${section.diagnosisHints.names.join("|")}`;
    groups.set(key, [...(groups.get(key) ?? []), section]);
  }
  return [...groups.values()];
}

function sectionForPhase(sections: PolicySection[], phase: "initial" | "continuation"): PolicySection {
  return sections.find((s) => s.kind === phase) ?? sections.find((s) => s.kind === "general") ?? sections.find((s) => s.kind === "initial") ?? sections[0];
}

export function selectIndication(policy: ParsedPolicy, facts: IntakeFacts, opts: { claims?: readonly ClaimRecord[]; requested?: IntakeMedicationRequest | null } = {}): IndicationSelection {
  const { phase, reason } = therapyPhase(facts, { claims: opts.claims, requested: opts.requested, coveredDrugs: policy.drugNames });
  const matched: IndicationCandidate[] = [];
  const general: IndicationCandidate[] = [];
  // Criteria for one phase that apply to every indication ("Continuation of Therapy: all members who ..."): an
  // indication without criteria of that phase takes them.
  const policyWide = policy.sections.find((s) => s.kind === phase && !s.diagnosisHints.names.length && !s.diagnosisHints.icd10Prefixes.length) ?? null;
  for (const sections of indications(policy)) {
    const own = sectionForPhase(sections, phase);
    const section = own.kind !== phase && policyWide && (own.diagnosisHints.names.length || own.diagnosisHints.icd10Prefixes.length) ? policyWide : own;
    const hints = own.diagnosisHints;
    if (!hints.names.length && !hints.icd10Prefixes.length) {
      if (general.some((g) => g.section === section)) continue;
      general.push({ section, score: 0, matchedBy: "applies to any diagnosis" });
      continue;
    }
    const best = matchDiagnoses(facts.diagnoses ?? [], hints.names, hints.icd10Prefixes)[0];
    if (best) matched.push({ section, score: best.strength, matchedBy: `${best.by === "code" ? "ICD-10" : "name"}: ${best.detail}${section !== own ? ` (${own.title}; the policy's ${phase} criteria apply to every indication)` : ""}` });
  }
  matched.sort((a, b) => b.score - a.score);
  const candidates = [...matched, ...general.filter((g) => !matched.some((m) => m.section === g.section))];
  return { phase, phaseReason: reason, candidates, chosen: candidates[0]?.section ?? null };
}
