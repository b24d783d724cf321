import Link from "next/link";
import { Suspense } from "react";
import { CasesQueue } from "@/components/cases/cases-queue";
import { Loading } from "@/components/ui/states";
import { requireMember } from "@/lib/portal/current-member";

export default async function CasesPage() {
  const member = await requireMember();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Cases</h1>
        <Link href="/cases/new" className="inline-flex items-center rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800">New case</Link>
      </div>
      <Suspense fallback={<Loading label="Loading cases…" />}>
        <CasesQueue me={{ id: member.userId, role: member.role }} />
      </Suspense>
    </div>
  );
}
