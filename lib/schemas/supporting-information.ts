import { z } from "zod";
import { readStoredRecord, type Same } from "@/lib/stored-record";
import { type ClaimRecord, type TestClaim, ZStoredClaimRecord, ZStoredTestClaim } from "@/lib/claims/claim-record";
import { ZCalendarDate } from "./common";

export { ZCalendarDate };

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max);

export const ZClaimRecord = z.strictObject({
  claim_id: text(100),
  date: ZCalendarDate,
  type: z.enum(["pharmacy", "medical"], { error: "must be pharmacy or medical" }),
  status: z.enum(["paid", "denied", "pending"], { error: "must be paid, denied or pending" }),
  drug_name: text(300).optional(),
  ndc: z.string().trim().regex(/^[0-9-]{10,13}$/, "must be an NDC (10 or 11 digits, hyphens allowed)").optional(),
  procedure_code: z.string().trim().regex(/^[A-Za-z0-9]{4,7}$/, "must be a CPT or HCPCS code").optional(),
  /** Optional: days supplied by a pharmacy fill (used for step-therapy durations). */
  days_supply: z.number().int().min(1).max(365).optional(),
});
export type TClaimRecord = z.infer<typeof ZClaimRecord>;

export const ZTestClaim = z.strictObject({
  claim_id: text(100),
  date: ZCalendarDate,
  status: z.enum(["pending", "approved", "denied"], { error: "must be pending, approved or denied" }),
  expected_coverage: z.boolean().optional(),
  adjudication_notes: z.string().max(5000).optional(),
});
export type TTestClaim = z.infer<typeof ZTestClaim>;

// The engines read stored claim records through lib/claims' schemas: the request's schemas must give the same types.
const claimsAgree: [Same<ClaimRecord, TClaimRecord>, Same<TestClaim, TTestClaim>] = [true, true];
void claimsAgree;

/** A case's stored claim rows as the policy check reads them: the claim history and the test claim, through their schemas. */
export function readStoredClaims(rows: readonly { kind: string; claimId: string; data: unknown }[]): { claims: TClaimRecord[]; testClaim: TTestClaim | null } {
  const read = <S extends z.ZodType>(schema: S, row: { kind: string; claimId: string; data: unknown }) =>
    readStoredRecord(schema, row.data, { record: `the ${row.kind === "test" ? "test claim" : "claim record"} ${row.claimId}`, remedy: "send the claim again as supporting information" });
  const test = rows.find((r) => r.kind === "test");
  return { claims: rows.filter((r) => r.kind === "history").map((r) => read(ZStoredClaimRecord, r)), testClaim: test ? read(ZStoredTestClaim, test) : null };
}

/** A claim record, or a CARIN Blue Button ExplanationOfBenefit in its place (converted on arrival). */
const claimRecordJson = (() => {
  const json = { ...(z.toJSONSchema(ZClaimRecord, { io: "input" }) as Record<string, unknown>) };
  delete json.$schema;
  return json;
})();
const ZClaimHistoryItem = z
  .unknown()
  .meta({
    description: "A claim record, or a CARIN Blue Button ExplanationOfBenefit resource (converted on arrival).",
    anyOf: [
      claimRecordJson,
      { type: "object", properties: { resourceType: { const: "ExplanationOfBenefit" } }, required: ["resourceType"], additionalProperties: true },
    ],
  })
  .transform((value, ctx) => {
  if (typeof value === "object" && value !== null && (value as { resourceType?: unknown }).resourceType === "ExplanationOfBenefit") {
    return { kind: "eob" as const, resource: value as Record<string, unknown> };
  }
  const parsed = ZClaimRecord.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path, input: value });
    return z.NEVER;
  }
  return { kind: "record" as const, record: parsed.data };
});

export const ZSupportingInformationRequest = z
  .strictObject({
    claim_history: z
      .strictObject({
        data: z.array(ZClaimHistoryItem).max(1000, "at most 1000 records per request").optional(),
        /** A FHIR Bundle of ExplanationOfBenefit resources (a CARIN claims feed). */
        bundle: z
          .looseObject({
            resourceType: z.literal("Bundle"),
            entry: z
              .array(z.looseObject({ resource: z.looseObject({ resourceType: z.string() }, { error: "must be a FHIR resource object" }).optional() }, { error: "must be a bundle entry object" }))
              .max(5000)
              .optional(),
          })
          .optional(),
      })
      .optional(),
    test_claim: z.strictObject({ data: ZTestClaim.optional() }).optional(),
  })
  .superRefine((body, ctx) => {
    const ids = new Set<string>();
    (body.claim_history?.data ?? []).forEach((item, index) => {
      if (item.kind !== "record") return;
      const id = item.record.claim_id;
      if (ids.has(id)) ctx.addIssue({ code: "custom", path: ["claim_history", "data", index, "claim_id"], message: `duplicate claim_id ${id} in this request` });
      ids.add(id);
    });
  });
export type TSupportingInformationRequest = z.infer<typeof ZSupportingInformationRequest>;

/** POST /supporting_information answers 201 with Succeeded, or Failed and why (a closed case takes no more). */
export const ZSupportingInformationResponse = z.object({ status: z.enum(["Succeeded", "Failed"]), message: z.string().optional() });

/** GET /supporting_information: what has been attached so far. */
export const ZSupportingInformationList = z.object({
  claim_history: z.array(ZClaimRecord),
  test_claim: ZTestClaim.nullable(),
});
