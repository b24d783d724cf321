"use client";

import type { ReactNode } from "react";

export interface OneTimeLink {
  url: string;
  expires_at: string;
}

/** A one-time link, shown this once (only its hash is stored), with what to do with it. */
export function OneTimeLinkNotice({ title, link, children }: { title: string; link: OneTimeLink; children: ReactNode }) {
  return (
    <div role="status" data-testid="one-time-link" className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
      <p className="font-medium">{title}</p>
      <p>{children}</p>
      <label className="block text-xs font-medium text-slate-700">
        One-time link (shown once, valid until {new Date(link.expires_at).toLocaleString()})
        <input readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-900" />
      </label>
    </div>
  );
}
