import { buildIntakeFhir } from "@/lib/fhir/build-intake-fhir";
import { buildIntakeBundle } from "@/lib/fhir/build-intake-bundle";
import { coverageOf } from "@/lib/fhir/build-coverage";
import { collectProvenance } from "@/lib/fhir/provenance";
import { intakeResourceIds } from "@/lib/fhir/resource-ids";
import { intakeSummaries } from "./summaries";
import type { CorrectedFacts } from "./corrections";

/** Base of the `ai-summary` / `total-units-requested` extension URLs: PA_FHIR_EXTENSION_BASE, or this server's. */
export function extensionBaseFor(req: Request): string {
  return process.env.PA_FHIR_EXTENSION_BASE ?? `${new URL(req.url).origin}/fhir/StructureDefinition`;
}

/**
 * The intake response: `fhir` (spec 2.3), and beside it what a reviewer must see first: `identity_conflicts` (the
 * documents name different patients: an approval needs a person), the `coverage` read, and per Condition its codes
 * with official title, billable flag and the "category, not billable" warning. ?format=bundle is the R4 Bundle only.
 */
export function presentIntake(facts: CorrectedFacts, opts: { priorAuthId: string; extensionBase: string; format: "spec" | "bundle"; provenance: boolean }) {
  const build = { priorAuthId: opts.priorAuthId, extensionBase: opts.extensionBase, summaries: intakeSummaries(facts) };
  if (opts.format === "bundle") return buildIntakeBundle(facts, build);
  const fhir = buildIntakeFhir(facts, build);
  const ids = intakeResourceIds(facts, opts.priorAuthId);
  const coverage = coverageOf(facts);
  const body = {
    fhir,
    corrections: (facts.corrections ?? []).map((c) => ({ field: c.field, value: c.value, source: c.source, note: c.note, corrected_by: c.corrected_by, corrected_at: c.corrected_at })),
    identity_conflicts: (facts.identityConflicts ?? []).map((c) => ({
      field: c.field,
      documents: c.documents,
      values: c.values.map((v) => ({ value: v.value, document: v.document, ...(v.documentId ? { document_id: v.documentId } : {}) })),
      approval_needs_person: true,
    })),
    coverage: coverage ? { member_id: coverage.memberId, payer: coverage.payer, plan: coverage.plan, group: coverage.group } : null,
    // What a request without a drug asks for: each procedure's CPT/HCPCS code and the words it was read from.
    requested_services: facts.procedures.map((p) => ({
      code: p.code, system: p.system, display: p.display,
      evidence: p.evidence.map((e) => ({ document_id: e.documentId, page: e.page, start: e.start, end: e.end, quote: e.quote, ...(e.path !== undefined ? { path: e.path } : {}) })),
    })),
    diagnosis_codes: facts.diagnoses.flatMap((dx, i) =>
      (dx.icd10Details ?? []).map((d) => ({
        condition_id: ids.diagnoses[i],
        code: d.code,
        title: d.title,
        billable: d.billable,
        ...(d.resolvedFrom ? { resolved_from: d.resolvedFrom } : {}),
        ...(d.warning ? { warning: d.warning } : {}),
        source: dx.icd10Source ?? "stated",
      })),
    ),
  };
  if (!opts.provenance) return body;
  return {
    ...body,
    provenance: collectProvenance(facts, ids),
    npi_checks: facts.practitioners.filter((p) => p.npi).map((p) => ({ npi: p.npi, valid: p.npiValid })),
    warnings: facts.warnings,
  };
}
