// Age on the date of the request, from the patient's birth date: whole years, exact for "less than" bounds.
import { cite, toStepEvidence, type CaseContext, type CheckAnswer, type CheckOf } from "../case-context";

/** Age in years on `asOf` (fractional: 2.5 = two and a half years). */
export function ageInYears(birthDate: string, asOf: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [ay, am, ad] = asOf.split("-").map(Number);
  let years = ay - by;
  if (am < bm || (am === bm && ad < bd)) years -= 1;
  const lastBirthday = Date.UTC(by + years, bm - 1, bd);
  const nextBirthday = Date.UTC(by + years + 1, bm - 1, bd);
  return years + (Date.UTC(ay, am - 1, ad) - lastBirthday) / (nextBirthday - lastBirthday);
}

export function describeAgeBounds(check: CheckOf<"age">): string {
  const y = (n: number) => (n < 1 ? `${Math.round(n * 12)} months` : `${n} year${n === 1 ? "" : "s"}`);
  const { min, max } = check;
  if (min !== undefined && max !== undefined) return `between ${y(min)} and ${y(max)} of age`;
  if (min !== undefined) return check.minExclusive ? `older than ${y(min)} of age` : `${y(min)} of age or older`;
  if (max !== undefined) return check.maxExclusive ? `younger than ${y(max)} of age` : `${y(max)} of age or younger`;
  return "of the required age";
}

export function answerAge(check: CheckOf<"age">, ctx: CaseContext): CheckAnswer {
  const birthDate = ctx.facts.patient?.birthDate;
  if (!birthDate) {
    return { outcome: "missing", answer: "The case does not state the patient's date of birth.", reason: "The patient's date of birth is missing, so the age cannot be checked.", evidence: [], missingInformation: "Patient's date of birth" };
  }
  const age = ageInYears(birthDate, ctx.asOf);
  const whole = Math.floor(age);
  const okMin = check.min === undefined || (check.minExclusive ? age > check.min : whole >= check.min || age >= check.min);
  const okMax = check.max === undefined || (check.maxExclusive ? age < check.max : whole <= check.max);
  const evidence = toStepEvidence(ctx.facts.patient?.evidence, "birthDate");
  const source = cite(ctx, evidence);
  const ageText = whole >= 1 ? `${whole} year${whole === 1 ? "" : "s"}` : `${Math.floor(age * 12)} months`;
  const stated = `Born ${birthDate}, the patient is ${ageText} old on ${ctx.asOf}${source ? ` (${source})` : ""}`;
  if (okMin && okMax) return { outcome: "met", answer: `Yes. ${stated}.`, reason: `The patient is ${describeAgeBounds(check)}.`, evidence };
  return { outcome: "not_met", answer: `No. ${stated}.`, reason: `The policy requires the patient to be ${describeAgeBounds(check)}; the patient is ${ageText} old.`, evidence };
}
