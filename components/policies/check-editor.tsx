"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CHECK_KINDS, checkProblems, type CheckKind, type TCheck } from "@/lib/policies/check-schema";
import { CHECK_FIELDS, fromForm, toForm, type FormValues } from "./check-fields";
import type { Check } from "./types";

/** A structured form per check kind, validated inline with the schema the API uses; saving adds the edit to the draft. */
export function CheckEditor({ criterionId, check, pending, onSave, onCancel }: {
  criterionId: string; check: Check; pending: boolean; onSave(check: TCheck): void; onCancel(): void;
}) {
  const id = useId();
  const [kind, setKind] = useState<CheckKind>((CHECK_KINDS as readonly string[]).includes(check.kind) ? (check.kind as CheckKind) : "manual");
  const [values, setValues] = useState<FormValues>(() => toForm(check));
  const [touched, setTouched] = useState(false);
  const candidate = useMemo(() => fromForm(kind, values, check), [kind, values, check]);
  const problems = useMemo(() => checkProblems(candidate), [candidate]);
  const problemOf = (key: string) => problems.filter((p) => p.path === key || p.path.startsWith(`${key}.`)).map((p) => p.message).join("; ");
  const general = problems.filter((p) => !CHECK_FIELDS[kind].some((s) => p.path === s.key || p.path.startsWith(`${s.key}.`)));
  const show = touched || problems.length === 0;
  const formRef = useRef<HTMLFormElement>(null);
  // Opening the editor moves the focus to its first field.
  useEffect(() => formRef.current?.querySelector<HTMLElement>("select, input, textarea")?.focus(), []);

  return (
    <form ref={formRef} aria-label={`Edit the check of ${criterionId}`} className="mt-2 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-2"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (problems.length === 0) onSave(candidate as TCheck);
      }}>
      <label className="block text-xs font-medium text-slate-800" htmlFor={`${id}-kind`}>Kind of check</label>
      <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as CheckKind)} className="rounded-md border border-slate-300 px-2 py-1 text-sm">
        {CHECK_KINDS.map((k) => <option key={k} value={k}>{k.replace(/_/g, " ")}</option>)}
      </select>
      {CHECK_FIELDS[kind].map((spec) => {
        const fieldId = `${id}-${spec.key}`;
        const problem = touched ? problemOf(spec.key) : "";
        const described = [spec.hint ? `${fieldId}-hint` : "", problem ? `${fieldId}-error` : ""].filter(Boolean).join(" ") || undefined;
        const value = values[spec.key];
        const set = (v: string | boolean) => { setTouched(true); setValues((old) => ({ ...old, [spec.key]: v })); };
        return (
          <div key={spec.key}>
            {spec.type === "flag" ? (
              <label className="flex items-center gap-2 text-xs text-slate-800">
                <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} /> {spec.label}
              </label>
            ) : (
              <>
                <label htmlFor={fieldId} className="block text-xs font-medium text-slate-800">{spec.label}</label>
                {spec.type === "list" ? (
                  <textarea id={fieldId} rows={3} value={String(value ?? "")} onChange={(e) => set(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={described}
                    className="mt-1 block w-full rounded-md border border-slate-300 p-1.5 text-sm" />
                ) : spec.type === "choice" ? (
                  <select id={fieldId} value={String(value ?? "")} onChange={(e) => set(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={described}
                    className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm">
                    <option value="">Choose…</option>
                    {spec.options!.map((o) => <option key={o} value={o}>{o}</option>)}
                  </select>
                ) : (
                  <input id={fieldId} type="text" inputMode={spec.type === "number" ? "decimal" : undefined} value={String(value ?? "")} onChange={(e) => set(e.target.value)}
                    aria-invalid={problem ? true : undefined} aria-describedby={described} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
                )}
              </>
            )}
            {spec.hint && <p id={`${fieldId}-hint`} className="text-xs text-slate-600">{spec.hint}</p>}
            {problem && <p id={`${fieldId}-error`} className="text-xs text-red-800">{problem}</p>}
          </div>
        );
      })}
      {touched && general.length > 0 && <p role="alert" className="text-xs text-red-800">{general.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join("; ")}</p>}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || (show && problems.length > 0)}>Add to draft</Button>
        <Button type="button" variant="secondary" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
