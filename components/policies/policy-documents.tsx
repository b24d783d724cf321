"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/api-client";
import { ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { DocumentSectionsTable } from "./document-sections-table";
import { familyName, type PolicyDocumentView } from "./types";

/** The library's uploaded documents, each with its drug sections. */
export function PolicyDocuments() {
  const documents = useQuery({ queryKey: ["policies", "documents"], queryFn: () => apiFetch<{ data: PolicyDocumentView[] }>("/policies/documents") });
  if (documents.isPending) return <Loading label="Loading policy documents…" />;
  if (documents.error) return <ErrorState message={documents.error.message} />;
  if (!documents.data.data.length) return null;
  return (
    <section aria-labelledby="policy-documents-title" className="space-y-3">
      <h2 id="policy-documents-title" className="text-lg font-semibold">Documents</h2>
      {documents.data.data.map((d) => (
        <article key={d.id} aria-label={`Document ${d.file_name ?? d.id}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-medium">
              <Link href={`/policies/documents/${d.id}`} className="text-blue-800 underline-offset-2 hover:underline">{d.file_name ?? "Uploaded document"}</Link>
            </h3>
            <p className="text-xs text-slate-700">
              {[familyName(d.family), `${d.section_count} section${d.section_count === 1 ? "" : "s"}`, d.payer, `uploaded ${formatDateTime(d.created_at)}`].filter(Boolean).join(" · ")}
            </p>
          </div>
          <DocumentSectionsTable document={d} caption={`Sections of ${d.file_name ?? "the document"}`} />
        </article>
      ))}
    </section>
  );
}
