import { z } from "zod";
import { ZCalendarDate } from "./common";
import { vocabularyDrugName } from "@/lib/lexicon/drugs";
import { icd10Canonical, icd10Title, isBillable, billableDescendants } from "@/lib/lexicon/icd10";
import { nuccRow } from "@/lib/lexicon/specialties";
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import { isValidNpi } from "@/lib/lexicon/codes/npi";
import { classifyProcedureCode } from "@/lib/lexicon/codes/procedure-codes";
import { CORRECTION_FIELDS } from "@/lib/intake/corrections";

const ZName = z.string({ error: "is required" }).trim().min(1, "is required").max(200);
/** "Harold J." -> ["Harold", "J."]: given names as the intake keeps them. */
const givenNames = (given: string) => given.split(/\s+/).filter(Boolean);

/** Where the corrected value comes from: the words of a document of the case, a phone call, or the reviewer. */
export const ZCorrectionSource = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("document"),
      document_id: z.uuid({ error: "must be a document id of this case (GET /documents)" }),
      /** 1-based page; omit for a JSON document. */
      page: z.number().int("must be a whole number").min(1).max(100_000).optional(),
      /** The words on that page that state the value, as the page's text has them. */
      quote: z.string({ error: "is required: the words that state the value" }).trim().min(1, "is required: the words that state the value").max(1000),
    }),
    z.strictObject({ kind: z.literal("phone") }),
    z.strictObject({ kind: z.literal("reviewer") }),
  ],
  { error: "must be {kind: \"document\", document_id, page, quote}, {kind: \"phone\"} or {kind: \"reviewer\"}" },
);

/** Every correction says where its value comes from; a note is optional. */
const BASE = { source: ZCorrectionSource, note: z.string().trim().min(1).max(2000).optional() };

const ZDiagnosisCode = z
  .string({ error: "must be an ICD-10-CM code" })
  .trim()
  .min(3)
  .max(10)
  .transform((code, ctx) => {
    const canonical = icd10Canonical(code);
    if (!canonical) {
      ctx.addIssue({ code: "custom", message: `${code} is not an ICD-10-CM code (FY2026)` });
      return z.NEVER;
    }
    if (!isBillable(canonical)) {
      const under = billableDescendants(canonical);
      ctx.addIssue({ code: "custom", message: `${canonical} is a category, not billable: choose a billable code${under.length ? ` (${under.slice(0, 5).join(", ")}${under.length > 5 ? ", ..." : ""})` : ""}` });
      return z.NEVER;
    }
    return { code: canonical, title: icd10Title(canonical) ?? canonical };
  });

