// A policy given in a request (spec 2.5 policy_payload) or uploaded as a criteria document: plain text is read like
// a one-page policy; JSON is a criteria document written by hand (lib/policies/POLICY_PAYLOAD.md), validated here
// and turned into the same ParsedPolicy the PDF parser gives, so one evaluator serves both.
import { z } from "zod";
import { scanJson } from "@/lib/json/scan-json";
import { analyzeIntro, readCriterion, type ClassifyContext } from "./classify-criterion";
import { icd10PrefixesFor } from "./conditions";
import { parsePolicy } from "./parse-policy";
import type { Check, CriteriaNode, ParsedPolicy, PolicySection } from "./types";

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max);
const names = z.array(text(300)).max(200);

const ZTrialOutcome = z.enum(["tried", "failed", "intolerant", "contraindicated"]);

/** A check as the evaluator reads it (the same shape as lib/policies/types.ts `Check`). */
export const ZCheck = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("diagnosis"), names: names.default([]), icd10Prefixes: z.array(text(10)).max(100).default([]) }),
  z.strictObject({ kind: z.literal("age"), min: z.number().min(0).max(130).optional(), max: z.number().min(0).max(130).optional(), minExclusive: z.boolean().optional(), maxExclusive: z.boolean().optional() })
    .refine((c) => c.min !== undefined || c.max !== undefined, "an age check needs min or max"),
  z.strictObject({ kind: z.literal("prescriber_specialty"), specialties: names.min(1, "name at least one specialty"), consultationAllowed: z.boolean().optional() }),
  z.strictObject({
    kind: z.literal("step_therapy"),
    drugs: names.default([]),
    drugClasses: z.array(text(60)).max(50).default([]),
    examples: names.optional(),
    count: z.number().int().min(1).max(20).default(1),
    minDurationDays: z.number().int().min(1).max(3650).optional(),
    outcomes: z.array(ZTrialOutcome).min(1).default(["tried", "failed"]),
    excludeRequested: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal("lab_threshold"), analyte: text(100), comparator: z.enum(["<", "<=", ">", ">=", "="]), value: z.number(), unit: text(30).optional(), relativeTo: z.enum(["upper_limit_of_normal", "lower_limit_of_normal"]).optional(), withinDays: z.number().int().min(1).max(3650).optional(), byDiagnosis: z.array(z.strictObject({ value: z.number(), names: z.array(text(200)).max(20), icd10Prefixes: z.array(text(10)).max(40) })).min(2).max(6).optional() }),
  z.strictObject({ kind: z.enum(["quantity_limit", "dose_limit", "duration_limit"]), value: z.number().positive(), unit: text(40), perDays: z.number().int().positive().optional(), drug: text(200).optional(), lifetime: z.boolean().optional(), drugs: z.array(text(200)).max(20).optional() }),
  z.strictObject({ kind: z.literal("documentation"), what: text(1000), terms: z.array(text(100)).max(20).optional(), minCount: z.number().int().min(1).max(1000).optional() }),
  z.strictObject({ kind: z.literal("combination_therapy"), drugs: names.min(1, "name at least one drug") }),
  z.strictObject({ kind: z.literal("concurrent_therapy_exclusion"), drugs: names.default([]), drugClasses: z.array(text(60)).max(50).optional() }),
  z.strictObject({ kind: z.literal("continuation"), requirement: z.enum(["on_therapy", "response", "no_progression"]), drug: text(200).optional() }),
  z.strictObject({ kind: z.literal("labeled_dose_limit") }),
  z.strictObject({ kind: z.literal("manual") }),
]);

export type TCriteriaDocumentNode =
  | string
  | { id?: string; text: string; check?: z.infer<typeof ZCheck> }
  | { id?: string; text?: string; all: TCriteriaDocumentNode[] }
  | { id?: string; text?: string; any: TCriteriaDocumentNode[]; min_count?: number };

const ZId = z.string().trim().min(1).max(60).regex(/^[A-Za-z0-9._-]+$/, "use letters, digits, dots, dashes or underscores");

/** A criterion (a sentence, or a sentence with its check) or an ALL / ANY group of them. */
export const ZCriteriaDocumentNode: z.ZodType<TCriteriaDocumentNode> = z.lazy(() =>
  z.union([
    text(2000),
    z.strictObject({ id: ZId.optional(), text: text(2000), check: ZCheck.optional() }),
    z.strictObject({ id: ZId.optional(), text: text(2000).optional(), all: z.array(ZCriteriaDocumentNode).min(1, "a group needs at least one criterion").max(100) }),
    z.strictObject({ id: ZId.optional(), text: text(2000).optional(), any: z.array(ZCriteriaDocumentNode).min(1, "a group needs at least one criterion").max(100), min_count: z.number().int().min(1).optional() }),
  ]),
);

export const ZPolicyCriteriaDocument = z.strictObject({
  title: text(300),
  payer: text(200).optional(),
  effective_date: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD").optional(),
  drug_names: names.default([]),
  codes: z.strictObject({ ndc: z.array(text(20)).max(500).default([]), cpt: z.array(text(10)).max(500).default([]), hcpcs: z.array(text(10)).max(500).default([]) }).optional(),
  sections: z
    .array(
      z.strictObject({
        id: ZId.optional(),
        title: text(300),
        kind: z.enum(["initial", "continuation", "general"]).default("general"),
        diagnosis: z.strictObject({ names: names.default([]), icd10_prefixes: z.array(text(10)).max(100).default([]) }).optional(),
        approval_duration: text(100).optional(),
        criteria: ZCriteriaDocumentNode,
      }),
    )
    .min(1, "a criteria document needs at least one section")
    .max(100),
});
export type TPolicyCriteriaDocument = z.infer<typeof ZPolicyCriteriaDocument>;

