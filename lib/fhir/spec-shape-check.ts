// Test helpers for the SPEC 2.3 shape: which empty values it holds, and the same resource with the spec's own
// deviations from R4 undone, so the rest can be checked with the R4 validator. The spec asks for exactly these:
// single-letter Patient.gender, doseQuantity.value as a string, medicationCodeableConcept.display, and a
// Practitioner's name.given entries and address.country as empty strings. Nothing else may differ from R4.
import type { Resource } from "@medplum/fhirtypes";

const GENDER: Record<string, string> = { M: "male", F: "female", O: "other", U: "unknown" };
/** Paths (with indexes as []) where the spec allows an empty string. */
const EMPTY_ALLOWED = new Set(["Practitioner.name[].given[]", "Practitioner.address[].country"]);

/** Every path of an empty value ("", [], {}) the spec does not ask for. */
export function emptyValuePaths(resource: object): string[] {
  const type = (resource as { resourceType?: string }).resourceType ?? "resource";
  const found: string[] = [];
  const walk = (value: unknown, path: string, pattern: string) => {
    if (value === "" && !EMPTY_ALLOWED.has(pattern)) found.push(path);
    if (Array.isArray(value)) {
      if (!value.length) found.push(path);
      value.forEach((v, i) => walk(v, `${path}[${i}]`, `${pattern}[]`));
    } else if (value !== null && typeof value === "object") {
      if (!Object.keys(value).length) found.push(path);
      for (const [key, v] of Object.entries(value)) walk(v, `${path}.${key}`, `${pattern}.${key}`);
    }
  };
  walk(resource, type, type);
  return found;
}

/** The spec-shaped resource as R4: the spec's deviations undone, everything else as it is. */
export function specAsR4(resource: object): Resource {
  const copy = structuredClone(resource) as Record<string, unknown> & { resourceType: string };
  if (copy.resourceType === "Patient" && typeof copy.gender === "string") copy.gender = GENDER[copy.gender] ?? copy.gender;
  if (copy.resourceType === "Practitioner") {
    for (const name of (copy.name ?? []) as { given?: string[] }[]) {
      if (name.given) name.given = name.given.filter((g) => g !== "");
      if (name.given && !name.given.length) delete name.given;
    }
    for (const address of (copy.address ?? []) as { country?: string }[]) if (address.country === "") delete address.country;
  }
  if (copy.resourceType === "MedicationRequest") {
    delete (copy.medicationCodeableConcept as { display?: string } | undefined)?.display;
    for (const dosage of (copy.dosageInstruction ?? []) as { doseAndRate?: { doseQuantity?: { value?: unknown } }[] }[]) {
      for (const rate of dosage.doseAndRate ?? []) {
        const value = rate.doseQuantity?.value;
        // The spec writes the dose value as a decimal string; R4 wants the number (anything else stays invalid).
        if (typeof value === "string" && /^[+-]?(0|[1-9]\d*)(\.\d+)?$/.test(value)) rate.doseQuantity!.value = Number(value);
      }
    }
  }
  return copy as unknown as Resource;
}
