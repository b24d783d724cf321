"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import type { z } from "zod";
import type { ZApiKey } from "@/lib/schemas/api-key";
import { API_KEY_MAX_DAYS } from "@/lib/api-keys/key-limits";

/** GET /api_keys: the API's schema, not a copy. */
type ApiKey = z.infer<typeof ZApiKey>;

const STATUS_LABEL: Record<ApiKey["status"], ReactNode> = {
  active: <span className="text-emerald-700">Active</span>,
  revoked: <span className="text-red-700">Revoked</span>,
  expired: <span className="text-amber-800">Expired</span>,
};

export function ApiKeysPanel() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ["api-keys"], queryFn: () => apiFetch<{ data: ApiKey[] }>("/api_keys") });
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: (input: { name: string; expires_in_days?: number }) => apiFetch<ApiKey & { api_key: string }>("/api_keys", { method: "POST", json: input }),
    onSuccess: (key) => {
      setCreated({ name: key.name, key: key.api_key });
      setCopied(false);
      void queryClient.invalidateQueries({ queryKey: ["api-keys"] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch<ApiKey>(`/api_keys/${id}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["api-keys"] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const days = String(data.get("expires_in_days") ?? "").trim();
    if (name) create.mutate({ name, ...(days ? { expires_in_days: Number(days) } : {}) }, { onSuccess: () => form.reset() });
  }

  return (
    <section aria-labelledby="api-keys-title" className="space-y-6">
      <div>
        <h2 id="api-keys-title" className="text-lg font-semibold">API keys</h2>
        <p className="text-sm text-slate-600">External systems send a key in the <code>X-API-Key</code> header. A key is shown once, when it is created.</p>
      </div>
      <form onSubmit={submit} className="flex max-w-xl items-end gap-3" aria-label="Create API key">
        <div className="flex-1"><Field label="Key name" name="name" placeholder="e.g. EHR integration" required maxLength={100} /></div>
        <div className="w-44"><Field label="Expires after (days)" name="expires_in_days" type="number" min={1} max={API_KEY_MAX_DAYS} step={1} placeholder="Never" /></div>
        <Button type="submit" disabled={create.isPending}>{create.isPending ? "Creating…" : "Create key"}</Button>
      </form>
      {create.error && <ErrorState message={create.error.message} />}
      {created && (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p className="text-sm font-medium text-emerald-900">Key “{created.name}” created. Copy it now: it will not be shown again.</p>
          <div className="mt-2 flex items-center gap-2">
            <code data-testid="new-api-key" className="break-all rounded bg-white px-2 py-1 text-sm">{created.key}</code>
            <Button variant="secondary" type="button" onClick={() => navigator.clipboard?.writeText(created.key).then(() => setCopied(true), () => setCopied(false))}>
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </div>
      )}
      {keys.isPending ? <Loading /> : keys.error ? <ErrorState message={keys.error.message} /> : keys.data.data.length === 0 ? (
        <Empty title="No API keys yet">Create one for each system that calls the API.</Empty>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr><th className="px-3 py-2">Name</th><th className="px-3 py-2">Key</th><th className="px-3 py-2">Created</th><th className="px-3 py-2">Last used</th><th className="px-3 py-2">Expires</th><th className="px-3 py-2">Status</th><th className="px-3 py-2"><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody>
            {keys.data.data.map((key) => (
              <tr key={key.id} className="border-t border-slate-100">
                <td className="px-3 py-2 font-medium">{key.name}</td>
                <td className="px-3 py-2"><code>{key.start}…</code></td>
                <td className="px-3 py-2">{formatDateTime(key.created_at)}</td>
                <td className="px-3 py-2">{key.last_used_at ? formatDateTime(key.last_used_at) : "Never"}</td>
                <td className="px-3 py-2">{key.expires_at ? formatDateTime(key.expires_at) : "Never"}</td>
                <td className="px-3 py-2">{STATUS_LABEL[key.status]}</td>
                <td className="px-3 py-2 text-right">
                  {!key.revoked_at && (
                    <Button variant="secondary" type="button" disabled={revoke.isPending} aria-label={`Revoke ${key.name}`}
                      onClick={() => { if (window.confirm(`Revoke the key “${key.name}”? Systems using it stop working at once.`)) revoke.mutate(key.id); }}>
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
