// The policy check: the section that applies to the case (indication by diagnosis, initial or continuation), then
// one step per criterion in policy order, each answered from the intake facts, the documents and the claims with the
// evidence cited. A step passes only with evidence. Every criterion of the section is a step, so reviewers see them
// all; the ANY groups decide what a step means for the decision:
//  - an ANY group already met: its other alternatives are "not needed" (`notNeeded`, outcome "met" because the
//    requirement they belong to is met, `passed` false, their own finding kept in the answer);
//  - an ANY group still open (no alternative met, one lacks evidence): an alternative that failed is reported as
//    "missing" with its failure in the reason, since the requirement can still be met by the open one;
//  - otherwise a step's outcome is its own.
// Pure and deterministic.
import { caseClaims } from "@/lib/claims/case-claims";
import { sameDrug } from "@/lib/lexicon/same-drug";
import type { ClaimRecord, TestClaim } from "@/lib/claims/types";
import type { IntakeFacts } from "@/lib/intake/types";
import { listWords, manualAnswer, requestedDrug, toStepEvidence, type CaseContext, type CheckAnswer } from "./case-context";
import { scopedForms, scopedProducts } from "./drug-scope";
import { productForm } from "@/lib/lexicon/product-form";
import { answerAge } from "./checks/answer-age";
import { answerCombination } from "./checks/answer-combination";
import { answerContinuation } from "./checks/answer-continuation";
import { answerDiagnosis } from "./checks/answer-diagnosis";
import { answerProcedureResponse } from "./checks/answer-procedure-response";
import { answerDocumentation } from "./checks/answer-documentation";
import { answerExclusion } from "./checks/answer-exclusion";
import { answerLab } from "./checks/answer-lab";
import { answerLimit } from "./checks/answer-limit";
import { answerLabeledDose } from "./checks/answer-labeled-dose";
import { answerSpecialty } from "./checks/answer-specialty";
import { answerStepTherapy } from "./checks/answer-step-therapy";
import { questionFor } from "./criterion-question";
import { selectIndication } from "./select-indication";
import { nodeStatus, summarizePolicyCheck, type NodeStatus } from "./summarize-policy-check";
import type { CriteriaNode, CriterionNode, ParsedPolicy, PolicyCheckStep, PolicyEvaluation, PolicySection } from "./types";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

export { summarizePolicyCheck } from "./summarize-policy-check";

export interface EvaluatePolicyInput {
  policy: ParsedPolicy;
  facts: IntakeFacts;
  documents: readonly SourceDocument[];
  claims?: readonly ClaimRecord[] | null;
  testClaim?: TestClaim | null;
  /** YYYY-MM-DD: the date ages and recent fills are computed on (the request's date). */
  asOf: string;
}

/** The request's dosage forms, from its name, strength, form and unit ("DEXILANT DR 60 mg capsule": capsule). */
function requestedForms(ctx: CaseContext): string[] {
  const r = ctx.requested;
  return r ? productForm([r.name, r.strength, r.dosageForm, r.quantityUnit].filter(Boolean).join(" ")).forms.filter((f) => f !== "extended release") : [];
}

/**
 * A sentence about other products of the section than the one requested ("MYDAYIS – ...", "Granules, suspensions
 * and ODT forms: ..."): it does not apply to this request. As a requirement of its own that asks nothing of this
 * request (met); as one alternative of a ONE-of group it is an alternative this request does not have (not met):
 * "does not apply" never meets a group in place of the criteria that do.
 */
function notThisProduct(criterion: CriterionNode, ctx: CaseContext, alternative: boolean): CheckAnswer | null {
  const requested = ctx.requested;
  if (!requested) return null;
  const products = scopedProducts(criterion.text);
  const forms = products ? null : scopedForms(criterion.text);
  const wanted = requestedForms(ctx);
  const other = products
    ? !products.some((p) => sameDrug(p, requested.name))
    : forms !== null && wanted.length > 0 && !wanted.some((f) => forms.includes(f));
  if (!other) return null;
  const about = products ? listWords(products) : `${listWords(forms ?? [], "and")} forms`;
  const what = products ? requested.name : `${requested.name} (${listWords(wanted, "and")})`;
  const evidence = toStepEvidence(requested.evidence).slice(0, 1);
  if (alternative) {
    return {
      outcome: "not_met",
      answer: `Does not apply: the sentence is about ${about} only; the request is for ${what}, so this alternative is not open to it.`,
      reason: `The alternative applies to ${about}, not to ${what}.`,
      evidence,
    };
  }
  return {
    outcome: "met",
    answer: `Does not apply: the sentence is about ${about} only; the request is for ${what}.`,
    reason: `The criterion applies to ${about}, not to ${what}.`,
    evidence,
  };
}

