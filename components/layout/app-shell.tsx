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
      {/* The first stop of the keyboard: past the header and navigation, straight to the page's content. */}
      <a href="#main-content" className="sr-only rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50">Skip to main content</a>
      <header className="border-b border-slate-200 bg-white">
        {/* On a phone the account sits beside the name and the navigation takes a row of its own (wrapping rather
            than widening the page). */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <div className="flex min-w-0 items-baseline gap-2">
            <Link href="/cases" className="flex items-center gap-2 self-center font-semibold text-slate-900">
              {/* The logo the notices share (public/logo.svg); decorative: the link's name is its text. */}
              {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG: nothing for the image optimizer to do */}
              <img src="/logo.svg" alt="" width={20} height={20} />
              PA Service
            </Link>
            <span data-testid="workspace-name" className="truncate text-sm font-medium text-slate-700" title="Workspace">{member.workspaceName}</span>
          </div>
          <nav aria-label="Main" className="order-last flex w-full flex-wrap gap-1 md:order-none md:w-auto">
            {NAV.filter((item) => !item.adminOnly || member.role === "admin").map((item) => {
              const active = pathname.startsWith(item.href.split("/").slice(0, 2).join("/"));
              return (
                <Link key={item.href} href={item.href} aria-current={active ? "page" : undefined}
                  className={`whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm sm:px-3 ${active ? "bg-slate-100 font-medium text-slate-900" : "text-slate-700 hover:bg-slate-50"}`}>
                  {item.label}
                </Link>
              );
            })}
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-3 text-sm text-slate-700">
            <span aria-label="Signed in as" className="min-w-0 truncate" title={`${member.email} · ${member.role} · ${member.workspaceName}`}>{member.email} · {member.role}</span>
            <Link href="/choose-workspace" className="shrink-0 rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100">Switch workspace</Link>
            <Link href="/account" className="shrink-0 rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100">Account</Link>
            <button type="button" onClick={() => signOut({ callbackUrl: "/login" })} className="shrink-0 rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100">Log out</button>
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">{children}</main>
    </div>
  );
}
