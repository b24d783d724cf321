// One drug's section of a multi-drug document (a Part D criteria block, a criteria-table row) as a ParsedPolicy: its
// fields read by role into one ALL group (split into initial and renewal when the text says so), each criterion
// classified by the shared classifier, quoted verbatim from its page. Each criterion records "<field id>/<rule name>":
// the classifier's rule that read it, or the field reading of field-rules.json that did. A field whose text the
// classifier cannot read becomes a manual criterion with its quote; "N/A" gives none.
import { classesInText, isInClass } from "@/lib/lexicon/drug-classes";
import { findDrugMentions } from "@/lib/lexicon/drugs";
import type { BuildContext } from "@/lib/policies/build-sections";
import { scopedProducts as engineScope } from "@/lib/policies/drug-scope";
import { readCriterion } from "@/lib/policies/classify-criterion";
import { enforceVerbatimQuotes } from "@/lib/policies/enforce-verbatim-quotes";
import { findCodes } from "@/lib/policies/policy-metadata";
import type { Check, CriteriaNode, CriterionNode, ParsedPolicy, PolicySection } from "@/lib/policies/types";
import { findVerbatim } from "@/lib/policies/verbatim-quote";
import { NOTHING_STATED, PHASE_LABEL, ROLE_READINGS, SCOPE_STATEMENT, type FieldRole } from "./field-roles";
import { FIELD_RULE, patternOf, prefixOf, recordedRule, type FieldRuleName } from "./field-rules";
import { criteriaOfText, type TextSegment } from "./text-criteria";

export interface SectionField {
  /** The field's id (a heading's or a column's), recorded with the rule on each criterion it gives. */
  field: string;
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
  /** Approval periods stated outside a duration field (among the criteria, or under a column header): used where no duration field states one. */
  defaultDurations?: { initial: string | null; continuation: string | null };
}

type Phase = "common" | "initial" | "continuation";

const joined = (segments: readonly TextSegment[]) => segments.map((s) => s.text).join(" ").replace(/\s+/g, " ").trim();

