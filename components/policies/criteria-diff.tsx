import { describeCheck } from "@/lib/portal/describe-check";
import type { z } from "zod";
import type { ZCriterionChange } from "@/lib/schemas/policy";
import type { Check } from "./types";

/** A criterion's change between two versions (or a version and the draft), as the API answers it. */
export type CriterionChange = z.infer<typeof ZCriterionChange>;

const side = (text: string | null, check: Check | null) =>
  check ? <><span className="block">{text}</span><span className="block font-medium">{check.kind.replace(/_/g, " ")}: {describeCheck(check)}</span></> : <span className="text-slate-500">—</span>;

/** Per-criterion changes side by side: before (left) and after (right). */
export function CriteriaDiff({ changes, beforeLabel, afterLabel, caption }: { changes: CriterionChange[]; beforeLabel: string; afterLabel: string; caption: string }) {
  if (changes.length === 0) return <p className="text-sm text-slate-700">No criteria differ.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="w-1/5 py-1 pr-2">Criterion</th>
          <th scope="col" className="py-1 pr-2">{beforeLabel}</th>
          <th scope="col" className="py-1">{afterLabel}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={`${c.section}/${c.criterion_id}`} className="border-b border-slate-200 align-top">
            <th scope="row" className="py-1 pr-2 font-normal"><span className="font-mono text-xs">{c.criterion_id}</span> <span className="block text-xs text-slate-600">{c.section} · {c.change}</span></th>
            <td className="bg-red-50 py-1 pr-2">{side(c.text_before, c.check_before)}</td>
            <td className="bg-green-50 py-1">{side(c.text_after, c.check_after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
