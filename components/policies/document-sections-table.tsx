import Link from "next/link";
import { PolicyStatusBadge } from "./policy-status-badge";
import type { PolicyDocumentView } from "./types";

/** The sections of one policy document: what each covers, the drugs it is bound to, its pages and criteria. */
export function DocumentSectionsTable({ document, caption }: { document: PolicyDocumentView; caption: string }) {
  return (
    <table className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-slate-700">
        <tr><th className="px-3 py-2">Section</th><th className="px-3 py-2">Bound drugs</th><th className="px-3 py-2">Codes</th><th className="px-3 py-2">Pages</th><th className="px-3 py-2">Criteria</th><th className="px-3 py-2">Status</th></tr>
      </thead>
      <tbody>
        {document.sections.map((s) => (
          <tr key={s.policy_id} className="border-t border-slate-100 align-top">
            <td className="px-3 py-2"><Link href={`/policies/${s.policy_id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline">{s.section_label ?? s.title ?? "Section"}</Link></td>
            <td className="px-3 py-2 text-xs text-slate-700">{s.drug_names.join(" · ") || "—"}</td>
            <td className="px-3 py-2 text-xs text-slate-700">{s.requirement_codes.join(", ") || "—"}</td>
            <td className="px-3 py-2 text-xs">{s.pages.join(", ") || "—"}</td>
            <td className="px-3 py-2">{s.criteria_count}</td>
            <td className="px-3 py-2"><PolicyStatusBadge status={s.status} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
