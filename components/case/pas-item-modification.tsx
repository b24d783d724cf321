"use client";
// An approval of a PAS request's item with a modification (X12 306 A6): the item, and what is certified instead of
// what was asked (a lower quantity, a shorter period, or both). The server checks it against the request.
import { useId } from "react";
import type { TItemModification } from "@/lib/schemas/review";

export interface ItemModificationDraft {
  item: string;
  quantity: string;
  start: string;
  end: string;
}

export const EMPTY_MODIFICATION: ItemModificationDraft = { item: "", quantity: "", start: "", end: "" };

/** The draft as the review's `modifications` (none when no item is named), or what is missing. */
export function modificationsOf(draft: ItemModificationDraft): { modifications?: TItemModification[]; problem?: string } {
  if (!draft.item.trim()) return {};
  const quantity = draft.quantity.trim() ? Number(draft.quantity) : undefined;
  const period = draft.start || draft.end ? { start: draft.start, end: draft.end } : undefined;
  if (quantity === undefined && !period) return { problem: "Give the certified quantity, period or both." };
  if (period && (!period.start || !period.end)) return { problem: "Give the certified period's first and last day." };
  return { modifications: [{ item_sequence: Number(draft.item), ...(quantity !== undefined ? { quantity } : {}), ...(period ? { period } : {}) }] };
}

/** How a recorded modification reads in the decision history. */
export const describeModification = (m: TItemModification) =>
  `Item ${m.item_sequence} certified with modification: ${[m.quantity !== undefined ? `quantity ${m.quantity}` : null, m.period ? `${m.period.start} to ${m.period.end}` : null].filter(Boolean).join(", ")}`;

const INPUT = "mt-1 block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600";

export function PasItemModification({ value, onChange, error }: { value: ItemModificationDraft; onChange: (next: ItemModificationDraft) => void; error?: string }) {
  const id = useId();
  const set = (field: keyof ItemModificationDraft) => (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="rounded-md border border-slate-200 p-2.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-800">Approve an item with a modification <span className="font-normal text-slate-600">(optional; the PAS answer says A6, modified)</span></legend>
      <div className="grid gap-2 sm:grid-cols-4">
        <label className="text-sm text-slate-800">Item<input type="number" min={1} inputMode="numeric" value={value.item} onChange={set("item")} className={INPUT} /></label>
        <label className="text-sm text-slate-800">Certified quantity<input type="number" min={0} step="any" value={value.quantity} onChange={set("quantity")} className={INPUT} /></label>
        <label className="text-sm text-slate-800">Certified from<input type="date" value={value.start} onChange={set("start")} className={INPUT} /></label>
        <label className="text-sm text-slate-800">Certified to<input type="date" value={value.end} onChange={set("end")} className={INPUT} /></label>
      </div>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