/** "sections.0.criteria.all.2.check.kind: ..." for a person. */
function describeIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 5).map((issue) => `${issue.path.length ? issue.path.join(".") : "(document)"}: ${issue.message}`);
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : "";
  return `the criteria document is not valid: ${lines.join("; ")}${more}`;
}

/** The document's criteria as the evaluator's tree; quotes of a hand-written document are its own sentences (page 1). */
function toNode(node: TCriteriaDocumentNode, id: string, coveredDrugs: string[], kind: PolicySection["kind"], listed: Pick<ClassifyContext, "inherited" | "subject"> = {}): CriteriaNode {
  if (typeof node === "string" || "check" in node || (!("all" in node) && !("any" in node))) {
    const sentence = typeof node === "string" ? node : node.text;
    const given = typeof node === "string" ? undefined : node.check;
    // A check the document gives is its author's; otherwise the classifier's rule reads the sentence.
    const read = given ? { check: given as Check, rule: "payload.given" } : readCriterion(sentence, { coveredDrugs, phase: kind, ...listed });
    const unread = kind === "continuation" && read.check.kind === "manual";
    const check: Check = unread ? { kind: "continuation", requirement: "response" } : read.check;
    return { kind: "criterion", id: (typeof node === "string" ? undefined : node.id) ?? id, text: sentence, quote: { page: 1, text: sentence }, check, rule: unread ? "payload.continuation-response" : read.rule };
  }
  const logic = "all" in node ? "all" : "any";
  const list = "all" in node ? node.all : node.any;
  const groupId = node.id ?? id;
  // Items read as their intro says, as a PDF's list is: under "Diagnosis of one of the following:" each is a diagnosis.
  const intro = node.text ? analyzeIntro(node.text) : null;
  const itemsAre = intro?.childKind ? { inherited: intro.childKind, subject: intro.subject } : {};
  const children = list.map((child, i) => toNode(child, `${groupId}.${i + 1}`, coveredDrugs, kind, itemsAre));
  const group: CriteriaNode = { kind: "group", id: groupId, logic, text: node.text ?? null, quote: node.text ? { page: 1, text: node.text } : null, children };
  if ("any" in node && node.min_count && node.min_count > 1) group.minCount = node.min_count;
  return group;
}

/** A validated criteria document as a ParsedPolicy. */
export function policyFromCriteriaDocument(doc: TPolicyCriteriaDocument): ParsedPolicy {
  const coveredDrugs = doc.drug_names.flatMap((d) => [d.split(/[\s(]/)[0], /\(([a-z-]+)/i.exec(d)?.[1] ?? ""]).filter((w) => w.length >= 4);
  const sections: PolicySection[] = doc.sections.map((s, i) => {
    const id = s.id ?? `section-${i + 1}`;
    // No `diagnosis`: the title names the indication. An empty one: the section applies to any diagnosis.
    const hintNames = s.diagnosis ? s.diagnosis.names : [s.title];
    const prefixes = s.diagnosis?.icd10_prefixes.length ? s.diagnosis.icd10_prefixes : hintNames.flatMap(icd10PrefixesFor);
    return {
      id,
      title: s.title,
      kind: s.kind,
      diagnosisHints: { names: hintNames, icd10Prefixes: [...new Set(prefixes)] },
      approvalDuration: s.approval_duration ?? null,
      criteria: toNode(s.criteria, id, coveredDrugs, s.kind),
      titleQuote: null,
    };
  });
  return {
    title: doc.title,
    payer: doc.payer ?? null,
    effectiveDate: doc.effective_date ?? null,
    drugNames: doc.drug_names,
    suggestedCodes: { ndc: doc.codes?.ndc ?? [], cpt: doc.codes?.cpt ?? [], hcpcs: doc.codes?.hcpcs ?? [] },
    sections,
    limits: [],
    warnings: [],
  };
}

/**
 * The policy of a request's `policy_payload`: JSON (it starts with "{") is a criteria document; anything else is the
 * policy's text, parsed as one page. Throws an Error whose message says what is wrong, for the person who sent it.
 */
export function policyFromPayload(payload: string): ParsedPolicy {
  const trimmed = payload.trim();
  if (!trimmed) throw new Error("the policy is empty: send the policy's text or a JSON criteria document.");
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      throw new Error(`it starts like JSON but is not valid JSON (${error instanceof Error ? error.message : "parse error"}); send a criteria document (see POLICY_PAYLOAD.md) or plain text.`);
    }
    if (Array.isArray(json)) throw new Error("a criteria document is a JSON object with title and sections, not an array.");
    // JSON inside the request's JSON: its escapes ("\u0000", "\ud800") get the body's own check, or reach the database.
    const problem = scanJson(json);
    if (problem) throw new Error(`${problem.path ? `${problem.path}: ` : "the criteria document "}${problem.message}.`);
    const parsed = ZPolicyCriteriaDocument.safeParse(json);
    if (!parsed.success) throw new Error(describeIssues(parsed.error));
    return policyFromCriteriaDocument(parsed.data);
  }
  return parsePolicy([{ page: 1, text: payload }]);
}
