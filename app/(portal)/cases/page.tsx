import { CasesTable } from "@/components/cases/cases-table";

export default function CasesPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Cases</h1>
      <CasesTable />
    </div>
  );
}
