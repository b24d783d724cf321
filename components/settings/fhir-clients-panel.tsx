"use client";
// The workspace's SMART backend services clients of /fhir (PAS): register one with its public keys (a JWKS URL or the
// JWKS itself) and the scopes its tokens may be granted, see when it last got a token, revoke it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { apiFetch } from "@/lib/portal/api-client";
import type { ZSmartClient } from "@/lib/schemas/smart-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";

/** GET /smart_clients: the API's schema, not a copy. */
type SmartClient = z.infer<typeof ZSmartClient>;

/** The scopes an admin picks from, in words (SMART v1 names, as PAS clients ask for them). */
const SCOPE_CHOICES: { scope: string; label: string; checked: boolean }[] = [
  { scope: "system/Claim.write", label: "Submit requests and updates (Claim/$submit)", checked: true },
  { scope: "system/Claim.read", label: "Inquire about requests (Claim/$inquire)", checked: true },
  { scope: "system/ClaimResponse.read", label: "Read answers (ClaimResponse)", checked: true },
  { scope: "system/Subscription.write", label: "Create, change and delete subscriptions", checked: false },
  { scope: "system/Subscription.read", label: "Read subscriptions", checked: false },
];

const STATUS_LABEL: Record<SmartClient["status"], ReactNode> = {
  active: <span className="text-emerald-700">Active</span>,
  revoked: <span className="text-red-700">Revoked</span>,
};