/** The answer to one criterion. */
export function answerCriterion(criterion: CriterionNode, ctx: CaseContext, alternative = false): CheckAnswer {
  const other = notThisProduct(criterion, ctx, alternative);
  if (other) return other;
  const check = criterion.check;
  switch (check.kind) {
    case "age":
      return answerAge(check, ctx);
    case "diagnosis":
      return answerDiagnosis(check, ctx);
    case "prescriber_specialty":
      return answerSpecialty(check, ctx);
    case "step_therapy":
      return answerStepTherapy(check, ctx, criterion.text);
    case "lab_threshold":
      return answerLab(check, ctx, criterion.text);
    case "quantity_limit":
    case "dose_limit":
    case "duration_limit":
      return answerLimit(check, ctx);
    case "labeled_dose_limit":
      return answerLabeledDose(ctx);
    case "documentation":
      return answerProcedureResponse(check, ctx) ?? answerDocumentation(check, ctx);
    case "combination_therapy":
      return answerCombination(check, ctx);
    case "concurrent_therapy_exclusion":
      return answerExclusion(check, ctx);
    case "continuation":
      return answerContinuation(check, ctx);
    default:
      return manualAnswer(criterion.text);
  }
}

interface Answered {
  criterion: CriterionNode;
  answer: CheckAnswer;
}

/** Answers every criterion of a tree (by id). */
function answerTree(node: CriteriaNode, ctx: CaseContext, out: Map<string, Answered>, alternative = false): void {
  if (node.kind === "criterion") {
    const answer = safeAnswer(node, ctx, alternative);
    out.set(node.id, { criterion: node, answer });
  } else node.children.forEach((c) => answerTree(c, ctx, out, node.logic === "any" && node.children.length > 1));
}

function safeAnswer(criterion: CriterionNode, ctx: CaseContext, alternative = false): CheckAnswer {
  let answer: CheckAnswer;
  try {
    answer = answerCriterion(criterion, ctx, alternative);
  } catch (error) {
    // A malformed check (an admin's edit) must not break the whole check: a clinician answers it.
    answer = { ...manualAnswer(criterion.text), answer: `This criterion could not be evaluated automatically (${error instanceof Error ? error.message : "error"}).` };
  }
  // Passing needs evidence.
  if (answer.outcome === "met" && !answer.evidence.length) {
    return { ...answer, outcome: "missing", reason: `${answer.reason} No evidence could be cited for it.`, missingInformation: answer.missingInformation ?? "Documentation supporting this criterion" };
  }
  return answer;
}

/** What an ANY group above a leaf makes of it: not needed (the group is met by another branch), or an alternative
 * that failed while the group is still open. */
interface LeafRole {
  role: "own" | "not_needed" | "open_alternative";
  /** Ids of the alternatives that meet (not needed) or may still meet (open) the group. */
  others: string[];
  /** The outermost ONE-of group above with several open branches, and the branch this leaf is in. */
  openGroup?: { group: string; branch: number };
}

const leafIds = (node: CriteriaNode): string[] => (node.kind === "criterion" ? [node.id] : node.children.flatMap(leafIds));

/** Every leaf in policy order with its role. */
function leafRoles(node: CriteriaNode, outcomes: ReadonlyMap<string, CheckAnswer["outcome"]>, inherited: LeafRole = { role: "own", others: [] }, out: { leaf: CriterionNode; role: LeafRole }[] = []) {
  if (node.kind === "criterion") {
    out.push({ leaf: node, role: inherited });
    return out;
  }
  const status = (c: CriteriaNode): NodeStatus => nodeStatus(c, outcomes);
  const groupStatus = status(node);
  const openBranches = node.logic === "any" && groupStatus === "open" ? node.children.filter((c) => status(c) === "open").length : 0;
  node.children.forEach((child, branch) => {
    let role = inherited;
    if (inherited.role === "own" && !inherited.openGroup && openBranches > 1 && status(child) === "open") role = { ...inherited, openGroup: { group: node.id, branch } };
    if (inherited.role === "own" && node.logic === "any") {
      const childStatus = status(child);
      if (groupStatus === "met" && childStatus !== "met") {
        role = { role: "not_needed", others: node.children.filter((c) => status(c) === "met").flatMap(leafIds) };
      } else if (groupStatus === "open" && childStatus === "not_met") {
        role = { role: "open_alternative", others: node.children.filter((c) => status(c) === "open").flatMap(leafIds) };
      }
    }
    leafRoles(child, outcomes, role, out);
  });
  return out;
}

