// One labelled case through the engines in-process, as the service runs them but without a database: the policy
// document's reading (its sections) -> the section bound to the case's drug -> the intake of the case's documents ->
// the policy check -> the determination. Pure: documents are already read (lib/documents/read-pdf.ts).
import type { ClaimRecord } from "@/lib/claims/types";
import { decide, type DeterminationStatus } from "@/lib/determinations/decide";
import { extractIntake } from "@/lib/intake/extract-intake";
import type { IntakeFacts } from "@/lib/intake/types";
import { evaluatePolicy } from "@/lib/policies/evaluate-policy";
import { caseDrugsOf } from "@/lib/policies/library/case-drugs";
import { chooseSection, type CaseDrugs, type SectionMatch } from "@/lib/policies/library/choose-section";
import type { DrugPolicySection, PolicyDocumentReading, PolicyFamily } from "@/lib/policies/read/types";
import type { ParsedPolicy, PolicyCheckStep } from "@/lib/policies/types";
import { quotedPassages, readsPassage } from "./deciding-criterion";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { scoreCase, labelsOfCase, type Count, type Field } from "./intake-scoring";

/** request_for_information: the deciding criterion lacks evidence and the engine asks for it. */
export type ExpectedOutcome = "approved" | "denied" | "request_for_information";

export interface EvaluationCase {
  key: string;
  /** Where figures are counted: "<source>/<family>" ("policy-families/formulary", "fixtures/part_d_criteria"). */
  group: string;
  family: PolicyFamily;
  expected: ExpectedOutcome;
  /** false: the document holds no section for the drug; the case agrees when none is chosen (the service's 422). */
  inDocument?: boolean;
  drug: string;
  asOf: string;
  decidingCriterion: string | null;
  /** Label fields the intake is scored on (patient_dob, dx_icd10, prescriber_specialty, drug, prescriber_npi, quantity). */
  label: Record<string, unknown>;
  /** The form layout of the case's request, where intake figures are counted per layout (default: the group). */
  layout?: string;
}

export interface CaseOutcome {
  key: string;
  group: string;
  family: PolicyFamily;
  expected: ExpectedOutcome;
  /** A section of the document is bound to the labelled drug (none is, for a drug labelled not in the document). */
  sectionFound: boolean;
  /** The section the case's own drug (from its intake) chose, or null (the service answers 422). */
  section: string | null;
  steps: { met: number; notMet: number; missing: number; manual: number };
  /** The engine's own conclusion; null when no section was chosen. */
  recommended: DeterminationStatus | null;
  status: DeterminationStatus | null;
  /** Steps reading the labelled deciding criterion (every step when the label names none). */
  decidingSteps: number;
  criterionAgrees: boolean;
  determinationAgrees: boolean;
  falseApproval: boolean;
  intake: Partial<Record<Field, Count>>;
  /** The intake's labelled fields it missed or added, in words. */
  intakeMismatches: string[];
  /** One line on what happened, for the printed table. */
  note: string;
  /** Each step of the check in one line (question, outcome, reason), printed with EVALUATION_VERBOSE=1. */
  stepLines: string[];
}

/** chooseSection per document and drug names, remembered: the a and b variants of a case ask the same. */
const chosenSections = new WeakMap<PolicyDocumentReading, Map<string, { section: DrugPolicySection; matchedBy: SectionMatch } | null>>();
function sectionFor(reading: PolicyDocumentReading, drugs: CaseDrugs) {
  let byKey = chosenSections.get(reading);
  if (!byKey) chosenSections.set(reading, (byKey = new Map()));
  const key = JSON.stringify(drugs);
  if (!byKey.has(key)) byKey.set(key, chooseSection(reading.sections, drugs));
  return byKey.get(key) ?? null;
}

const onPath = (steps: readonly PolicyCheckStep[]) => steps.filter((s) => !s.notNeeded);

/** The case's intake as the evaluation reads it (the request's year dates day/month-only mentions). */
export const intakeOfCase = (c: Pick<EvaluationCase, "asOf">, documents: SourceDocument[]): IntakeFacts => extractIntake(documents, { referenceYear: Number(c.asOf.slice(0, 4)) });

/** The policy check of a case against one policy and the determination on it, as the service makes them. */
export function checkAndDecide(opts: { policy: ParsedPolicy; facts: IntakeFacts; documents: SourceDocument[]; claims: ClaimRecord[]; asOf: string; binding: string }) {
  const { policy, facts } = opts;
  const result = evaluatePolicy({ policy, facts, documents: opts.documents, claims: opts.claims, testClaim: null, asOf: opts.asOf });
  const decision = decide({
    policy: { title: policy.title, version: null, section: result.section?.title ?? null, source: "library" },
    steps: result.steps,
    claims: [],
    testClaim: null,
    history: [],
    subject: { patient: null, drug: facts.medicationRequests[0]?.name ?? null, diagnosis: null },
    requireClinicianForAdverse: false,
    binding: { bound: true, how: opts.binding },
    identityConflicts: facts.identityConflicts ?? [],
  });
  return { result, decision, path: onPath(result.steps) };
}

