"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { PolicyDetail } from "./types";

const split = (value: string) => value.split(/[,\n]/).map((v) => v.trim()).filter(Boolean);

/** The codes and drug names that select the policy, with the document's own mentions offered as suggestions. */
export function CodesEditor({ policy, editable, pending, onSave }: { policy: PolicyDetail; editable: boolean; pending: boolean; onSave: (patch: Record<string, string[]>) => void }) {
  const [ndc, setNdc] = useState(policy.ndc_codes.join(", "));
  const [cpt, setCpt] = useState(policy.cpt_codes.join(", "));
  const [names, setNames] = useState(policy.drug_names.join("\n"));
  const s = policy.suggestions;
  const hasSuggestions = s.ndc_codes.length + s.cpt_codes.length + s.drug_names.length > 0;

  if (!editable) {
    return (
      <section aria-labelledby="codes-title" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 id="codes-title" className="font-semibold">Selected by</h2>
        <p className="mt-1">NDC: {policy.ndc_codes.join(", ") || "—"} · CPT/HCPCS: {policy.cpt_codes.join(", ") || "—"} · Drugs: {policy.drug_names.join("; ") || "—"}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="codes-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="codes-title" className="font-semibold">Selected by</h2>
      <p className="text-sm text-slate-700">A case uses this policy when its NDC or CPT/HCPCS code is listed, or, without codes, when its drug name matches a covered drug.</p>
      <div className="grid gap-4 md:grid-cols-3">
        <label className="text-sm font-medium text-slate-800">NDC codes
          <textarea value={ndc} onChange={(e) => setNdc(e.target.value)} rows={3} className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs" />
        </label>
        <label className="text-sm font-medium text-slate-800">CPT / HCPCS codes
          <textarea value={cpt} onChange={(e) => setCpt(e.target.value)} rows={3} className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs" />
        </label>
        <label className="text-sm font-medium text-slate-800">Covered drug names (one a line)
          <textarea value={names} onChange={(e) => setNames(e.target.value)} rows={3} className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-xs" />
        </label>
      </div>
      {hasSuggestions && (
        <div className="text-sm">
          <p className="font-medium text-slate-800">Found in the document (not yet confirmed):</p>
          <div className="mt-1 flex flex-wrap gap-2">
            {s.ndc_codes.map((c) => <Suggestion key={`n${c}`} label={`NDC ${c}`} onAdd={() => setNdc((v) => [...split(v), c].join(", "))} />)}
            {s.cpt_codes.map((c) => <Suggestion key={`c${c}`} label={`CPT ${c}`} onAdd={() => setCpt((v) => [...split(v), c].join(", "))} />)}
            {s.drug_names.map((d) => <Suggestion key={`d${d}`} label={d} onAdd={() => setNames((v) => [...split(v), d].join("\n"))} />)}
          </div>
        </div>
      )}
      <Button type="button" disabled={pending} onClick={() => onSave({ ndc_codes: split(ndc), cpt_codes: split(cpt), drug_names: names.split("\n").map((n) => n.trim()).filter(Boolean) })}>
        {pending ? "Saving…" : "Save codes (new version)"}
      </Button>
    </section>
  );
}

function Suggestion({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <button type="button" onClick={onAdd} className="rounded-full border border-dashed border-blue-400 px-2 py-0.5 text-xs text-blue-900 hover:bg-blue-50">
      + {label}
    </button>
  );
}