/** A step's answer as its group makes it count (see the header). */
type RoledAnswer = CheckAnswer & Pick<PolicyCheckStep, "notNeeded" | "closedAlternative" | "openAlternative">;

function withRole(answer: CheckAnswer, role: LeafRole): RoledAnswer {
  const others = role.others.length ? `${role.others.length === 1 ? "criterion" : "criteria"} ${listWords(role.others)}` : "another alternative";
  if (role.role === "not_needed" && answer.outcome !== "met") {
    const own = { not_met: "not met", missing: "not documented", manual: "not judged" }[answer.outcome];
    return {
      outcome: "met",
      notNeeded: true,
      answer: `Not needed: ${others} already ${role.others.length === 1 ? "meets" : "meet"} this ONE-of requirement. On its own this alternative is ${own}: ${answer.answer}`,
      reason: `Not needed: the requirement it belongs to is met by ${others}.`,
      evidence: answer.evidence,
    };
  }
  if (role.role === "open_alternative" && answer.outcome === "not_met") {
    return {
      outcome: "missing",
      closedAlternative: true,
      answer: answer.answer,
      reason: `${answer.reason} This alternative is not met, but ${others} can still meet the requirement once documented.`,
      evidence: answer.evidence,
    };
  }
  return role.openGroup && answer.outcome === "missing" ? { ...answer, openAlternative: role.openGroup } : answer;
}

function toStep(number: number, answered: Answered & { answer: RoledAnswer }, policy: ParsedPolicy, section: PolicySection | null): PolicyCheckStep {
  const { criterion, answer } = answered;
  const where = [section?.title, `page ${criterion.quote.page}`].filter(Boolean).join(", ");
  const step: PolicyCheckStep = {
    step: number,
    criterionId: criterion.id,
    question_or_action: questionFor(criterion),
    answer: answer.answer,
    passed: answer.outcome === "met" && !answer.notNeeded && answer.evidence.length > 0,
    outcome: answer.outcome,
    reason: answer.reason,
    policy_guideline_quoted_source: `“${criterion.quote.text}” (${policy.title}${where ? `, ${where}` : ""})`,
    policyQuote: criterion.quote,
    evidence: answer.evidence,
  };
  if (answer.missingInformation && answer.outcome !== "met") step.missingInformation = answer.missingInformation;
  if (answer.notNeeded) step.notNeeded = true;
  if (answer.closedAlternative) step.closedAlternative = true;
  if (answer.openAlternative) step.openAlternative = answer.openAlternative;
  return step;
}

/** What a limit requires, whatever drug it names: equal keys are the same requirement. */
const limitKey = (check: CriterionNode["check"]) =>
  check.kind === "quantity_limit" || check.kind === "dose_limit" || check.kind === "duration_limit" ? `${check.kind} ${check.value} ${check.unit} ${check.perDays ?? ""}` : "";

/** Evaluates one section (and the policy's limits) against the case. */
export function evaluateSection(policy: ParsedPolicy, section: PolicySection, ctx: CaseContext): { steps: PolicyCheckStep[]; summary: ReturnType<typeof summarizePolicyCheck> } {
  const answered = new Map<string, Answered>();
  answerTree(section.criteria, ctx, answered);
  const outcomes = new Map([...answered].map(([id, a]) => [id, a.answer.outcome]));
  const leaves = leafRoles(section.criteria, outcomes);
  // A table's limit the section already states as a criterion ("Dose does not exceed 28 mcg/day") is asked once.
  const stated = leaves.map(({ leaf }) => limitKey(leaf.check)).filter(Boolean);
  const limits = (policy.limits ?? []).filter((l) => {
    const drug = "drug" in l.check ? l.check.drug : undefined;
    return (!drug || !ctx.requested || sameDrug(drug, ctx.requested.name)) && !stated.includes(limitKey(l.check));
  });
  const rows: Answered[] = [
    ...leaves.map(({ leaf, role }) => {
      const own = answered.get(leaf.id) as Answered;
      return { criterion: own.criterion, answer: withRole(own.answer, role) };
    }),
    ...limits.map((l) => ({ criterion: l, answer: safeAnswer(l, ctx) })),
  ];
  const steps = rows.map((row, i) => toStep(i + 1, row, policy, section));
  return { steps, summary: summarizePolicyCheck(steps, section.criteria) };
}

