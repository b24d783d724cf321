import Link from "next/link";
import { NewCaseForm } from "@/components/cases/new-case-form";

export default function NewCasePage() {
  return (
    <div className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm"><Link href="/cases" className="text-blue-800 underline-offset-2 hover:underline">← Cases</Link></nav>
      <h1 className="text-2xl font-semibold">New case</h1>
      <p className="max-w-2xl text-sm text-slate-700">Upload the request form and any clinical notes as PDFs, or give the address of a document. The service reads them into the intake; the case opens when it is ready.</p>
      <NewCaseForm />
    </div>
  );
}
