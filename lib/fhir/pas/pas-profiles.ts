// The Da Vinci PAS 2.2.1 profiles as Medplum can evaluate them. The published snapshots are used as they are, with
// three adjustments that are each reported (`adjustments`), so what is not checked is said, never hidden:
//  - canonical references lose their `|2.2.1` / `|4.0.1` version: Medplum indexes profiles by bare URL;
//  - an extension slice defined only by its type profile (no `.url` child in the snapshot) gets that child with the
//    profile's URL fixed, which is what the profile means: Medplum matches extension slices on the child's value;
//  - slicings Medplum cannot evaluate are removed from the snapshot: a `type` discriminator below `$this` (Medplum
//    compares the slice's own type), a FHIRPath function in the discriminator path, and a `value` discriminator whose
//    slice fixes nothing but a binding (Medplum lets every value match it), and a required slice inside a slice (Medplum
//    keys slicings by path and would require it of the parent's every item). Bundle.entry's type slices are checked by
//    `bundleEntrySlices` instead (validate-pas.ts); the others are listed as not evaluated.
import path from "node:path";
import type { ElementDefinition, StructureDefinition } from "@medplum/fhirtypes";
import { readFhirPackage } from "@/lib/fhir/packages/read-fhir-package";

export const PAS_PACKAGE = path.join(process.cwd(), "lib/fhir/packages/davinci_pas_2.2.1.tgz");
export const PAS_CANONICAL = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition";

export interface ProfileAdjustment {
  profile: string;
  element: string;
  kind: "extension-url-fixed" | "slicing-not-evaluated" | "slicing-checked-separately";
  reason: string;
}

/** A slice of a Bundle profile's entries: which resources it takes, under which profiles, how many. */
export interface BundleEntrySlice {
  name: string;
  resourceTypes: string[];
  profiles: string[];
  min: number;
  max: number;
}

export interface PasProfiles {
  byUrl: Map<string, StructureDefinition>;
  bundleEntrySlices: Map<string, BundleEntrySlice[]>;
  adjustments: ProfileAdjustment[];
}

/** Reads and adjusts every StructureDefinition of the package. Pure apart from reading the archive. */
export function readPasProfiles(tgzPath = PAS_PACKAGE): PasProfiles {
  const definitions = [...readFhirPackage(tgzPath).values()].filter(
    (resource): resource is StructureDefinition => (resource as { resourceType?: string }).resourceType === "StructureDefinition",
  );
  return adjustProfiles(definitions);
}

export function adjustProfiles(definitions: StructureDefinition[]): PasProfiles {
  const byUrl = new Map<string, StructureDefinition>();
  const bundleEntrySlices = new Map<string, BundleEntrySlice[]>();
  const adjustments: ProfileAdjustment[] = [];
  for (const original of definitions) {
    const definition = withoutVersions(original);
    const elements = definition.snapshot?.element ?? [];
    const url = definition.url;
    const fixedUrls = fixExtensionSliceUrls(elements);
    for (const element of fixedUrls) {
      adjustments.push({ profile: url, element: element, kind: "extension-url-fixed", reason: "the slice is defined by its type profile only" });
    }
    if (definition.type === "Bundle") {
      const slices = entrySlices(elements);
      if (slices.length > 0) {
        bundleEntrySlices.set(url, slices);
        adjustments.push({
          profile: url,
          element: "Bundle.entry",
          kind: "slicing-checked-separately",
          reason: "a type discriminator on entry.resource: Medplum compares the slice's own type",
        });
      }
    }
    for (const removed of removeUnevaluableSlicings(elements)) adjustments.push({ profile: url, ...removed });
    byUrl.set(url, definition);
  }
  return { byUrl, bundleEntrySlices, adjustments };
}

/** A canonical reference with its version: the whole string is `http(s)://...|1.2.3`. */
const VERSIONED_CANONICAL = /^(https?:\/\/[^|]+)\|[0-9].*$/s;

/** A deep copy with `|version` cut from every canonical reference. */
function withoutVersions(definition: StructureDefinition): StructureDefinition {
  const copy = structuredClone(definition);
  cutVersions(copy);
  return copy;
}