export function FhirClientsPanel() {
  const queryClient = useQueryClient();
  const ids = { keys: useId(), jwks: useId(), problem: useId() };
  const clients = useQuery({ queryKey: ["smart-clients"], queryFn: () => apiFetch<{ data: SmartClient[] }>("/smart_clients") });
  const [keySource, setKeySource] = useState<"url" | "inline">("url");
  const [problem, setProblem] = useState<string | null>(null);
  const [registered, setRegistered] = useState<SmartClient | null>(null);
  const register = useMutation({
    mutationFn: (input: { name: string; jwks_url?: string; jwks?: unknown; scopes: string[] }) => apiFetch<SmartClient>("/smart_clients", { method: "POST", json: input }),
    onSuccess: (client) => {
      setRegistered(client);
      void queryClient.invalidateQueries({ queryKey: ["smart-clients"] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch<SmartClient>(`/smart_clients/${id}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["smart-clients"] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const scopes = data.getAll("scopes").map(String);
    setProblem(null);
    setRegistered(null);
    if (!scopes.length) return setProblem("Choose at least one scope.");
    let keys: { jwks_url: string } | { jwks: unknown };
    if (keySource === "url") {
      keys = { jwks_url: String(data.get("jwks_url") ?? "").trim() };
    } else {
      try {
        keys = { jwks: JSON.parse(String(data.get("jwks") ?? "")) };
      } catch {
        return setProblem("The JWKS must be JSON: {\"keys\": [ ...public keys... ]}.");
      }
    }
    register.mutate({ name, ...keys, scopes }, { onSuccess: () => form.reset() });
  }

  return (
    <section aria-labelledby="fhir-clients-title" className="space-y-6">
      <div>
        <h2 id="fhir-clients-title" className="text-lg font-semibold">FHIR clients</h2>
        <p className="text-sm text-slate-600">
          Systems that call the PAS endpoint (<code>/fhir</code>) with SMART backend services: each gets 5-minute tokens at the token URL with an assertion signed by its own key, within the scopes chosen here. Revoking a client stops its tokens at once.
        </p>
      </div>
      <form onSubmit={submit} className="max-w-2xl space-y-3" aria-label="Register a FHIR client">
        <Field label="Client name" name="name" placeholder="e.g. Hospital EHR" required maxLength={100} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Public keys</legend>
          <div className="mt-1 flex gap-4 text-sm">
            <label className="flex items-center gap-1.5"><input type="radio" name="key_source" checked={keySource === "url"} onChange={() => setKeySource("url")} className="accent-blue-700" />JWKS URL</label>
            <label className="flex items-center gap-1.5"><input type="radio" name="key_source" checked={keySource === "inline"} onChange={() => setKeySource("inline")} className="accent-blue-700" />Paste the JWKS</label>
          </div>
          {keySource === "url" ? (
            <div className="mt-2"><Field label="JWKS URL" name="jwks_url" type="url" placeholder="https://ehr.example.org/.well-known/jwks.json" required hint="Fetched at each token request (https, public addresses only)." /></div>
          ) : (
            <div className="mt-2">
              <label htmlFor={ids.jwks} className="block text-sm font-medium text-slate-800">JWKS</label>
              <textarea id={ids.jwks} name="jwks" rows={5} required placeholder='{"keys": [{"kty": "EC", "crv": "P-384", ...}]}'
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs shadow-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600" />
              <p className="mt-1 text-xs text-slate-600">Public keys only: RSA for RS384, P-384 EC for ES384.</p>
            </div>
          )}
        </fieldset>
        <fieldset aria-describedby={problem ? ids.problem : undefined}>
          <legend className="text-sm font-medium text-slate-800">Scopes</legend>
          <div className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
            {SCOPE_CHOICES.map((choice) => (
              <label key={choice.scope} className="flex items-start gap-1.5">
                <input type="checkbox" name="scopes" value={choice.scope} defaultChecked={choice.checked} className="mt-0.5 accent-blue-700" />
                <span>{choice.label} <code className="text-xs text-slate-600">{choice.scope}</code></span>
              </label>
            ))}
          </div>
        </fieldset>
        {problem && <p id={ids.problem} className="text-sm text-red-700">{problem}</p>}
        <Button type="submit" disabled={register.isPending}>{register.isPending ? "Registering…" : "Register client"}</Button>
      </form>
      {register.error && <ErrorState message={register.error.message} />}
      {registered && (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="font-medium">Client “{registered.name}” registered.</p>
          <p className="mt-1">Its client_id (the <code>iss</code> and <code>sub</code> of its assertions): <code data-testid="new-client-id" className="break-all rounded bg-white px-1.5 py-0.5">{registered.client_id}</code></p>
          <p className="mt-1">Token URL (the <code>aud</code>): <code className="break-all rounded bg-white px-1.5 py-0.5">{registered.token_url}</code></p>
        </div>
      )}
      {clients.isPending ? <Loading /> : clients.error ? <ErrorState message={clients.error.message} /> : clients.data.data.length === 0 ? (
        <Empty title="No FHIR clients yet">Register each system that calls the PAS endpoint.</Empty>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr><th className="px-3 py-2">Name</th><th className="px-3 py-2">Client ID</th><th className="px-3 py-2">Keys</th><th className="px-3 py-2">Scopes</th><th className="px-3 py-2">Registered</th><th className="px-3 py-2">Last token</th><th className="px-3 py-2">Status</th><th className="px-3 py-2"><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody>
            {clients.data.data.map((client) => (
              <tr key={client.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2 font-medium">{client.name}</td>
                <td className="px-3 py-2"><code className="break-all text-xs">{client.client_id}</code></td>
                <td className="px-3 py-2">{client.jwks_url ? <span className="break-all">{client.jwks_url}</span> : `${client.jwks?.keys.length ?? 0} key${client.jwks?.keys.length === 1 ? "" : "s"} pasted`}</td>
                <td className="px-3 py-2"><ul>{client.scopes.map((scope) => <li key={scope}><code className="text-xs">{scope}</code></li>)}</ul></td>
                <td className="px-3 py-2">{formatDateTime(client.created_at)}</td>
                <td className="px-3 py-2">{client.last_used_at ? formatDateTime(client.last_used_at) : "Never"}</td>
                <td className="px-3 py-2">{STATUS_LABEL[client.status]}</td>
                <td className="px-3 py-2 text-right">
                  {!client.revoked_at && (
                    <Button variant="secondary" type="button" disabled={revoke.isPending} aria-label={`Revoke ${client.name}`}
                      onClick={() => { if (window.confirm(`Revoke the client “${client.name}”? Its tokens stop working at once.`)) revoke.mutate(client.id); }}>
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