export function evaluateCase(opts: { testCase: EvaluationCase; reading: PolicyDocumentReading; documents: SourceDocument[]; claims?: ClaimRecord[]; facts?: IntakeFacts }): CaseOutcome {
  const { testCase: c, reading, documents } = opts;
  const claims = opts.claims ?? [];
  const facts = opts.facts ?? intakeOfCase(c, documents);
  const { counts: intake, mismatches: intakeMismatches } = scoreCase(facts, labelsOfCase(c.label));
  const inDocument = c.inDocument !== false;
  const sectionFound = (sectionFor(reading, { ndcs: [], drugNames: [c.drug] }) !== null) === inDocument;
  const meds = facts.medicationRequests;
  // The drugs as the service chooses by (caseDrugsOf): names, NDCs, the request's strength and form.
  const chosen = sectionFor(reading, caseDrugsOf({ facts, priorAuth: { drugName: null } }));
  const base = { key: c.key, group: c.group, family: c.family, expected: c.expected, sectionFound, intake, intakeMismatches };
  if (!chosen) {
    const note = meds.length ? `no section bound to ${meds.map((m) => m.name).join(", ")} among ${reading.sections.length} (${reading.family})` : "the intake found no requested drug";
    // No section: the service answers 422 and approves nothing; a deny case is not approved but not on its criterion.
    // A drug labelled as not in the document agrees exactly then.
    return { ...base, section: null, steps: { met: 0, notMet: 0, missing: 0, manual: 0 }, recommended: null, status: null, decidingSteps: 0, criterionAgrees: !inDocument, determinationAgrees: !inDocument, falseApproval: false, note, stepLines: [] };
  }
  const names = [...chosen.section.drugs.names, ...chosen.section.drugs.ndcs].join(", ") || chosen.section.label;
  const { result, decision, path } = checkAndDecide({ policy: chosen.section.policy, facts, documents, claims, asOf: c.asOf, binding: `section "${chosen.section.label}" bound by ${chosen.matchedBy} (${names})` });
  const count = (o: PolicyCheckStep["outcome"]) => path.filter((s) => s.outcome === o).length;
  const passages = c.decidingCriterion ? quotedPassages(c.decidingCriterion) : [];
  const deciding = passages.length ? path.filter((s) => readsPassage(s.policyQuote?.text ?? s.policy_guideline_quoted_source, passages)) : path;
  const decidingNotMet = deciding.some((s) => s.outcome === "not_met");
  const decidingMissing = !decidingNotMet && deciding.some((s) => s.outcome === "missing");
  // The case's intake may name another drug than the label's (or the label says the document holds none for it): its
  // section's criteria then decide nothing of this case.
  const rightDrug = inDocument && chooseSection([chosen.section], { ndcs: [], drugNames: [c.drug] }) !== null;
  const approved = decision.status === "approved";
  const criterionAgrees =
    rightDrug && deciding.length > 0 && (c.expected === "approved" ? deciding.every((s) => s.outcome === "met") : c.expected === "denied" ? decidingNotMet : decidingMissing);
  const determinationAgrees =
    rightDrug && (c.expected === "approved" ? approved : c.expected === "denied" ? !approved && decidingNotMet : decision.status === "request_for_information" && decidingMissing);
  const open = path.filter((s) => s.outcome !== "met").map((s) => `step ${s.step} ${s.outcome}`);
  return {
    ...base,
    section: chosen.section.label,
    steps: { met: count("met"), notMet: count("not_met"), missing: count("missing"), manual: count("manual") },
    recommended: decision.recommendedStatus,
    status: decision.status,
    decidingSteps: deciding.length,
    criterionAgrees,
    determinationAgrees,
    // Approving a deny case, or any case on another drug's criteria, is the worst outcome.
    falseApproval: approved && (c.expected !== "approved" || !rightDrug),
    stepLines: result.steps.map((s) => `${s.step}. [${s.notNeeded ? "not needed" : s.outcome}] ${s.question_or_action} -> ${s.outcome === "met" ? s.answer : s.reason}`),
    note: `${rightDrug ? "" : `section of another drug than ${c.drug}; `}${decision.status}; ${path.length} steps${open.length ? ` (${open.join(", ")})` : ""}${passages.length && !deciding.length ? "; no step reads the deciding criterion" : ""}`,
  };
}
