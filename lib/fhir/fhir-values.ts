// Small value helpers shared by the builders: strict FHIR forbids empty strings, empty arrays and empty objects,
// while the spec shape keeps empty strings for unknown text.
import type { Address } from "@medplum/fhirtypes";
import type { PostalAddress } from "@/lib/intake/types";

/** A full date (the spec's YYYY-MM-DD). */
export const FULL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A FHIR `date`, also valid as a `dateTime`: YYYY, YYYY-MM or YYYY-MM-DD. */
export const FHIR_DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
/** A decimal as FHIR writes it (no exponent, no thousands separators). */
const DECIMAL = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;

/** Trimmed text, or undefined when blank: FHIR strings must not be empty. */
export function nonBlank(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The non-blank, trimmed entries of a list of strings. */
export function nonBlankList(values: readonly (string | null | undefined)[]): string[] {
  return values.map(nonBlank).filter((v): v is string => v !== undefined);
}

/** A decimal written as text ("2.5", "100") as a number; undefined for ranges or words ("1-2", "one"). */
export function parseDecimal(value: string | null | undefined): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed || !DECIMAL.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/** A finite number, or undefined. */
export function finite(value: number | null | undefined): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The known parts of a postal address in FHIR form, or undefined when nothing is known. */
export function addressParts(address: PostalAddress | null): Omit<Address, "use" | "type"> | undefined {
  if (!address) return undefined;
  // prune() gives undefined when no part is known.
  return prune({
    line: nonBlankList(address.line),
    city: nonBlank(address.city),
    state: nonBlank(address.state),
    postalCode: nonBlank(address.postalCode),
    country: nonBlank(address.country),
  }) as Omit<Address, "use" | "type"> | undefined;
}

/**
 * A copy without undefined values, empty arrays and empty objects, at every depth (FHIR's ele-1: an element has a
 * value or children). Strings are kept as they are; blank ones are filtered where they are built.
 */
export function pruneEmpty<T extends object>(value: T): T {
  return (prune(value) ?? {}) as T;
}

function prune(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const pruned = prune(v);
      if (pruned !== undefined) out[key] = pruned;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}
