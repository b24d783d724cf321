// One drug's section of a multi-drug document (a Part D criteria block, a criteria-table row) as a ParsedPolicy: its
// fields read by role into one ALL group (split into initial and renewal when the text says so), each criterion
// classified by the shared classifier, tagged with the reading rule, quoted verbatim from its page. A field whose
// text the classifier cannot read becomes a manual criterion with its quote; "N/A" gives none.
import { classesInText, findDrugMentions } from "@/lib/claims/drug-classes";
import type { BuildContext } from "@/lib/policies/build-sections";
import { classifyCriterion } from "@/lib/policies/classify-criterion";
import { enforceVerbatimQuotes } from "@/lib/policies/enforce-verbatim-quotes";
import { findCodes } from "@/lib/policies/policy-metadata";
import type { Check, CriteriaNode, CriterionNode, ParsedPolicy, PolicySection } from "@/lib/policies/types";
import { findVerbatim } from "@/lib/policies/verbatim-quote";
import { NOTHING_STATED, PHASE_LABEL, ROLE_READINGS, SCOPE_STATEMENT, type FieldRole } from "./field-roles";
import { criteriaOfText, type TextSegment } from "./text-criteria";

export interface SectionField {
  /** The reading rule's id (a field heading's or a column's), recorded on each criterion it gives. */
  rule: string;
  role: FieldRole;
  segments: TextSegment[];
  /** All of the field is of one phase (a "Renewal Criteria" column). */
  phase?: "continuation";
}

export interface SectionInput {
  id: string;
  label: string;
  /** Page and words of the label as it stands there (for its quote). */
  labelPage: number;
  drugNames: string[];
  fields: SectionField[];
  pages: readonly { page: number; text: string }[];
  payer: string | null;
  effectiveDate: string | null;
  /** The preferred drugs a preferred drug list names beside the row: "trial of two preferred agents" means these. */
  preferred?: string[];
}

type Phase = "common" | "initial" | "continuation";

const joined = (segments: readonly TextSegment[]) => segments.map((s) => s.text).join(" ").replace(/\s+/g, " ").trim();

/** The field's lines by phase: a line opening with "Initial:" / "Renewal:" switches; the heading is left out. */
export function splitPhases(segments: readonly TextSegment[]): Record<Phase, TextSegment[]> {
  const out: Record<Phase, TextSegment[]> = { common: [], initial: [], continuation: [] };
  let phase: Phase = "common";
  for (const seg of segments) {
    const m = PHASE_LABEL.exec(seg.text);
    if (m) {
      phase = m[1] || m[3] ? "initial" : "continuation";
      const rest = seg.text.slice(m[0].length).trim();
      if (rest) out[phase].push({ ...seg, text: rest });
      continue;
    }
    out[phase].push(seg);
  }
  return out;
}

const INITIAL_WORD = "initial\\w*|new starts?";
const RENEWAL_WORD = "renewal|re-?authori[sz]ation|reauth|continuation(?: of therapy)?|continued therapy";
/** A duration as written: "6 months", "12 weeks", "plan year", "one year", "lifetime". */
const SPAN = "\\d+\\s*(?:days?|weeks?|months?|years?)|(?:one|six|twelve)\\s+(?:months?|years?)|(?:the\\s+)?(?:plan|calendar|contract)\\s+year|lifetime|indefinite";

