// CARIN Blue Button ExplanationOfBenefit -> the spec's claim record, so a payer's claims feed can be sent as it is.
import type { TClaimRecord } from "@/lib/schemas/supporting-information";

type Coding = { system?: string; code?: string; display?: string };
type CodeableConcept = { coding?: Coding[]; text?: string };
type Eob = {
  id?: string;
  identifier?: { value?: string }[];
  status?: string;
  outcome?: string;
  type?: CodeableConcept;
  created?: string;
  billablePeriod?: { start?: string };
  item?: { productOrService?: CodeableConcept; servicedDate?: string; servicedPeriod?: { start?: string }; quantity?: { value?: number } }[];
  supportingInfo?: { category?: CodeableConcept; valueQuantity?: { value?: number } }[];
  adjudication?: unknown[];
  total?: { category?: CodeableConcept; amount?: { value?: number } }[];
  payment?: { amount?: { value?: number } };
};

const NDC_SYSTEM = "http://hl7.org/fhir/sid/ndc";
const isProcedureSystem = (system = "") => /cpt|hcpcs|ama-assn/i.test(system);

function statusOf(eob: Eob): TClaimRecord["status"] {
  if (eob.status === "cancelled" || eob.status === "entered-in-error" || eob.outcome === "error") return "denied";
  if (eob.outcome === "queued" || eob.outcome === "partial" || eob.status === "draft") return "pending";
  const paid = eob.payment?.amount?.value ?? eob.total?.find((t) => t.category?.coding?.some((c) => c.code === "benefit"))?.amount?.value;
  return paid === 0 ? "denied" : "paid";
}

/** One claim record per EOB (its first item names the drug or procedure); problems are returned, not thrown. */
export function eobToClaimRecord(resource: Record<string, unknown>): { record?: TClaimRecord; problem?: string } {
  const eob = resource as Eob;
  const claimId = eob.identifier?.find((i) => i.value)?.value ?? eob.id;
  const date = (eob.billablePeriod?.start ?? eob.item?.[0]?.servicedDate ?? eob.item?.[0]?.servicedPeriod?.start ?? eob.created ?? "").slice(0, 10);
  if (!claimId || !/^\d{4}-\d\d-\d\d$/.test(date)) return { problem: `ExplanationOfBenefit ${eob.id ?? "(no id)"} has no identifier or no service date` };
  const typeCode = eob.type?.coding?.[0]?.code ?? "";
  const type: TClaimRecord["type"] = typeCode === "pharmacy" ? "pharmacy" : "medical";
  const product = eob.item?.[0]?.productOrService;
  const ndc = product?.coding?.find((c) => c.system === NDC_SYSTEM)?.code;
  const procedure = product?.coding?.find((c) => isProcedureSystem(c.system))?.code;
  const drugName = product?.text ?? product?.coding?.find((c) => c.display)?.display;
  const daysSupply = eob.supportingInfo?.find((s) => s.category?.coding?.some((c) => c.code === "dayssupply"))?.valueQuantity?.value;
  return {
    record: {
      claim_id: claimId,
      date,
      type,
      status: statusOf(eob),
      ...(drugName && type === "pharmacy" ? { drug_name: drugName } : {}),
      ...(ndc ? { ndc } : {}),
      ...(procedure ? { procedure_code: procedure } : {}),
      ...(daysSupply ? { days_supply: Math.round(daysSupply) } : {}),
    },
  };
}
