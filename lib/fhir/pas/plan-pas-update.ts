// What a PAS Claim Update does to an authorization's request: each item marked added joins it, each marked changed
// replaces the item of its sequence, each cancelled (certification type 3 or infoCancelled) leaves it; items sent as
// they were stay. The result is the case's request Bundle with its Claim's items so changed (the update's other
// entries, such as new documents or a corrected Patient, replace or join the request's by fullUrl), and whether
// nothing is left (the whole authorization is cancelled). Pure.
import type { Bundle, BundleEntry, Claim, ClaimItem } from "@medplum/fhirtypes";
import type { PasRequest } from "@/lib/fhir/pas/read-pas-request";

export interface PasUpdatePlan {
  /** The case's request after the update: one Claim (the original's identifier, the new items). */
  merged: Bundle;
  added: number[];
  modified: number[];
  cancelled: number[];
  /** Every item of the authorization is cancelled: the case is withdrawn. */
  cancelsAll: boolean;
}

export type PasUpdatePlanning = { ok: true; plan: PasUpdatePlan } | { ok: false; problems: { expression: string; message: string }[] };

export function planPasUpdate(current: Bundle, update: PasRequest): PasUpdatePlanning {
  const currentEntry = (current.entry ?? []).find((entry) => entry.resource?.resourceType === "Claim");
  if (!currentEntry) return { ok: false, problems: [{ expression: "Claim.related", message: "the authorization's request has no Claim to update" }] };
  const items = new Map<number, ClaimItem>(((currentEntry.resource as Claim).item ?? []).map((item) => [item.sequence, item]));
  const plan = { added: [] as number[], modified: [] as number[], cancelled: [] as number[] };
  const problems: { expression: string; message: string }[] = [];
  update.items.forEach((item, index) => {
    const expression = `Claim.item[${index}]`;
    const sent = update.claim.item![index];
    const known = items.has(item.sequence);
    if (item.cancelled) {
      if (!known) problems.push({ expression, message: `item ${item.sequence} is cancelled but is not on the authorization` });
      items.delete(item.sequence);
      plan.cancelled.push(item.sequence);
    } else if (item.infoChanged === "added") {
      if (known) problems.push({ expression, message: `item ${item.sequence} is marked added but the authorization already has an item ${item.sequence}` });
      items.set(item.sequence, sent);
      plan.added.push(item.sequence);
    } else if (item.infoChanged === "changed") {
      if (!known) problems.push({ expression, message: `item ${item.sequence} is marked changed but is not on the authorization` });
      items.set(item.sequence, sent);
      plan.modified.push(item.sequence);
    } else if (!known) {
      problems.push({ expression, message: `item ${item.sequence} is not on the authorization: mark a new item added (extension-infoChanged)` });
    }
  });
  if (problems.length) return { ok: false, problems };

  const claim: Claim = { ...(currentEntry.resource as Claim), item: [...items.values()].sort((a, b) => a.sequence - b.sequence) };
  const entries = new Map<string, BundleEntry>();
  for (const entry of current.entry ?? []) entries.set(entry.fullUrl ?? `#${entries.size}`, entry === currentEntry ? { ...entry, resource: claim } : entry);
  for (const entry of update.bundle.entry ?? []) {
    if (entry.resource?.resourceType === "Claim" || !entry.fullUrl) continue;
    entries.set(entry.fullUrl, entry);
  }
  return { ok: true, plan: { ...plan, merged: { ...current, entry: [...entries.values()] }, cancelsAll: items.size === 0 } };
}
