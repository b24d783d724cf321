// Prescriber specialties: "prescribed by or in consultation with a neurologist", "a physician who specializes in ...".
import type { Check } from "../types";
import { criterionPattern } from "./criterion-patterns";
import { trimmed, type CriterionInput } from "./criterion-input";

const SPECIALIST_WORDS = new RegExp(criterionPattern("specialist-words").source, "gi");

/** Specialists a text names: "an oncologist or hematologist" -> ["oncologist", "hematologist"]. */
export function specialistsIn(lower: string): string[] {
  const specialties: string[] = [];
  for (const m of lower.matchAll(SPECIALIST_WORDS)) {
    const word = m[1].replace(/s$/, "");
    if (/^(?:specialist|physician|clinician|pharmacist|dentist|therapist|list|exist|assist|consist|insist|persist|artist)$/.test(word)) continue;
    if (!specialties.includes(word)) specialties.push(word);
  }
  return specialties;
}

export function prescriberSpecialty({ text, lower }: CriterionInput): Check | null {
  const specialties = specialistsIn(lower);
  const field = /speciali[sz]es in (?:the (?:treatment|management) of )?(.+?)(?:[.;,]|$)/i.exec(text);
  if (field && !/condition being treated|patient's condition/i.test(field[1])) specialties.push(field[1].trim());
  if (!specialties.length && !/specialist|speciali[sz]es/.test(lower)) return null;
  return { kind: "prescriber_specialty", specialties, consultationAllowed: /consult|recommended by|in conjunction with/.test(lower) };
}

/** An item of "Prescribed by one of the following:": "Dermatologist", "Physician specializing in allergy". */
export function inheritedSpecialty({ text, lower }: CriterionInput): Check {
  const named = specialistsIn(lower);
  return { kind: "prescriber_specialty", specialties: named.length ? named : [trimmed(text)] };
}
