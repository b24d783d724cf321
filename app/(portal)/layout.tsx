import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { requireMember } from "@/lib/portal/current-member";

export const dynamic = "force-dynamic";

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const member = await requireMember();
  return <AppShell member={{ email: member.email, role: member.role, workspaceName: member.workspace.name }}>{children}</AppShell>;
}