/** The field's lines by phase: a line opening with "Initial:" / "Renewal:" switches; the heading is left out. */
export function splitPhases(segments: readonly TextSegment[]): Record<Phase, TextSegment[]> {
  const out: Record<Phase, TextSegment[]> = { common: [], initial: [], continuation: [] };
  let phase: Phase = "common";
  for (const seg of segments.flatMap(atPhaseLabels)) {
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

/** A phase label after a sentence inside a line: "... active liver disease). Reauthorization: LDL-C has fallen ...". */
const PHASE_INSIDE = /(?<=[.;]\)?\s+)(?=(?:initial|renewal|re-?authori[sz]ation|reauth|continuation(?: of therapy)?|continued therapy|recertification)(?: (?:authori[sz]ation|approval|requests?|therapy|criteria|review))?\s*[:\u2013]\s)/i;

/** A line cut where a phase label starts after a sentence, so each part is read in its own phase. */
function atPhaseLabels(seg: TextSegment): TextSegment[] {
  const out: TextSegment[] = [];
  let rest = seg.text;
  let first = true;
  for (let m = PHASE_INSIDE.exec(rest); m && m.index > 0; m = PHASE_INSIDE.exec(rest)) {
    out.push({ ...seg, text: rest.slice(0, m.index).trim(), ...(first ? {} : { x0: undefined }) });
    rest = rest.slice(m.index);
    first = false;
  }
  out.push({ ...seg, text: rest.trim(), ...(first ? {} : { x0: undefined }) });
  return out.filter((s) => s.text);
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

interface FieldReading {
  check: Check;
  text: string;
  /** The classifier's rule, or a field reading's (field-rules.json). */
  rule: string;
}

/** The classifier's reading of a field's text with the heading's words before it ("Age", "Prescribed by"). */
const readUnder = (name: FieldRuleName, text: string) => readCriterion(`${prefixOf(name)} ${text}`, {}).check;

/** The check a criterion of a field of this role asks, when the shared classifier read the words out of their field. */
function checkInField(role: FieldRole, node: CriterionNode, ctx: BuildContext): FieldReading {
  const { check, text } = node;
  // The classifier names its rule on every criterion it gives ("unnamed" would fail the recorded-rules test).
  const rule = node.rule ?? "unnamed";
  switch (role) {
    case "age": {
      if (check.kind === "age") return { check, text, rule };
      // The heading says it is an age: "18 years or older" under "Age Restrictions".
      const age = readUnder(FIELD_RULE.ageHeading, text);
      return age.kind === "age" ? { check: age, text, rule: FIELD_RULE.ageHeading } : { check: { kind: "manual" }, text, rule: FIELD_RULE.ageUnread };
    }
    case "prescriber": {
      if (check.kind === "prescriber_specialty") return { check, text, rule };
      const specialty = readUnder(FIELD_RULE.prescriberHeading, text);
      return specialty.kind === "prescriber_specialty" && specialty.specialties.length
        ? { check: specialty, text, rule: FIELD_RULE.prescriberHeading }
        : { check: { kind: "manual" }, text, rule: FIELD_RULE.prescriberUnread };
    }
    case "exclusion": {
      // What excludes coverage: other drugs used at the same time, or a finding a clinician must rule out.
      if (check.kind === "concurrent_therapy_exclusion") return { check, text, rule };
      if (isDrugText(text)) {
        const drugs = findDrugMentions(text).map((m) => m.written).filter((d) => !ctx.coveredDrugs.some((c) => c.toLowerCase() === d.toLowerCase()));
        const drugClasses = classesInText(text.toLowerCase());
        if (drugs.length || drugClasses.length) return { check: { kind: "concurrent_therapy_exclusion", drugs, drugClasses }, text, rule: FIELD_RULE.exclusionDrugs };
      }
      return { check: { kind: "manual" }, text: `Exclusion (must not apply): ${text}`, rule: FIELD_RULE.exclusionFinding };
    }
    default:
      return { check, text, rule };
  }
}

/** "Trial and failure of two preferred triptans" beside a list of preferred drugs: trials of those drugs only. */
function withPreferred(read: FieldReading, preferred: readonly string[]): FieldReading {
  const { check, text } = read;
  if (check.kind !== "step_therapy" || !preferred.length || !/(?<!non-)\bpreferred\b/i.test(text)) return read;
  return { ...read, check: { ...check, drugs: [...preferred], drugClasses: [] }, rule: FIELD_RULE.stepPreferred };
}

/**
 * A count across classes among the preferred drugs ("TWO preferred agents: one methylphenidate-based and one
 * amphetamine-based product"): one trial of a preferred drug of each class, ALL of them, so two drugs of one class
 * never stand for both. Null when the count is not one per class or a class has no preferred drug beside the row.
 */
export function preferredPerClass(check: Check, preferred: readonly string[]): Check[] | null {
  if (check.kind !== "step_therapy" || !check.eachClass || check.drugClasses.length < 2 || check.count !== check.drugClasses.length) return null;
  const perClass = check.drugClasses.map((c) => preferred.filter((p) => isInClass(p, c)));
  if (perClass.some((drugs) => !drugs.length)) return null;
  return perClass.map((drugs) => {
    const one: Check = { ...check, drugs, drugClasses: [], count: 1 };
    delete one.eachClass;
    return one;
  });
}

const PRODUCT_SCOPED = patternOf(FIELD_RULE.productScoped) as RegExp;

/**
 * A sentence that gives products requirements of their own: two such parts ("MYDAYIS – ...; AZSTARYS, QELBREE – ..."),
 * or one naming two of the section's products.
 */
function scopedProducts(text: string, coveredDrugs: readonly string[]): boolean {
  const parts = text.split(/;\s*/).filter((part) => PRODUCT_SCOPED.test(part));
  if (parts.length >= 2) return true;
  if (!parts.length) return false;
  const head = parts[0].split(/\s[\u2013\u2014-]\s/)[0];
  return coveredDrugs.filter((d) => head.toLowerCase().split(/[^a-z0-9-]+/).includes(d.toLowerCase())).length >= 2;
}

/** "Product age limits: MYDAYIS – ...": the words introducing the products' parts, and the parts. */
const PRODUCTS_INTRO = /^([^;:\u2013\u2014]{3,60}:)\s+(?=\S)/;

/**
 * A sentence giving products requirements of their own, as one criterion per product part ("MYDAYIS – member must be
 * 13 years of age or older"; "AZSTARYS, QELBREE – 6 years of age or older"), each read by the classifier and quoted
 * on its own: the policy check applies a part to the products it opens with only (drug-scope.ts). ALL of the
 * parts under the introducing words. When a part does not open with products the check knows, or is not quoted
 * verbatim, the sentence stays one manual step: asked of every product, a part would deny the others.
 */
function productParts(node: CriterionNode, field: SectionField, ctx: BuildContext): CriteriaNode {
  const manual: CriterionNode = { ...node, check: { kind: "manual" }, rule: recordedRule(field.field, FIELD_RULE.productScoped) };
  const intro = PRODUCTS_INTRO.exec(node.text);
  const body = intro ? node.text.slice(intro[0].length) : node.text;
  const pageText = ctx.pages.find((p) => p.page === node.quote.page)?.text ?? "";
  // Each part quoted with its ";" (the page's word is "older;"), read without it.
  const parts = body.split(/(?<=;)\s+(?:and\s+)?/).map((p) => p.trim()).filter(Boolean);
  const children: CriterionNode[] = [];
  for (const [i, printed] of parts.entries()) {
    const text = printed.replace(/;$/, "");
    const quoted = findVerbatim(pageText, printed);
    if (!quoted || !engineScope(text)) return manual;
    const read = readCriterion(text, {});
    const part: CriterionNode = { kind: "criterion", id: `${node.id}.${i + 1}`, text, quote: { page: node.quote.page, text: quoted }, check: read.check, rule: read.rule };
    const { check } = checkInField(field.role, part, ctx);
    children.push({ ...part, check, rule: recordedRule(field.field, FIELD_RULE.productScoped) });
  }
  if (children.length === 1) return children[0];
  const introQuote = intro ? findVerbatim(pageText, intro[1]) : null;
  return { kind: "group", id: node.id, logic: "all", text: intro ? intro[1] : null, quote: introQuote ? { page: node.quote.page, text: introQuote } : null, children };
}

function withFieldReading(node: CriteriaNode, field: SectionField, ctx: BuildContext, preferred: readonly string[]): CriteriaNode {
  if (node.kind === "group") return { ...node, children: node.children.map((c) => withFieldReading(c, field, ctx, preferred)) };
  if (scopedProducts(node.text, ctx.coveredDrugs)) return productParts(node, field, ctx);
  const inField = checkInField(field.role, node, ctx);
  const perClass = /(?<!non-)\bpreferred\b/i.test(inField.text) ? preferredPerClass(inField.check, preferred) : null;
  if (perClass) {
    const rule = recordedRule(field.field, FIELD_RULE.stepPreferred);
    const children: CriterionNode[] = perClass.map((check, i) => ({ ...node, id: `${node.id}.${i + 1}`, text: inField.text, check, rule }));
    return { kind: "group", id: node.id, logic: "all", text: null, quote: null, children };
  }
  const { check, text, rule } = withPreferred(inField, preferred);
  return { ...node, text, check, rule: recordedRule(field.field, rule) };
}

/** A manual criterion quoting the field's text: what the classifier could not place is never dropped silently. */
function manualOf(field: SectionField, id: string, ctx: BuildContext, rule: FieldRuleName): CriterionNode | null {
  const first = field.segments.find((s) => s.text.trim());
  if (!first) return null;
  const page = ctx.pages.find((p) => p.page === first.page)?.text ?? "";
  const text = joined(field.segments.filter((s) => s.page === first.page));
  const quote = findVerbatim(page, text) ?? findVerbatim(page, first.text);
  if (!quote) return null;
  return { kind: "criterion", id, text: joined(field.segments), quote: { page: first.page, text: quote }, check: { kind: "manual" }, rule: recordedRule(field.field, rule) };
}

const TRIAL_EXCEPTION = patternOf(FIELD_RULE.trialException) as RegExp;

/**
 * Sentences that spare some members the trial ("... (no trial required)") become, with the trial criteria beside
 * them, one ANY group: the trial, or the exception (a clinician's call); never a requirement of every member.
 */
export function withTrialExceptions(node: CriteriaNode, field: string): CriteriaNode {
  if (node.kind === "criterion") return TRIAL_EXCEPTION.test(node.text) ? asException(node, field) : node;
  const children = node.children.map((c) => (c.kind === "group" ? withTrialExceptions(c, field) : c));
  const exceptions = children.filter((c): c is CriterionNode => c.kind === "criterion" && TRIAL_EXCEPTION.test(c.text));
  if (!exceptions.length) return { ...node, children };
  const trials = node.logic === "all" ? children.filter((c): c is CriterionNode => c.kind === "criterion" && c.check.kind === "step_therapy" && !exceptions.includes(c)) : [];
  const spared = exceptions.map((e) => asException(e, field));
  if (!trials.length) return { ...node, children: children.map((c) => spared[exceptions.indexOf(c as CriterionNode)] ?? c) };
  const any: CriteriaNode = { kind: "group", id: `${trials[0].id}.any`, logic: "any", text: null, quote: null, children: [...trials, ...spared] };
  const kept = children.flatMap((c) => (c === trials[0] ? [any] : trials.includes(c as CriterionNode) || exceptions.includes(c as CriterionNode) ? [] : [c]));
  return { ...node, children: kept };
}

const AGE_CONDITION = patternOf(FIELD_RULE.ageAlternative) as RegExp;

/**
 * A requirement written for younger members only ("For a member younger than 6 years, ... prescribed by a pediatric
 * neurologist") becomes ANY of: the member is at least that age (the age criterion beside it, else one read from its
 * own words), or the requirement. Never a requirement of every member.
 */
export function withAgeAlternatives(node: CriteriaNode, field: string): CriteriaNode {
  const alone = (c: CriterionNode): CriteriaNode => {
    const years = Number(AGE_CONDITION.exec(c.text)?.[1]);
    const age: CriterionNode = { kind: "criterion", id: `${c.id}.age`, text: c.text, quote: c.quote, check: { kind: "age", min: years }, rule: recordedRule(field, FIELD_RULE.ageAlternative) };
    return { kind: "group", id: `${c.id}.any`, logic: "any", text: null, quote: null, children: [age, c] };
  };
  if (node.kind === "criterion") return AGE_CONDITION.test(node.text) ? alone(node) : node;
  const children = node.children.map((c) => (c.kind === "group" ? withAgeAlternatives(c, field) : c));
  const out: CriteriaNode[] = [];
  for (const c of children) {
    if (c.kind !== "criterion" || !AGE_CONDITION.test(c.text) || node.logic !== "all") {
      out.push(c);
      continue;
    }
    const years = Number(AGE_CONDITION.exec(c.text)?.[1]);
    const at = out.findIndex((o) => o.kind === "criterion" && o.check.kind === "age" && o.check.min === years && o.check.max === undefined);
    if (at < 0) out.push(alone(c));
    else out[at] = { kind: "group", id: `${out[at].id}.any`, logic: "any", text: null, quote: null, children: [out[at], c] };
  }
  return { ...node, children: out };
}

const asException = (node: CriterionNode, field: string): CriterionNode => ({ ...node, check: { kind: "manual" }, rule: recordedRule(field, FIELD_RULE.trialException) });

function fieldCriteria(field: SectionField, segments: TextSegment[], id: string, ctx: BuildContext, preferred: readonly string[] = []): CriteriaNode | null {
  const reading = ROLE_READINGS[field.role];
  const text = joined(segments);
  if (!reading.criteria || !text || NOTHING_STATED.test(text)) return null;
  if ((field.role === "covered_uses" || field.role === "indications") && SCOPE_STATEMENT.test(text)) return null;
  if (field.role === "part_b" && /^(?:no|n\/a|none)\b/i.test(text)) return null;
  const inherited = reading.inherited && text.split(/\s+/).length <= 12 && !/[.:]\s/.test(text) ? reading.inherited : undefined;
  const criteria = criteriaOfText(segments, id, ctx, inherited);
  if (criteria) return withAgeAlternatives(withTrialExceptions(withFieldReading(criteria, field, ctx, preferred), field.field), field.field);
  ctx.warnings.push(`The ${field.role.replace(/_/g, " ")} of "${text.slice(0, 60)}" could not be read into criteria; kept as a manual step.`);
  return manualOf({ ...field, segments }, `${id}.1`, ctx, FIELD_RULE.unread);
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
  const unreadLimits: CriteriaNode[] = [];
  input.fields.forEach((field, i) => {
    if (field.role !== "quantity") return;
    const read = limitsOf(field, `${input.id}.limits.${i + 1}`, input.pages);
    limits.push(...read.limits);
    unreadLimits.push(...read.unread);
  });
  const phased = byPhase.some((f) => f.parts.continuation.length > 0);
  const stated = durationsOf(joined(input.fields.filter((f) => f.role === "duration").flatMap((f) => f.segments)));
  const duration = { initial: stated.initial ?? input.defaultDurations?.initial ?? null, continuation: stated.continuation ?? input.defaultDurations?.continuation ?? null };
  const labelQuoteText = findVerbatim(input.pages.find((p) => p.page === input.labelPage)?.text ?? "", input.label);
  const titleQuote = labelQuoteText ? { page: input.labelPage, text: labelQuoteText } : null;

  const build = (kind: "initial" | "continuation"): PolicySection | null => {
    const sectionId = `${input.id}.${kind}`;
    const phaseCtx: BuildContext = { ...ctx, phase: kind };
    const nodes = byPhase.map(({ field, parts }, i) => {
      const id = `${sectionId}.${i + 1}`;
      const preferred = input.preferred ?? [];
      // No field states a renewal: a field's text labelled "Initial:" is the request's criteria all the same.
      if (!phased) return fieldCriteria(field, [...parts.common, ...parts.initial], id, phaseCtx, preferred);
      if (kind === "initial") return fieldCriteria(field, [...parts.common, ...parts.initial], id, phaseCtx, preferred);
      if (ROLE_READINGS[field.role].everyRequest) return fieldCriteria(field, [...parts.common, ...parts.continuation], id, phaseCtx, preferred);
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
    const manual = manualOf(scope, `${input.id}.initial.scope`, ctx, FIELD_RULE.scopeStatement);
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

const LIMIT_ALLOWANCE = patternOf(FIELD_RULE.limitAllowance) as RegExp;

/**
 * Quantity limits of a row's limits cell: limit checks where the classifier reads one; otherwise nothing is lost: they
 * are returned apart (`unread`: steps of the criteria tree). A sentence allowing more in some situations makes the
 * cell's limits ANY of the limits and the allowance (in the tree, the allowance for a clinician).
 */
export function limitsOf(field: SectionField, id: string, pages: readonly { page: number; text: string }[]): { limits: CriterionNode[]; unread: CriteriaNode[] } {
  const text = joined(field.segments);
  if (!text || NOTHING_STATED.test(text)) return { limits: [], unread: [] };
  const ctx: BuildContext = { pages, coveredDrugs: [], warnings: [] };
  const criteria = criteriaOfText(field.segments, id, ctx);
  const leaves = criteria ? collect(criteria) : [];
  const limits: CriterionNode[] = [];
  const unread: CriteriaNode[] = [];
  const allowances: CriterionNode[] = [];
  for (const leaf of leaves) {
    if (LIMIT_ALLOWANCE.test(leaf.text)) {
      allowances.push({ ...leaf, check: { kind: "manual" }, rule: recordedRule(field.field, FIELD_RULE.limitAllowance) });
      continue;
    }
    // "Daily dose may not exceed the FDA-labeled maximum": no amount of the cell's own, a step of the tree.
    if (leaf.check.kind === "labeled_dose_limit") {
      unread.push({ ...leaf, rule: recordedRule(field.field, leaf.rule ?? "unnamed") });
      continue;
    }
    const asRead = leaf.check.kind === "quantity_limit" || leaf.check.kind === "dose_limit";
    const check = asRead ? leaf.check : readUnder(FIELD_RULE.limitHeading, leaf.text);
    const node: CriterionNode = { ...leaf, check, rule: recordedRule(field.field, asRead ? (leaf.rule ?? "unnamed") : FIELD_RULE.limitHeading) };
    if (check.kind === "quantity_limit" || check.kind === "dose_limit" || check.kind === "duration_limit") limits.push(node);
    else unread.push({ ...node, check: { kind: "manual" }, rule: recordedRule(field.field, FIELD_RULE.limitUnread) });
  }
  if (!allowances.length) return { limits, unread };
  if (!limits.length) return { limits, unread: [...unread, ...allowances] };
  return { limits: [], unread: [...unread, { kind: "group", id: `${id}.allowance`, logic: "any", text: null, quote: null, children: [...limits, ...allowances] }] };
}
