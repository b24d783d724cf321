// What a quantity counts (tablets, pens and units are counts; mL a volume; g a weight), from the units table
// (lib/lexicon/data/quantity-units.json), so a limit and a request are compared only when they count the same thing. Pure.
import UNITS from "@/lib/lexicon/data/quantity-units.json";

export type QuantityKind = "count" | "ml" | "g" | "billing";

const INDEX = new Map<string, QuantityKind>();
for (const kind of ["count", "ml", "g", "billing"] as const) for (const u of (UNITS as unknown as Record<QuantityKind, string[]>)[kind]) INDEX.set(u, kind);

/** "Tablets" -> count, "mL" -> ml; null for no unit or an unknown one. */
export function quantityKind(unit: string | null | undefined): QuantityKind | null {
  const key = (unit ?? "").toLowerCase().replace(/[()[\].]/g, "").replace(/\s+/g, " ").trim();
  if (!key) return null;
  return INDEX.get(key) ?? INDEX.get(key.replace(/s$/, "")) ?? null;
}

/** Whether a limit in `limitUnit` can be compared with a quantity in `unit`: the same kind, or counts where a side is unknown. */
export function comparableUnits(limitUnit: string | null | undefined, unit: string | null | undefined): boolean {
  const a = quantityKind(limitUnit);
  const b = quantityKind(unit);
  if (a && b) return a === b;
  return (a ?? "count") === "count" && (b ?? "count") === "count";
}