function cutVersions(node: object): void {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === "string") {
      const cut = value.replace(VERSIONED_CANONICAL, "$1");
      if (cut !== value) Reflect.set(node, key, cut);
    } else if (value !== null && typeof value === "object") cutVersions(value);
  }
}

function fixExtensionSliceUrls(elements: ElementDefinition[]): string[] {
  const fixed: string[] = [];
  for (let i = elements.length - 1; i >= 0; i--) {
    const element = elements[i];
    const profile = element.type?.length === 1 && element.type[0].code === "Extension" ? element.type[0].profile?.[0] : undefined;
    if (!element.sliceName || !profile || !element.id) continue;
    if (elements.some((other) => other.id === `${element.id}.url`)) continue;
    elements.splice(i + 1, 0, {
      id: `${element.id}.url`,
      path: `${element.path}.url`,
      min: 1,
      max: "1",
      base: { path: "Extension.url", min: 1, max: "1" },
      type: [{ code: "http://hl7.org/fhirpath/System.String" }],
      fixedUri: profile,
    } as ElementDefinition);
    fixed.push(element.id);
  }
  return fixed.reverse();
}

function entrySlices(elements: ElementDefinition[]): BundleEntrySlice[] {
  const slices: BundleEntrySlice[] = [];
  for (const element of elements) {
    if (element.path !== "Bundle.entry" || !element.sliceName) continue;
    const resource = elements.find((other) => other.id === `${element.id}.resource`);
    slices.push({
      name: element.sliceName,
      resourceTypes: (resource?.type ?? []).map((type) => type.code),
      profiles: (resource?.type ?? []).flatMap((type) => type.profile ?? []),
      min: element.min ?? 0,
      max: element.max === "*" || element.max === undefined ? Infinity : Number(element.max),
    });
  }
  return slices;
}

/** Removes each slicing Medplum cannot evaluate (with its slices), and says which and why. */
function removeUnevaluableSlicings(elements: ElementDefinition[]): Omit<ProfileAdjustment, "profile">[] {
  const removed: Omit<ProfileAdjustment, "profile">[] = [];
  for (const sliced of [...elements]) {
    if (!elements.includes(sliced)) continue; // inside a slice removed before
    const reason = unevaluable(sliced, elements);
    if (!reason || !sliced.id) continue;
    const sliceRoot = `${sliced.id}:`;
    for (let i = elements.length - 1; i >= 0; i--) if (elements[i].id?.startsWith(sliceRoot)) elements.splice(i, 1);
    delete sliced.slicing;
    removed.push({ element: sliced.id, kind: sliced.path === "Bundle.entry" ? "slicing-checked-separately" : "slicing-not-evaluated", reason });
  }
  return removed.filter((entry) => entry.kind === "slicing-not-evaluated");
}

function unevaluable(sliced: ElementDefinition, elements: ElementDefinition[]): string | undefined {
  const required = elements.some((element) => element.id?.startsWith(`${sliced.id}:`) && (element.min ?? 0) > 0);
  if (sliced.slicing && sliced.id?.includes(":") && required) {
    return "a required slice inside a slice: Medplum keys slicings by path and would require it of every item of the parent element";
  }
  for (const discriminator of sliced.slicing?.discriminator ?? []) {
    if (discriminator.path.includes("(")) return `a FHIRPath function in the discriminator (${discriminator.path})`;
    if (discriminator.type === "type" && discriminator.path !== "$this") return `a type discriminator on ${discriminator.path}`;
    if (discriminator.type === "profile") return "a profile discriminator";
    if (discriminator.type === "value" || discriminator.type === "pattern") {
      const slices = elements.filter((element) => element.path === sliced.path && element.sliceName && element.id?.startsWith(`${sliced.id}:`));
      const bindingOnly = slices.some((slice) => {
        const target = discriminator.path === "$this" ? slice : elements.find((e) => e.id === `${slice.id}.${discriminator.path}`);
        if (!target) return false;
        const fixes = Object.keys(target).some((key) => key.startsWith("fixed") || key.startsWith("pattern"));
        return !fixes && Boolean(target.binding);
      });
      if (bindingOnly) return `a ${discriminator.type} discriminator on ${discriminator.path} whose slice fixes only a binding`;
    }
  }
  return undefined;
}