/** One field's correction: the field, its new value (checked against the lexicon and code sets), and its source. */
export const ZCorrectionRequest = z.discriminatedUnion(
  "field",
  [
    z.strictObject({ ...BASE, field: z.literal("patient_name"), value: z.strictObject({ given: ZName, family: ZName }).transform((v) => ({ given: givenNames(v.given), family: v.family })) }),
    z.strictObject({
      ...BASE,
      field: z.literal("birth_date"),
      value: ZCalendarDate.refine((d) => d <= new Date().toISOString().slice(0, 10) && d >= "1900-01-01", "must be a date between 1900-01-01 and today"),
    }),
    z.strictObject({ ...BASE, field: z.literal("sex"), value: z.enum(["male", "female", "other", "unknown"], { error: "must be male, female, other or unknown" }) }),
    z.strictObject({
      ...BASE,
      field: z.literal("drug"),
      value: z
        .strictObject({
          /** A drug of the vocabulary, by brand or generic name (GET /vocabulary?kind=drug&q=). */
          name: ZName,
          /** The National Drug Code (5-4-2, 4-4-2, 5-3-2, 5-4-1 or 11 digits); optional. */
          ndc: z.string().trim().max(20).nullable().optional(),
        })
        .transform((v, ctx) => {
          const listed = vocabularyDrugName(v.name);
          if (!listed) ctx.addIssue({ code: "custom", path: ["name"], message: `${v.name} is not a drug of the vocabulary: choose one (GET /vocabulary?kind=drug)` });
          const ndc = v.ndc ? normalizeNdc(v.ndc) : null;
          if (v.ndc && !ndc) ctx.addIssue({ code: "custom", path: ["ndc"], message: "must be an NDC in a known layout (5-4-2, 4-4-2, 5-3-2, 5-4-1 or 11 digits)" });
          return listed ? { name: listed.name, generic: listed.generic, ndc } : z.NEVER;
        }),
    }),
    z.strictObject({
      ...BASE,
      field: z.literal("quantity"),
      value: z.strictObject({ value: z.number({ error: "must be a number" }).positive("must be more than 0").max(1_000_000), unit: z.string().trim().min(1).max(40).nullable().optional() }).transform((v) => ({ value: v.value, unit: v.unit ?? null })),
    }),
    z.strictObject({ ...BASE, field: z.literal("days_supply"), value: z.number({ error: "must be a number of days" }).int("must be a whole number of days").min(1, "must be at least 1").max(365, "must be at most 365") }),
    z.strictObject({
      ...BASE,
      field: z.literal("diagnoses"),
      value: z
        .array(ZDiagnosisCode, { error: "must be a list of billable ICD-10-CM codes" })
        .min(1, "must name at least one billable ICD-10-CM code")
        .max(12)
        .refine((codes) => new Set(codes.map((c) => c.code)).size === codes.length, "lists a code twice"),
    }),
    z.strictObject({
      ...BASE,
      field: z.literal("prescriber"),
      value: z
        .strictObject({ given: ZName, family: ZName, npi: z.string().trim().regex(/^\d{10}$/, "must be 10 digits").refine(isValidNpi, "is not a valid NPI (check digit)").nullable().optional() })
        .transform((v) => ({ given: givenNames(v.given), family: v.family, npi: v.npi ?? null })),
    }),
    z.strictObject({
      ...BASE,
      field: z.literal("specialty"),
      value: z.strictObject({ code: z.string().trim().regex(/^[0-9A-Z]{9}X$/, "must be a NUCC taxonomy code (10 characters ending in X)") }).transform((v, ctx) => {
        const row = nuccRow(v.code);
        if (!row) {
          ctx.addIssue({ code: "custom", path: ["code"], message: `${v.code} is not in the NUCC taxonomy` });
          return z.NEVER;
        }
        return { code: row.code, name: row.specialization ? `${row.classification}, ${row.specialization}` : row.classification };
      }),
    }),
    z.strictObject({
      ...BASE,
      field: z.literal("service"),
      value: z
        .strictObject({
          /** The requested procedure's CPT (five digits, or four and F/T/U) or HCPCS Level II (a letter and four digits) code. */
          code: z.string({ error: "is required: a CPT or HCPCS code" }).trim().toUpperCase().max(10),
          /** What the service is, in words (e.g. "MRI brain without and with contrast"); optional. */
          display: z.string().trim().min(1).max(200).nullable().optional(),
        })
        .transform((v, ctx) => {
          const system = classifyProcedureCode(v.code);
          if (!system) {
            ctx.addIssue({ code: "custom", path: ["code"], message: `${v.code || "an empty code"} is not a CPT code (five digits, or four digits and F, T or U) or a HCPCS Level II code (a letter and four digits)` });
            return z.NEVER;
          }
          return { code: v.code, system, display: v.display ?? null };
        }),
    }),
  ],
  { error: `field must be one of ${CORRECTION_FIELDS.join(", ")}` },
);
export type TCorrectionRequest = z.infer<typeof ZCorrectionRequest>;

export const ZCorrection = z.object({
  id: z.uuid(),
  field: z.enum(CORRECTION_FIELDS),
  value: z.unknown().meta({ description: "The corrected value, in the field's shape (a name's given names as a list)." }),
  before: z.unknown().meta({ description: "The value the case held before (as read, or an earlier correction); null when unread." }),
  source: z.looseObject({ kind: z.enum(["document", "phone", "reviewer"]) }),
  note: z.string().nullable(),
  corrected_by: z.string(),
  corrected_at: z.string(),
});

export const ZCorrectionAnswer = z.object({
  correction: ZCorrection,
  /** What re-evaluating the case did: a new determination, or why none was made (no policy for the drug, ...). */
  evaluation: z.object({ status: z.enum(["evaluated", "not_evaluated"]), reason: z.string().nullable(), determination: z.looseObject({}).nullable() }),
  prior_auth: z.looseObject({ id: z.uuid(), status: z.string() }),
});

export const ZCorrectionList = z.object({ data: z.array(ZCorrection) });
