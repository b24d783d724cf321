"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import type { ReactNode } from "react";

const NAV = [
  { href: "/cases", label: "Cases" },
  { href: "/policies", label: "Policies" },
  { href: "/reports", label: "Reports" },
  { href: "/docs", label: "API reference" },
  { href: "/settings/api-keys", label: "Settings", adminOnly: true },
];

export function AppShell({ member, children }: { member: { email: string; role: string; workspaceName: string }; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3">
          <Link href="/cases" className="font-semibold text-slate-900">PA Service</Link>
          <nav aria-label="Main" className="flex gap-1">
            {NAV.filter((item) => !item.adminOnly || member.role === "admin").map((item) => {
              const active = pathname.startsWith(item.href.split("/").slice(0, 2).join("/"));
              return (
                <Link key={item.href} href={item.href} aria-current={active ? "page" : undefined}
                  className={`rounded-md px-3 py-1.5 text-sm ${active ? "bg-slate-100 font-medium text-slate-900" : "text-slate-700 hover:bg-slate-50"}`}>
                  {item.label}
                </Link>
              );
            })}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm text-slate-700">
            <span>{member.workspaceName}</span>
            <span aria-label="Signed in as">{member.email} · {member.role}</span>
            <button type="button" onClick={() => signOut({ callbackUrl: "/login" })} className="rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100">Log out</button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
