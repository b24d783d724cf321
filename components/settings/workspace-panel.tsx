"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { apiFetch } from "@/lib/portal/api-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ErrorState, Loading } from "@/components/ui/states";
import type { z } from "zod";
import type { ZWorkspace } from "@/lib/schemas/workspace";

type WorkspaceSettings = z.infer<typeof ZWorkspace>;

export function WorkspacePanel() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ["workspace"], queryFn: () => apiFetch<WorkspaceSettings>("/workspace") });
  const save = useMutation({
    mutationFn: (input: Partial<WorkspaceSettings>) => apiFetch<WorkspaceSettings>("/workspace", { method: "PATCH", json: input }),
    onSuccess: (data) => queryClient.setQueryData(["workspace"], data),
  });
  if (settings.isPending) return <Loading />;
  if (settings.error) return <ErrorState message={settings.error.message} />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.mutate({
      name: String(data.get("name")),
      sla_hours_expedited: Number(data.get("sla_hours_expedited")),
      sla_hours_standard: Number(data.get("sla_hours_standard")),
      require_clinician_for_adverse: data.get("require_clinician_for_adverse") === "on",
      auto_evaluate: data.get("auto_evaluate") === "on",
      engine_approvals_final: data.get("engine_approvals_final") === "on",
      pause_clock_while_waiting: data.get("pause_clock_while_waiting") === "on",
    });
  }

  const s = settings.data;
  return (
    <section aria-labelledby="workspace-title" className="max-w-xl space-y-4">
      <h2 id="workspace-title" className="text-lg font-semibold">Workspace</h2>
      <form onSubmit={submit} aria-label="Workspace settings" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <Field label="Name" name="name" defaultValue={s.name} required />
        <Field label="Decision deadline, expedited (hours)" name="sla_hours_expedited" type="number" min={1} defaultValue={s.sla_hours_expedited} required hint="CMS-0057-F: 72 hours." />
        <Field label="Decision deadline, standard (hours)" name="sla_hours_standard" type="number" min={1} defaultValue={s.sla_hours_standard} required hint="CMS-0057-F: 7 days (168 hours)." />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="require_clinician_for_adverse" defaultChecked={s.require_clinician_for_adverse} className="mt-1" />
          <span>A clinician decides every adverse outcome: the engine recommends a denial and pends the case for review.</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="auto_evaluate" defaultChecked={s.auto_evaluate} className="mt-1" />
          <span>Prepare cases: when the documents are read (and when new documents or claims arrive), run the policy check and the determination in the background.</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="engine_approvals_final" defaultChecked={s.engine_approvals_final} className="mt-1" />
          <span>Engine approvals are final when every safety check holds (the right drug&apos;s criteria, each met with cited evidence, one patient). Unchecked: every outcome waits for a reviewer.</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="pause_clock_while_waiting" defaultChecked={s.pause_clock_while_waiting} className="mt-1" />
          <span>Pause the decision clock while a case waits for information the prescriber was asked for.</span>
        </label>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save settings"}</Button>
          {save.isSuccess && <span role="status" className="text-sm text-emerald-800">Saved.</span>}
        </div>
        {save.error && <ErrorState message={save.error.message} />}
      </form>
    </section>
  );
}
