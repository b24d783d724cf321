// An approval with modified items is for a PAS request's items (the case's request, every Claim Update applied): any
// other case, or an item the request does not ask for, or a modification that certifies more than asked, is refused.
import { InvalidInput } from "@/lib/errors/domain-errors";
import { modificationProblems, type ItemModification } from "@/lib/fhir/pas/item-modifications";
import { readPasRequest } from "@/lib/fhir/pas/read-pas-request";
import { ZStoredBundle } from "@/lib/pas/record-pas-answer";

export function assertPasModifications(epaPayload: unknown, modifications: readonly ItemModification[]): void {
  const stored = ZStoredBundle.safeParse(epaPayload);
  const reading = stored.success ? readPasRequest(stored.data) : null;
  if (!reading?.ok) throw new InvalidInput("modifications: only the items of a PAS request (/fhir/Claim/$submit) can be approved with a modification.");
  const problems = modificationProblems(reading.request, modifications);
  if (problems.length) throw new InvalidInput(`modifications: ${problems.join(" ")}`);
}