/** "Initial: 6 months. Renewal: 12 months" -> per phase; "12 months" / "Plan year" / "(initial, reauth): plan year" -> both. */
export function durationsOf(text: string): { initial: string | null; continuation: string | null } {
  const clean = text.replace(/\s+/g, " ").trim().replace(/\.$/, "");
  if (!clean || NOTHING_STATED.test(clean)) return { initial: null, continuation: null };
  const labelled = (word: string) =>
    new RegExp(`\\b(?:${word})(?:\\s+\\w+)?\\s*(?:\\([^)]*\\))?\\)?\\s*[:\\u2013-]\\s*([^.;]+)`, "i").exec(clean)?.[1]?.trim() ??
    new RegExp(`(${SPAN})\\s+(?:for\\s+)?(?:the\\s+)?(?:${word})\\b`, "i").exec(clean)?.[1]?.trim();
  // "(initial, reauth): plan year": one duration for both phases.
  const both = new RegExp(`\\((?:${INITIAL_WORD}|${RENEWAL_WORD})(?:\\s*(?:,|and|&)\\s*(?:${INITIAL_WORD}|${RENEWAL_WORD}))+\\)\\s*:\\s*([^.;]+)`, "i").exec(clean)?.[1]?.trim();
  if (both) return { initial: both, continuation: both };
  const initial = labelled(INITIAL_WORD);
  const renewal = labelled(RENEWAL_WORD);
  if (initial || renewal) return { initial: initial ?? null, continuation: renewal ?? null };
  return { initial: clean, continuation: clean };
}

const isDrugText = (text: string) => findDrugMentions(text).length > 0 || classesInText(text.toLowerCase()).length > 0;

/** The check a criterion of a field of this role asks, when the shared classifier read the words out of their field. */
function checkInField(role: FieldRole, node: CriterionNode, ctx: BuildContext): { check: Check; text: string } {
  const { check, text } = node;
  switch (role) {
    case "age": {
      if (check.kind === "age") return { check, text };
      // The heading says it is an age: "18 years or older" under "Age Restrictions".
      const age = classifyCriterion(`Age ${text}`, {});
      return { check: age.kind === "age" ? age : { kind: "manual" }, text };
    }
    case "prescriber": {
      if (check.kind === "prescriber_specialty") return { check, text };
      const specialty = classifyCriterion(`Prescribed by ${text}`, {});
      return { check: specialty.kind === "prescriber_specialty" && specialty.specialties.length ? specialty : { kind: "manual" }, text };
    }
    case "exclusion": {
      // What excludes coverage: other drugs used at the same time, or a finding a clinician must rule out.
      if (check.kind === "concurrent_therapy_exclusion") return { check, text };
      if (isDrugText(text)) {
        const drugs = findDrugMentions(text).map((m) => m.written).filter((d) => !ctx.coveredDrugs.some((c) => c.toLowerCase() === d.toLowerCase()));
        const drugClasses = classesInText(text.toLowerCase());
        if (drugs.length || drugClasses.length) return { check: { kind: "concurrent_therapy_exclusion", drugs, drugClasses }, text };
      }
      return { check: { kind: "manual" }, text: `Exclusion (must not apply): ${text}` };
    }
    default:
      return { check, text };
  }
}

/** "Trial and failure of two preferred triptans" beside a list of preferred drugs: trials of those drugs only. */
function withPreferred(check: Check, text: string, preferred: readonly string[]): Check {
  if (check.kind !== "step_therapy" || !preferred.length || !/(?<!non-)\bpreferred\b/i.test(text)) return check;
  return { ...check, drugs: [...preferred], drugClasses: [] };
}

function withFieldReading(node: CriteriaNode, field: SectionField, ctx: BuildContext, preferred: readonly string[]): CriteriaNode {
  if (node.kind === "group") return { ...node, children: node.children.map((c) => withFieldReading(c, field, ctx, preferred)) };
  const read = checkInField(field.role, node, ctx);
  const text = read.text;
  const check = withPreferred(read.check, text, preferred);
  return { ...node, text, check, rule: `${field.rule}:${check.kind}` };
}

/** A manual criterion quoting the field's text: what the classifier could not place is never dropped silently. */
function manualOf(field: SectionField, id: string, ctx: BuildContext): CriterionNode | null {
  const first = field.segments.find((s) => s.text.trim());
  if (!first) return null;
  const page = ctx.pages.find((p) => p.page === first.page)?.text ?? "";
  const text = joined(field.segments.filter((s) => s.page === first.page));
  const quote = findVerbatim(page, text) ?? findVerbatim(page, first.text);
  if (!quote) return null;
  return { kind: "criterion", id, text: joined(field.segments), quote: { page: first.page, text: quote }, check: { kind: "manual" }, rule: `${field.rule}:manual` };
}

