import { specialtyCode } from "@/lib/lexicon/specialties";

/** Where one part of a "name, credentials, specialty" value ends: a comma, semicolon, slash, dash or parenthesis. */
const PART = /\s*[,;/()]\s*|\s+[–—-]\s+/g;

/**
 * A prescriber's name and specialty written in one box ("Prescriber Name and Specialty: Helga Lindqvist, MD,
 * Cardiovascular Disease", "Dr. Anna Kim - Neurology", "Anna Kim MD (Pediatrics)"): split before the first part
 * that names a specialty NUCC knows, after a part that does not. A value with no such part has no specialty
 * (unread, not guessed); the name is what stands before it.
 */
export function splitNameAndSpecialty(value: string): { name: string; specialty: string | null } {
  const text = value.trim();
  const cuts = [...text.matchAll(PART)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  for (const [k, cut] of cuts.entries()) {
    const name = text.slice(0, cut.start).trim();
    const rest = text.slice(cut.end).replace(/[\s,;.)]+$/, "");
    // The specialty starts with a part of its own ("MD, Cardiology" starts with a credential, not a specialty).
    const first = text.slice(cut.end, cuts[k + 1]?.start ?? text.length);
    if (!name || specialtyCode(name) || !rest || !specialtyCode(first) || !specialtyCode(rest)) continue;
    return { name, specialty: rest };
  }
  return { name: text, specialty: null };
}
