// Validates a resource against a Da Vinci PAS 2.2.1 profile: the base R4 checks of validate-fhir (structure, required
// bindings, references that resolve inside a Bundle), Medplum's profile validation over the adjusted snapshots
// (pas-profiles.ts), and the Bundle entry slices Medplum cannot evaluate: each slice's count, and each entry against
// its slice's profile. Every problem is named by a FHIRPath expression, as an OperationOutcome issue wants it.
import type { Bundle, OperationOutcomeIssue, Resource, StructureDefinition } from "@medplum/fhirtypes";
import { loadValidator, validateFhirResource } from "@/lib/fhir/validate-fhir";
import { type PasProfiles, readPasProfiles } from "@/lib/fhir/pas/pas-profiles";
import { setAsideLongBase64 } from "@/lib/fhir/long-base64";

export interface PasProblem {
  expression: string;
  message: string;
}

let loaded: Promise<{ profiles: PasProfiles; validate: (resource: Resource, profile: StructureDefinition) => PasProblem[] }> | undefined;

function load() {
  loaded ??= (async () => {
    const { core } = await loadValidator();
    const profiles = readPasProfiles();
    for (const definition of profiles.byUrl.values()) core.loadDataType(definition);
    const validate = (resource: Resource, profile: StructureDefinition): PasProblem[] => {
      try {
        core.validateResource(resource, { profile });
        return [];
      } catch (error) {
        if (!(error instanceof core.OperationOutcomeError)) throw error;
        return error.outcome.issue.filter(isError).filter((issue) => !isPrimitivePatternMatch(resource, profile, issue)).map(toProblem);
      }
    };
    return { profiles, validate };
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** The adjusted profiles, for reports of what is and is not evaluated. */
export async function pasProfiles(): Promise<PasProfiles> {
  return (await load()).profiles;
}

/** Problems of `resource` against the PAS profile `profileUrl` (default: the first PAS profile in its meta.profile). */
export async function validatePas(input: Resource, profileUrl?: string): Promise<PasProblem[]> {
  const { profiles, validate } = await load();
  const { resource, problems: content } = setAsideLongBase64(input, input.resourceType ?? "(resource)");
  const url = profileUrl ?? resource.meta?.profile?.map(bare).find((candidate) => profiles.byUrl.has(candidate));
  const profile = url ? profiles.byUrl.get(bare(url)) : undefined;
  if (!profile) return [{ expression: resource.resourceType ?? "(resource)", message: `no PAS 2.2.1 profile ${url ?? "is named in meta.profile"}` }];
  const problems: PasProblem[] = [...content, ...(await validateFhirResource(resource)).map(fromLine)];
  problems.push(...validate(resource, profile));
  if (resource.resourceType === "Bundle") problems.push(...(await entrySliceProblems(resource, profiles.bundleEntrySlices.get(profile.url) ?? [])));
  return unique(problems);
}

async function entrySliceProblems(bundle: Bundle, slices: PasProfiles["bundleEntrySlices"] extends Map<string, infer S> ? S : never) {
  const { profiles, validate } = await load();
  const problems: PasProblem[] = [];
  const entries = bundle.entry ?? [];
  for (const slice of slices) {
    const members = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => slice.resourceTypes.includes(entry.resource?.resourceType ?? ""));
    if (members.length < slice.min || members.length > slice.max) {
      const max = Number.isFinite(slice.max) ? slice.max : "*";
      problems.push({ expression: "Bundle.entry", message: `slice '${slice.name}' needs ${slice.min}..${max} ${slice.resourceTypes.join(" or ")} entries, found ${members.length}` });
    }
    if (slice.profiles.length === 0) continue;
    for (const { entry, index } of members) {
      const resource = entry.resource as Resource;
      const named = resource.meta?.profile?.map(bare).find((candidate) => slice.profiles.includes(candidate));
      const candidates = (named ? [named] : slice.profiles).map((candidate) => profiles.byUrl.get(candidate)).filter((p): p is StructureDefinition => Boolean(p));
      const results = candidates.map((candidate) => validate(resource, candidate));
      const passing = results.find((result) => result.length === 0);
      if (passing || results.length === 0) continue;
      const prefix = `Bundle.entry[${index}].resource`;
      problems.push(...results[0].map((problem) => ({ ...problem, expression: problem.expression.replace(new RegExp(`^${resource.resourceType}`), prefix) })));
    }
  }
  return problems;
}

/**
 * Medplum compares a primitive's pattern or fixed value together with the primitive's extensions (`_criteria`), so a
 * PAS Subscription whose criteria equals the topic but carries its filter extension fails. Such an issue stands only
 * if the value itself differs from the profile's pattern.
 */
function isPrimitivePatternMatch(resource: Resource, profile: StructureDefinition, issue: OperationOutcomeIssue): boolean {
  const expression = issue.expression?.[0];
  if (!expression || !/did not match expected (pattern|fixed value)/i.test(issue.details?.text ?? "")) return false;
  const elementPath = expression.replace(/\[\d+\]/g, "");
  const element = profile.snapshot?.element?.find((candidate) => candidate.id === elementPath);
  const expected = element && Object.entries(element).find(([key]) => key.startsWith("pattern") || key.startsWith("fixed"))?.[1];
  if (expected === undefined || typeof expected === "object") return false;
  return valueAt(resource, expression) === expected;
}

/** The value at a simple FHIRPath (`Subscription.criteria`, `Claim.item[0].sequence`); undefined for anything else. */
function valueAt(resource: Resource, expression: string): unknown {
  let value: unknown = resource;
  for (const step of expression.split(".").slice(1)) {
    const match = /^([A-Za-z]+)(?:\[(\d+)\])?$/.exec(step);
    if (!match || value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[match[1]];
    if (match[2] !== undefined) value = Array.isArray(value) ? value[Number(match[2])] : undefined;
  }
  return value;
}

function bare(url: string): string {
  return url.split("|")[0];
}

function isError(issue: OperationOutcomeIssue): boolean {
  return issue.severity === "error" || issue.severity === "fatal";
}

function toProblem(issue: OperationOutcomeIssue): PasProblem {
  return { expression: issue.expression?.join(", ") ?? "(resource)", message: issue.details?.text ?? issue.diagnostics ?? issue.code };
}

/** validate-fhir's `<path>: <problem>` lines. */
function fromLine(line: string): PasProblem {
  const at = line.indexOf(": ");
  return at === -1 ? { expression: "(resource)", message: line } : { expression: line.slice(0, at), message: line.slice(at + 2) };
}

function unique(problems: PasProblem[]): PasProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.expression}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
