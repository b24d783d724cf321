import { buildIntakeFhir } from "@/lib/fhir/build-intake-fhir";
import { buildIntakeBundle } from "@/lib/fhir/build-intake-bundle";
import { collectProvenance } from "@/lib/fhir/provenance";
import { intakeResourceIds } from "@/lib/fhir/resource-ids";
import { intakeSummaries } from "./summaries";
import type { IntakeFacts } from "./types";

/** Base of the `ai-summary` / `total-units-requested` extension URLs: PA_FHIR_EXTENSION_BASE, or this server's. */
export function extensionBaseFor(req: Request): string {
  return process.env.PA_FHIR_EXTENSION_BASE ?? `${new URL(req.url).origin}/fhir/StructureDefinition`;
}

export function presentIntake(facts: IntakeFacts, opts: { priorAuthId: string; extensionBase: string; format: "spec" | "bundle"; provenance: boolean }) {
  const build = { priorAuthId: opts.priorAuthId, extensionBase: opts.extensionBase, summaries: intakeSummaries(facts) };
  if (opts.format === "bundle") return buildIntakeBundle(facts, build);
  const fhir = buildIntakeFhir(facts, build);
  if (!opts.provenance) return { fhir };
  return {
    fhir,
    provenance: collectProvenance(facts, intakeResourceIds(facts, opts.priorAuthId)),
    npi_checks: facts.practitioners.filter((p) => p.npi).map((p) => ({ npi: p.npi, valid: p.npiValid })),
    warnings: facts.warnings,
  };
}
