import Link from "next/link";
import type { ReactNode } from "react";
import { requireMember } from "@/lib/portal/current-member";

export const dynamic = "force-dynamic";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const member = await requireMember();
  if (member.role !== "admin") {
    return (
      <section aria-labelledby="forbidden" className="rounded-lg border border-amber-200 bg-amber-50 p-6">
        <h1 id="forbidden" className="text-lg font-semibold text-amber-900">Admins only</h1>
        <p className="mt-1 text-sm text-amber-900">Settings are for workspace admins. Ask an admin of {member.workspace.name} if you need an API key or a new member.</p>
      </section>
    );
  }
  return (
    <div>
      <h1 className="text-2xl font-semibold">Settings</h1>
      <nav aria-label="Settings" className="mt-4 flex gap-4 border-b border-slate-200 text-sm">
        <Link href="/settings/api-keys" className="border-b-2 border-transparent px-1 pb-2 hover:border-slate-400">API keys</Link>
        <Link href="/settings/members" className="border-b-2 border-transparent px-1 pb-2 hover:border-slate-400">Members</Link>
        <Link href="/settings/workspace" className="border-b-2 border-transparent px-1 pb-2 hover:border-slate-400">Workspace</Link>
        <Link href="/settings/webhooks" className="border-b-2 border-transparent px-1 pb-2 hover:border-slate-400">Webhooks</Link>
        <Link href="/settings/fhir-clients" className="border-b-2 border-transparent px-1 pb-2 hover:border-slate-400">FHIR clients</Link>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