function fieldCriteria(field: SectionField, segments: TextSegment[], id: string, ctx: BuildContext, preferred: readonly string[] = []): CriteriaNode | null {
  const reading = ROLE_READINGS[field.role];
  const text = joined(segments);
  if (!reading.criteria || !text || NOTHING_STATED.test(text)) return null;
  if ((field.role === "covered_uses" || field.role === "indications") && SCOPE_STATEMENT.test(text)) return null;
  if (field.role === "part_b" && /^(?:no|n\/a|none)\b/i.test(text)) return null;
  const inherited = reading.inherited && text.split(/\s+/).length <= 12 && !/[.:]\s/.test(text) ? reading.inherited : undefined;
  const criteria = criteriaOfText(segments, id, ctx, inherited);
  if (criteria) return withFieldReading(criteria, field, ctx, preferred);
  ctx.warnings.push(`The ${field.role.replace(/_/g, " ")} of "${text.slice(0, 60)}" could not be read into criteria; kept as a manual step.`);
  return manualOf({ ...field, segments }, `${id}.1`, ctx);
}

function allOf(id: string, nodes: (CriteriaNode | null)[]): CriteriaNode | null {
  const children = nodes.filter((n): n is CriteriaNode => n !== null);
  if (!children.length) return null;
  if (children.length === 1) return children[0];
  return { kind: "group", id, logic: "all", text: null, quote: null, children };
}

const hintNames = (text: string) =>
  text
    .replace(/\.$/, "")
    .split(/\s*[,;]\s*|\s+or\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 2 && s.split(" ").length <= 8);

function collect(node: CriteriaNode, out: CriterionNode[] = []): CriterionNode[] {
  if (node.kind === "criterion") out.push(node);
  else node.children.forEach((c) => collect(c, out));
  return out;
}

