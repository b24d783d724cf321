"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/webhook-events";
import type { TWebhookDelivery, TWebhookEndpoint } from "@/lib/schemas/webhook";

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  "prior_auth.succeeded": "Intake succeeded",
  "prior_auth.failed": "Intake failed",
  "prior_auth.cancelled": "Case cancelled",
  "determination.created": "Determination created",
  "review.decided": "Reviewer decided",
  "notice.created": "Notice issued",
};

const STATUS_STYLE: Record<TWebhookDelivery["status"], string> = {
  pending: "text-amber-800",
  delivered: "text-emerald-700",
  failed: "text-red-700",
};

function Deliveries({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: ["webhook-deliveries", endpoint.id],
    queryFn: () => apiFetch<{ data: TWebhookDelivery[] }>(`/webhooks/${endpoint.id}/deliveries`),
    refetchInterval: 5000,
  });
  const resend = useMutation({
    mutationFn: (id: string) => apiFetch<TWebhookDelivery>(`/webhook_deliveries/${id}/resend`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["webhook-deliveries", endpoint.id] }),
  });
  if (deliveries.isPending) return <Loading label="Loading deliveries…" />;
  if (deliveries.error) return <ErrorState message={deliveries.error.message} />;
  if (deliveries.data.data.length === 0) return <p className="px-3 py-2 text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <>
      {resend.error && <ErrorState message={resend.error.message} />}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Deliveries to {endpoint.url}</caption>
        <thead className="text-slate-600">
          <tr><th className="px-3 py-1">Event</th><th className="px-3 py-1">Status</th><th className="px-3 py-1">Attempts</th><th className="px-3 py-1">Last answer</th><th className="px-3 py-1">Created</th><th className="px-3 py-1"><span className="sr-only">Actions</span></th></tr>
        </thead>
        <tbody>
          {deliveries.data.data.map((d) => (
            <tr key={d.id} className="border-t border-slate-100" data-testid="webhook-delivery">
              <td className="px-3 py-1"><span className="font-medium">{d.event_type}</span><code className="block text-xs text-slate-500">{d.event_id}</code></td>
              <td className={`px-3 py-1 ${STATUS_STYLE[d.status]}`}>{d.status}{d.next_attempt_at && <span className="block text-xs text-slate-500">next {formatDateTime(d.next_attempt_at)}</span>}</td>
              <td className="px-3 py-1 tabular-nums">{d.attempts}</td>
              <td className="px-3 py-1">{d.last_status_code ? `HTTP ${d.last_status_code}` : "—"}{d.last_error && <span className="block text-xs text-red-700">{d.last_error}</span>}</td>
              <td className="px-3 py-1">{formatDateTime(d.created_at)}</td>
              <td className="px-3 py-1 text-right">
                <Button variant="secondary" type="button" disabled={resend.isPending} aria-label={`Resend ${d.event_type} ${d.event_id}`} onClick={() => resend.mutate(d.id)}>Resend</Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function WebhooksPanel() {
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: ["webhooks"], queryFn: () => apiFetch<{ data: TWebhookEndpoint[] }>("/webhooks") });
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (input: { url: string; events: string[] }) => apiFetch<TWebhookEndpoint & { secret: string }>("/webhooks", { method: "POST", json: input }),
    onSuccess: (endpoint) => {
      setCreated({ url: endpoint.url, secret: endpoint.secret });
      void queryClient.invalidateQueries({ queryKey: ["webhooks"] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<TWebhookEndpoint>(`/webhooks/${id}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["webhooks"] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = { url: String(data.get("url") ?? "").trim(), events: data.getAll("events").map(String) };
    create.mutate(input, { onSuccess: () => form.reset() });
  }

  return (
    <section aria-labelledby="webhooks-title" className="space-y-6">
      <div>
        <h2 id="webhooks-title" className="text-lg font-semibold">Webhooks</h2>
        <p className="text-sm text-slate-600">
          The service POSTs an event to each endpoint that subscribes to it, signed as Standard Webhooks do (<code>webhook-id</code>, <code>webhook-timestamp</code>,{" "}
          <code>webhook-signature</code>). Failed deliveries are retried with growing waits. The signing secret is shown once.
        </p>
      </div>
      <form onSubmit={submit} className="max-w-2xl space-y-3" aria-label="Add webhook endpoint">
        <Field label="Endpoint URL" name="url" type="url" placeholder="https://example.com/webhooks/prior-auth" required maxLength={2048} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          <div className="mt-1 grid grid-cols-2 gap-1">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="events" value={type} defaultChecked />
                {EVENT_LABELS[type]} <code className="text-xs text-slate-500">{type}</code>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={create.isPending}>{create.isPending ? "Adding…" : "Add endpoint"}</Button>
      </form>
      {create.error && <ErrorState message={create.error.message} />}
      {created && (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p className="text-sm font-medium text-emerald-900">Endpoint {created.url} added. Copy its signing secret now: it will not be shown again.</p>
          <code data-testid="new-webhook-secret" className="mt-2 block break-all rounded bg-white px-2 py-1 text-sm">{created.secret}</code>
        </div>
      )}
      {remove.error && <ErrorState message={remove.error.message} />}
      {endpoints.isPending ? <Loading /> : endpoints.error ? <ErrorState message={endpoints.error.message} /> : endpoints.data.data.length === 0 ? (
        <Empty title="No webhook endpoints yet">Add one to be told when cases finish intake, are decided or cancelled.</Empty>
      ) : (
        <ul className="space-y-3">
          {endpoints.data.data.map((endpoint) => (
            <li key={endpoint.id} className="rounded-lg border border-slate-200 bg-white">
              <div className="flex flex-wrap items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="break-all font-medium">{endpoint.url}</p>
                  <p className="text-xs text-slate-600">{endpoint.events.join(", ")} · secret <code>{endpoint.secret_start}…</code> · added {formatDateTime(endpoint.created_at)} by {endpoint.created_by}</p>
                </div>
                <Button variant="secondary" type="button" aria-expanded={open === endpoint.id} onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}>
                  {open === endpoint.id ? "Hide deliveries" : "Deliveries"}
                </Button>
                <Button variant="secondary" type="button" disabled={remove.isPending} aria-label={`Delete ${endpoint.url}`}
                  onClick={() => { if (window.confirm(`Delete the endpoint ${endpoint.url}? Nothing more is sent to it.`)) remove.mutate(endpoint.id); }}>
                  Delete
                </Button>
              </div>
              {open === endpoint.id && <div className="border-t border-slate-100"><Deliveries endpoint={endpoint} /></div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
