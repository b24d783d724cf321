// A reviewer's approval with modified items (X12 306 A6): what is certified instead of what was asked, checked
// against the PAS request it answers. A modification certifies less than was asked, never more: a lower quantity, a
// period within the one asked for (shorter), or both, on an item of the request. Pure.
import type { PasRequest } from "@/lib/fhir/pas/read-pas-request";

export interface ItemModification {
  item_sequence: number;
  quantity?: number;
  period?: { start: string; end: string };
}

const day = (value: string | undefined) => value?.slice(0, 10);

/** Why each modification cannot be certified on this request, in words (none: all can). */
export function modificationProblems(request: PasRequest, modifications: readonly ItemModification[]): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const modification of modifications) {
    const at = `item ${modification.item_sequence}`;
    if (seen.has(modification.item_sequence)) problems.push(`${at} is modified twice.`);
    seen.add(modification.item_sequence);
    const item = request.items.find((candidate) => candidate.sequence === modification.item_sequence);
    if (!item || item.cancelled) {
      problems.push(`${at} is not an item of the request (it asks for ${request.items.filter((i) => !i.cancelled).map((i) => i.sequence).join(", ")}).`);
      continue;
    }
    const { quantity, period } = modification;
    if (quantity !== undefined && item.quantity !== undefined && quantity >= item.quantity) {
      problems.push(`${at}: the certified quantity ${quantity} must be lower than the ${item.quantity} asked for (an approval as asked needs no modification).`);
    }
    const asked = { start: day(item.requested?.start), end: day(item.requested?.end) };
    if (period && ((asked.start && period.start < asked.start) || (asked.end && period.end > asked.end))) {
      problems.push(`${at}: the certified period ${period.start} to ${period.end} must lie within the one asked for (${asked.start ?? "open"} to ${asked.end ?? "open"}).`);
    } else if (period && quantity === undefined && period.start === asked.start && period.end === asked.end) {
      problems.push(`${at}: the certified period is the one asked for (an approval as asked needs no modification).`);
    }
  }
  return problems;
}
