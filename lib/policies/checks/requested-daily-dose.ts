// The daily dose a medication request asks for, computed two ways from what the request states: the strength times
// the units a day its quantity and days supply give (30 capsules of 26.1 mg for 30 days: 26.1 mg a day), and its
// directions (the dose or units of one administration times how often a day). Each way is computed only from what is
// written: a strength per volume ("620 mcg/2.48 mL" pen) gives no dose per pen counted, a sig with two frequencies no
// dose at all. Pure.
import { readSig } from "@/lib/lexicon/sig";
import type { IntakeMedicationRequest } from "@/lib/intake/types";

export type MassUnit = "mg" | "mcg" | "g";

export interface DailyDose {
  /** How it was computed: "supply" (strength x quantity / days supply) or "directions". */
  how: "supply" | "directions";
  /** The dose a day, in mcg (compared across units). */
  mcgPerDay: number;
  /** The computation in words, with the figures used ("26.1 mg x 30 capsules / 30 days = 26.1 mg a day"). */
  shown: string;
}

const TO_MCG: Record<MassUnit, number> = { mcg: 1, mg: 1000, g: 1_000_000 };
export const toMcg = (value: number, unit: MassUnit) => value * TO_MCG[unit];
/** A dose in mcg written in `unit` (rounded to 0.01). */
export const inUnit = (mcg: number, unit: MassUnit) => `${Math.round((mcg / TO_MCG[unit]) * 100) / 100} ${unit}`;

const massUnit = (u: string): MassUnit | null => {
  const lower = u.toLowerCase().replace("µg", "mcg");
  return lower === "mg" || lower === "mcg" || lower === "g" ? lower : null;
};

/** The amount one unit of the product holds, or per mL when the strength is a concentration. */
interface Strength {
  value: number;
  unit: MassUnit;
  /** mL the amount is in ("2.5 mg/mL": 1, "620 mcg/2.48 mL": 2.48); none for a unit dose. */
  perMl?: number;
  written: string;
}

const STRENGTH = /(\d+(?:\.\d+)?)\s*(mg|mcg|µg|g)(?![a-z])(?:\s*\/\s*(\d+(?:\.\d+)?)?\s*(mg|mcg|µg|g|ml|hr|hrs|hours?|h|day|24\s*hr?)\b)?/i;

/** The strength of the requested product: its first amount (a combination's first ingredient; a patch's delivery). */
export function strengthOf(med: Pick<IntakeMedicationRequest, "strength" | "name">): Strength | null {
  for (const text of [med.strength, med.name]) {
    const m = text ? STRENGTH.exec(text) : null;
    if (!m) continue;
    const unit = massUnit(m[2]);
    if (!unit) continue;
    const per = m[4]?.toLowerCase();
    return { value: Number(m[1]), unit, ...(per === "ml" ? { perMl: m[3] ? Number(m[3]) : 1 } : {}), written: m[0] };
  }
  return null;
}

/** Units a quantity counts one by one (an empty unit with a unit-dose strength counts units too). */
const COUNTED = /^(?:tab|tabs|tablet|tablets|cap|caps|capsule|capsules|patch|patches|each|ea|unit|units|pen|pens|syringe|syringes|packet|packets|film|films|lozenge|lozenges)$/i;

export function dailyDoses(med: IntakeMedicationRequest): { doses: DailyDose[]; why: string[] } {
  const doses: DailyDose[] = [];
  const why: string[] = [];
  const strength = strengthOf(med);
  const unitWord = (med.quantityUnit ?? "").trim();
  // Strength x quantity / days supply.
  if (!strength) why.push("the request states no strength in mg, mcg or g");
  else if (!med.quantity || !med.daysSupply) why.push("the request states no quantity and days supply");
  else if (strength.perMl !== undefined) {
    if (/^(?:ml|milliliters?)$/i.test(unitWord)) {
      const total = (strength.value / strength.perMl) * med.quantity;
      doses.push({ how: "supply", mcgPerDay: toMcg(total / med.daysSupply, strength.unit), shown: `${strength.written} x ${med.quantity} mL / ${med.daysSupply} days = ${inUnit(toMcg(total / med.daysSupply, strength.unit), strength.unit)} a day` });
    } else why.push(`the strength ${strength.written} is per volume and the quantity is ${med.quantity} ${unitWord || "units"}, not mL`);
  } else if (unitWord && !COUNTED.test(unitWord)) why.push(`the quantity is in ${unitWord}, not in units of ${strength.written}`);
  else {
    const perDay = (strength.value * med.quantity) / med.daysSupply;
    doses.push({ how: "supply", mcgPerDay: toMcg(perDay, strength.unit), shown: `${strength.written} x ${med.quantity}${unitWord ? ` ${unitWord}` : ""} / ${med.daysSupply} days = ${inUnit(toMcg(perDay, strength.unit), strength.unit)} a day` });
  }
  // The directions.
  const sig = med.directions ? readSig(med.directions) : null;
  if (!med.directions) why.push("the request states no directions");
  else if (!sig) why.push(`the directions "${med.directions}" state no single amount and frequency`);
  else if (sig.amount) {
    const mcg = toMcg(sig.amount.value, sig.amount.unit) * sig.perDay;
    doses.push({ how: "directions", mcgPerDay: mcg, shown: `"${med.directions}": ${sig.amount.value} ${sig.amount.unit} x ${round(sig.perDay)} a day = ${inUnit(mcg, sig.amount.unit)} a day` });
  } else if (sig.count !== undefined && strength && strength.perMl === undefined) {
    const mcg = toMcg(strength.value * sig.count, strength.unit) * sig.perDay;
    doses.push({ how: "directions", mcgPerDay: mcg, shown: `"${med.directions}": ${sig.count} x ${strength.written} x ${round(sig.perDay)} a day = ${inUnit(mcg, strength.unit)} a day` });
  } else why.push(`the directions "${med.directions}" state no dose, or units of a unit-dose strength`);
  return { doses, why };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