/** The section's parsed policy: criteria by field, split into initial / renewal when the text distinguishes them. */
export function sectionPolicy(input: SectionInput): ParsedPolicy {
  const warnings: string[] = [];
  const coveredDrugs = [...new Set(input.drugNames.flatMap((n) => n.split(/\s+/)).filter((w) => w.length >= 4))];
  const ctx: BuildContext = { pages: input.pages, coveredDrugs, warnings, phase: "initial" };
  const partsOf = (field: SectionField): Record<Phase, TextSegment[]> =>
    field.phase === "continuation" ? { common: [], initial: [], continuation: field.segments } : ROLE_READINGS[field.role].phased ? splitPhases(field.segments) : { common: field.segments, initial: [], continuation: [] };
  const byPhase = input.fields.map((field) => ({ field, parts: partsOf(field) }));
  // Quantity limits apply whichever phase; a limit the classifier cannot read is a manual step of every phase.
  const limits: CriterionNode[] = [];
  const unreadLimits: CriterionNode[] = [];
  input.fields.forEach((field, i) => {
    if (field.role !== "quantity") return;
    const read = limitsOf(field, `${input.id}.limits.${i + 1}`, input.pages);
    limits.push(...read.limits);
    unreadLimits.push(...read.unread);
  });
  const phased = byPhase.some((f) => f.parts.continuation.length > 0);
  const duration = durationsOf(joined(input.fields.filter((f) => f.role === "duration").flatMap((f) => f.segments)));
  const labelQuoteText = findVerbatim(input.pages.find((p) => p.page === input.labelPage)?.text ?? "", input.label);
  const titleQuote = labelQuoteText ? { page: input.labelPage, text: labelQuoteText } : null;

  const build = (kind: "initial" | "continuation"): PolicySection | null => {
    const sectionId = `${input.id}.${kind}`;
    const phaseCtx: BuildContext = { ...ctx, phase: kind };
    const nodes = byPhase.map(({ field, parts }, i) => {
      const id = `${sectionId}.${i + 1}`;
      const preferred = input.preferred ?? [];
      if (!phased) return fieldCriteria(field, parts.common, id, phaseCtx, preferred);
      if (kind === "initial") return fieldCriteria(field, [...parts.common, ...parts.initial], id, phaseCtx, preferred);
      if (ROLE_READINGS[field.role].everyRequest) return fieldCriteria(field, parts.common, id, phaseCtx, preferred);
      return parts.continuation.length ? fieldCriteria(field, parts.continuation, id, phaseCtx, preferred) : null;
    });
    const criteria = allOf(`${sectionId}.all`, [...nodes, ...unreadLimits.map((n) => ({ ...n, id: `${sectionId}.${n.id}` }))]);
    if (!criteria) return null;
    const diagnoses = collect(criteria).flatMap((c) => (c.check.kind === "diagnosis" ? [c.check] : []));
    const hints = input.fields.filter((f) => f.role === "off_label" || f.role === "indications").flatMap((f) => (SCOPE_STATEMENT.test(joined(f.segments)) || NOTHING_STATED.test(joined(f.segments)) ? [] : hintNames(joined(f.segments))));
    return {
      id: sectionId,
      title: input.label,
      kind,
      diagnosisHints: { names: [...new Set([...diagnoses.flatMap((d) => d.names), ...hints])], icd10Prefixes: [...new Set(diagnoses.flatMap((d) => d.icd10Prefixes))] },
      approvalDuration: kind === "initial" ? duration.initial : duration.continuation,
      criteria,
      titleQuote,
    };
  };

  const sections = (phased ? [build("initial"), build("continuation")] : [build("initial")]).filter((s): s is PolicySection => s !== null);
  // Only the scope is stated ("All FDA-approved indications ..."): whether the use is one of them is for a clinician.
  const scope = input.fields.find((f) => (f.role === "covered_uses" || f.role === "indications") && SCOPE_STATEMENT.test(joined(f.segments)));
  if (!sections.length && scope) {
    const manual = manualOf(scope, `${input.id}.initial.scope`, ctx);
    if (manual) {
      sections.push({
        id: `${input.id}.initial`, title: input.label, kind: "initial", diagnosisHints: { names: [], icd10Prefixes: [] }, approvalDuration: duration.initial, titleQuote,
        criteria: { ...manual, text: `The use is one of: ${manual.text}` },
      });
    }
  }
  if (!sections.length) warnings.push(`No criteria were stated for ${input.label}.`);
  const sectionText = input.fields.flatMap((f) => f.segments.map((s) => s.text)).join("\n");
  const policy: ParsedPolicy = {
    title: input.label,
    payer: input.payer,
    effectiveDate: input.effectiveDate,
    drugNames: input.drugNames,
    suggestedCodes: findCodes([{ text: `${input.label}\n${sectionText}` }]),
    sections,
    limits,
    warnings,
  };
  return enforceVerbatimQuotes(policy, input.pages);
}

/** Quantity limits of a row's limits cell: limit checks where the classifier reads one; otherwise nothing is lost: they are returned apart. */
export function limitsOf(field: SectionField, id: string, pages: readonly { page: number; text: string }[]): { limits: CriterionNode[]; unread: CriterionNode[] } {
  const text = joined(field.segments);
  if (!text || NOTHING_STATED.test(text)) return { limits: [], unread: [] };
  const ctx: BuildContext = { pages, coveredDrugs: [], warnings: [] };
  const criteria = criteriaOfText(field.segments, id, ctx);
  const leaves = criteria ? collect(criteria) : [];
  const limits: CriterionNode[] = [];
  const unread: CriterionNode[] = [];
  for (const leaf of leaves) {
    const check = leaf.check.kind === "quantity_limit" || leaf.check.kind === "dose_limit" ? leaf.check : classifyCriterion(`Quantity limit: ${leaf.text}`, {});
    const node: CriterionNode = { ...leaf, check, rule: `${field.rule}:${check.kind}` };
    if (check.kind === "quantity_limit" || check.kind === "dose_limit" || check.kind === "duration_limit") limits.push(node);
    else unread.push({ ...node, check: { kind: "manual" }, rule: `${field.rule}:manual` });
  }
  return { limits, unread };
}