/** One step that says no indication of the policy matches the case's diagnoses. */
function noIndicationStep(policy: ParsedPolicy, ctx: CaseContext): PolicyCheckStep {
  const titles = [...new Set(policy.sections.map((s) => s.title))];
  const first = policy.sections.find((s) => s.titleQuote)?.titleQuote ?? policy.sections[0]?.criteria.quote ?? { page: 1, text: policy.title };
  const diagnoses = (ctx.facts.diagnoses ?? []).map((d) => `${d.name ?? "diagnosis"}${d.icd10.length ? ` (${d.icd10.join(", ")})` : ""}`);
  return {
    step: 1,
    criterionId: "indication",
    question_or_action: `Does the patient's diagnosis match an indication the policy covers (${listWords(titles, "or")})?`,
    answer: diagnoses.length ? `No: the case's diagnoses are ${listWords(diagnoses)}.` : "The case states no diagnosis.",
    passed: false,
    outcome: diagnoses.length ? "not_met" : "missing",
    reason: diagnoses.length ? `None of the case's diagnoses is an indication of ${policy.title}.` : "A diagnosis is needed to choose the policy's indication.",
    policy_guideline_quoted_source: `“${first.text}” (${policy.title}, page ${first.page})`,
    policyQuote: first,
    evidence: [],
    ...(diagnoses.length ? {} : { missingInformation: "Diagnosis with its ICD-10-CM code" }),
  };
}

export function evaluatePolicy(input: EvaluatePolicyInput): PolicyEvaluation {
  const { policy, facts } = input;
  const ctx: CaseContext = {
    facts,
    documents: input.documents ?? [],
    // The supporting information's records and the claims tables printed in the case's documents.
    claims: caseClaims(input.claims ?? [], input.documents ?? [], { referenceYear: Number(input.asOf.slice(0, 4)) }),
    testClaim: input.testClaim ?? null,
    asOf: input.asOf,
    requested: requestedDrug(facts, policy.drugNames ?? []),
    coveredDrugs: policy.drugNames ?? [],
  };
  const selection = selectIndication(policy, facts, { claims: ctx.claims, requested: ctx.requested });
  // A case without any diagnosis under a policy of one indication: that indication's criteria, its diagnosis step
  // then says what is missing (rather than one step that hides every other criterion).
  const titles = new Set(policy.sections.map((s) => s.title));
  if (!selection.candidates.length && titles.size === 1 && !(facts.diagnoses ?? []).length) {
    const section = policy.sections.find((s) => s.kind === selection.phase) ?? policy.sections.find((s) => s.kind === "general") ?? policy.sections[0];
    const result = evaluateSection(policy, section, ctx);
    return { section, steps: result.steps, summary: result.summary, selection: `${section.title} (${section.kind}): the policy's only indication; the case states no diagnosis. ${selection.phaseReason}` };
  }
  if (!selection.candidates.length) {
    const steps = policy.sections.length ? [noIndicationStep(policy, ctx)] : [];
    return { section: null, steps, summary: summarizePolicyCheck(steps), selection: steps.length ? "No indication of the policy matches the case." : "The policy has no criteria." };
  }
  // The closest indication first; a section without conditions (e.g. an age group) is taken instead only when it is met.
  const [best, ...rest] = selection.candidates;
  const tried = [best, ...rest.filter((c) => c.score === 0 && c !== best)];
  let chosen: { section: PolicySection; result: ReturnType<typeof evaluateSection>; why: string } | null = null;
  for (const candidate of tried) {
    const result = evaluateSection(policy, candidate.section, ctx);
    if (!chosen) chosen = { section: candidate.section, result, why: candidate.matchedBy };
    if (result.summary.overall === "met") {
      chosen = { section: candidate.section, result, why: candidate.matchedBy };
      break;
    }
  }
  const { section, result, why } = chosen as NonNullable<typeof chosen>;
  return {
    section,
    steps: result.steps,
    summary: result.summary,
    selection: `${section.title} (${section.kind}): ${why}. ${selection.phaseReason}`,
  };
}
