"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/lib/portal/api-client";
import { caseKeys, invalidateCase, useCaseDocuments, useCorrections } from "@/lib/portal/case-queries";
import { newIdempotencyKey } from "@/lib/portal/idempotency-key";
import { CORRECTION_FIELD_LABELS, CORRECTION_FIELDS, type CorrectionField } from "@/lib/intake/corrections";
import type { ZCorrection, ZCorrectionAnswer } from "@/lib/schemas/corrections";
import type { PriorAuth } from "@/lib/portal/types";
import { statusLabel } from "@/lib/portal/status-labels";
import { recommendationWords } from "@/lib/portal/case-state";
import { Section } from "@/components/ui/section";
import { Button } from "@/components/ui/button";
import { ErrorState, Loading } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { SpinnerIcon } from "@/components/ui/icons";
import { LookupCombobox, type VocabularyTerm } from "@/components/ui/lookup-combobox";

type Correction = z.infer<typeof ZCorrection>;
type Answer = z.infer<typeof ZCorrectionAnswer>;
type SourceKind = "document" | "phone" | "reviewer";

const INPUT = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600";
const CORRECTABLE = ["Succeeded", "pending_review", "request_for_information", "approved", "denied"];

/** A value of a correction (or the value before it) in words. */
function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "not read";
  const v = value as Record<string, unknown>;
  switch (field) {
    case "patient_name":
    case "prescriber":
      return [...((v.given as string[]) ?? []), v.family].filter(Boolean).join(" ") + (v.npi ? ` (NPI ${v.npi})` : "");
    case "drug":
      return `${v.name}${v.ndc ? ` (NDC ${v.ndc})` : ""}`;
    case "quantity":
      return `${v.value}${v.unit ? ` ${v.unit}` : ""}`;
    case "days_supply":
      return `${value} days`;
    case "diagnoses":
      return (value as { code?: string; codes?: string[]; title?: string; name?: string | null }[]).map((d) => [d.code ?? d.codes?.join(", "), d.title ?? d.name].filter(Boolean).join(" ")).join("; ");
    case "specialty":
      return `${v.name}${v.code ? ` (${v.code})` : ""}`;
    case "service":
      return `${v.system ? `${v.system} ` : ""}${v.code}${v.display ? ` (${v.display})` : ""}`;
    default:
      return String(value);
  }
}

function describeSource(source: Correction["source"]): string {
  if (source.kind === "phone") return "stated by phone";
  if (source.kind === "reviewer") return "stated by the reviewer";
  const s = source as { quote?: string; page?: number | null };
  return `"${s.quote}"${s.page ? ` (page ${s.page})` : ""}`;
}

/** A diagnosis picked from the code set. */
type PickedDiagnosis = { code: string; title: string };

/** An ICD-10-CM category cannot be billed, so a correction does not take it: say so when it is chosen. */
const refuseCategory = (term: VocabularyTerm) => (term.billable ? null : `${term.value} is a category, not billable: choose a billable code under it (type ${term.value} and pick a longer code).`);

/** The value the API takes for a field, from the form's inputs. */
function valueOf(field: CorrectionField, f: Record<string, string>, diagnoses: PickedDiagnosis[]): unknown {
  switch (field) {
    case "patient_name":
      return { given: f.given ?? "", family: f.family ?? "" };
    case "birth_date":
      return f.date ?? "";
    case "sex":
      return f.sex ?? "";
    case "drug":
      return { name: f.drug ?? "", ...(f.ndc?.trim() ? { ndc: f.ndc.trim() } : {}) };
    case "quantity":
      return { value: Number(f.quantity), ...(f.unit?.trim() ? { unit: f.unit.trim() } : {}) };
    case "days_supply":
      return Number(f.days);
    case "diagnoses":
      return diagnoses.map((d) => d.code);
    case "prescriber":
      return { given: f.given ?? "", family: f.family ?? "", ...(f.npi?.trim() ? { npi: f.npi.trim() } : {}) };
    case "specialty":
      return { code: (f.code ?? "").trim().toUpperCase() };
    case "service":
      return { code: (f.service ?? "").trim().toUpperCase(), ...(f.serviceName?.trim() ? { display: f.serviceName.trim() } : {}) };
  }
}

function Input({ label, hint, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
      <input id={id} {...props} className={INPUT} />
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

/** The inputs of one field's value. */
function ValueInputs({ field, values, set, diagnoses, setDiagnoses }: {
  field: CorrectionField; values: Record<string, string>; set: (key: string, value: string) => void;
  diagnoses: PickedDiagnosis[]; setDiagnoses: (list: PickedDiagnosis[]) => void;
}) {
  const bind = (key: string) => ({ value: values[key] ?? "", onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  const grid = (children: ReactNode) => <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
  switch (field) {
    case "patient_name":
      return grid(<><Input label="Given names" autoComplete="off" {...bind("given")} /><Input label="Family name" autoComplete="off" {...bind("family")} /></>);
    case "birth_date":
      return <Input label="Date of birth" type="date" {...bind("date")} />;
    case "sex": {
      return (
        <SelectInput label="Sex" {...bind("sex")}>
          <option value="">Choose…</option>
          <option value="female">Female</option>
          <option value="male">Male</option>
          <option value="other">Other</option>
          <option value="unknown">Unknown</option>
        </SelectInput>
      );
    }
    case "drug":
      return grid(<>
        <LookupCombobox kind="drug" label="Drug" hint="Type a brand or generic name and choose it from the drug vocabulary" value={values.drug ?? ""}
          onText={(text) => set("drug", text)} onPick={(term) => set("drug", term.value)} />
        <Input label="NDC (optional)" hint="The package's code, e.g. 72511-0760-01" inputMode="numeric" {...bind("ndc")} />
      </>);
    case "quantity":
      return grid(<><Input label="Quantity" type="number" min="0" step="any" {...bind("quantity")} /><Input label="Unit (optional)" hint="e.g. mL, pens, tablets" {...bind("unit")} /></>);
    case "days_supply":
      return <Input label="Days supply" type="number" min="1" max="365" step="1" {...bind("days")} />;
    case "diagnoses":
      return (
        <div className="space-y-2">
          <LookupCombobox kind="diagnosis" label="Add a diagnosis (ICD-10-CM)" hint="Type a code or words of its name and choose a billable code; the list replaces the diagnoses read"
            value={values.diagnosisText ?? ""} onText={(text) => set("diagnosisText", text)} refuse={refuseCategory}
            onPick={(term) => { if (!diagnoses.some((d) => d.code === term.value)) setDiagnoses([...diagnoses, { code: term.value, title: term.label }]); set("diagnosisText", ""); }} />
          {diagnoses.length > 0 && (
            <ul aria-label="Chosen diagnoses" className="space-y-1">
              {diagnoses.map((d) => (
                <li key={d.code} className="flex items-start justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-sm">
                  <span className="min-w-0 break-words"><span className="font-medium">{d.code}</span> {d.title}</span>
                  <Button type="button" variant="ghost" className="shrink-0 px-1.5 py-0 text-xs" aria-label={`Remove ${d.code}`} onClick={() => setDiagnoses(diagnoses.filter((x) => x.code !== d.code))}>Remove</Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    case "prescriber":
      return <div className="grid gap-3 sm:grid-cols-3"><Input label="Given names" {...bind("given")} /><Input label="Family name" {...bind("family")} /><Input label="NPI (optional)" inputMode="numeric" {...bind("npi")} /></div>;
    case "specialty":
      return (
        <div className="space-y-1">
          <LookupCombobox kind="specialty" label="Specialty (NUCC taxonomy)" hint="Type the specialty or its code and choose it from the NUCC taxonomy" value={values.specialtyText ?? ""}
            onText={(text) => { set("specialtyText", text); set("code", ""); }} onPick={(term) => { set("specialtyText", term.label); set("code", term.value); }} />
          {values.code && <p className="text-xs text-slate-700">NUCC code {values.code}</p>}
        </div>
      );
    case "service":
      return grid(<>
        <Input label="CPT or HCPCS code" hint="The requested procedure or service, e.g. 70553 or J3490" autoComplete="off" {...bind("service")} />
        <Input label="Service name (optional)" hint="As the request words it, e.g. MRI brain with and without contrast" autoComplete="off" {...bind("serviceName")} />
      </>);
  }
}

function SelectInput({ label, children, ...props }: React.SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
      <select id={id} {...props} className={INPUT}>{children}</select>
    </div>
  );
}

/**
 * What re-evaluating did, in the header's words: the case's status as it now stands (never the determination's alone,
 * which a decided case keeps beside its decision), and the engine's advice when a person still decides.
 */
function correctionOutcome(answer: Answer): string {
  if (answer.evaluation.status !== "evaluated") return `The case could not be re-evaluated: ${answer.evaluation.reason}`;
  const determination = answer.evaluation.determination as { status?: string; recommended_status?: string | null } | null;
  const advice = answer.prior_auth.status === "pending_review" && determination?.recommended_status && determination.recommended_status !== "pending_review"
    ? ` The engine recommends ${recommendationWords(determination.recommended_status)}; a person decides.` : "";
  return `The case was re-evaluated: ${statusLabel(answer.prior_auth.status).toLowerCase()}.${advice}`;
}

/**
 * Correct a fact the engine misread: the field, its value, and where the value comes from (a document's words, a
 * phone call, the reviewer). The case is re-evaluated at once; the corrections in effect are listed with their source.
 */
export function IntakeCorrections({ priorAuth, onCorrected }: { priorAuth: PriorAuth; onCorrected: (message: string) => void }) {
  const queryClient = useQueryClient();
  const corrections = useCorrections(priorAuth.id);
  const documents = useCaseDocuments(priorAuth.id, true);
  const [field, setField] = useState<CorrectionField | "">("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [diagnoses, setDiagnoses] = useState<PickedDiagnosis[]>([]);
  const [sourceKind, setSourceKind] = useState<SourceKind>("document");
  const [documentId, setDocumentId] = useState("");
  const [page, setPage] = useState("1");
  const [quote, setQuote] = useState("");
  const [note, setNote] = useState("");
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { source: useId(), quote: useId(), note: useId() };
  const correct = useMutation({
    mutationFn: (body: unknown) => apiFetch<Answer>(`/prior_auths/${encodeURIComponent(priorAuth.id)}/corrections`, { method: "POST", json: body, headers: { "Idempotency-Key": idempotencyKey } }),
    onSuccess: async () => {
      await invalidateCase(queryClient, priorAuth.id);
      await queryClient.invalidateQueries({ queryKey: caseKeys.part(priorAuth.id, "corrections") });
    },
  });
  const docs = documents.data?.data ?? [];
  const chosenDocument = docs.find((d) => d.id === documentId) ?? docs[0];
  const canCorrect = CORRECTABLE.includes(priorAuth.status) && priorAuth.intake_status === "Succeeded";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!field) return setProblem("Choose the fact to correct.");
    if (field === "diagnoses" && !diagnoses.length) return setProblem("Choose at least one billable ICD-10-CM code from the list.");
    if (field === "specialty" && !values.code) return setProblem("Choose the specialty from the NUCC list.");
    if (sourceKind === "document" && (!chosenDocument || !quote.trim())) return setProblem("Say which words of the document state the value, or choose another source.");
    setProblem(null);
    const source = sourceKind === "document" ? { kind: "document", document_id: chosenDocument!.id, ...(chosenDocument!.pages?.length ? { page: Number(page) || 1 } : {}), quote: quote.trim() } : { kind: sourceKind };
    correct.mutate({ field, value: valueOf(field, values, diagnoses), source, ...(note.trim() ? { note: note.trim() } : {}) }, {
      onSuccess: (answer) => {
        const outcome = correctionOutcome(answer);
        onCorrected(`${CORRECTION_FIELD_LABELS[field]} corrected. ${outcome}`);
        setField("");
        setValues({});
        setDiagnoses([]);
        setQuote("");
        setNote("");
        setIdempotencyKey(newIdempotencyKey());
      },
    });
  }

  const inEffect = latestPerField(corrections.data?.data ?? []);
  return (
    <Section id="corrections" title="Corrections">
      <div className="space-y-4">
        {corrections.isPending ? <Loading label="Loading corrections…" /> : corrections.error ? <ErrorState message={corrections.error.message} /> : inEffect.length === 0 ? (
          <p className="text-sm text-slate-600">No fact has been corrected. If the engine misread the patient, the drug or service, a diagnosis or the prescriber, correct it here before deciding.</p>
        ) : (
          <ul aria-label="Corrected facts" className="space-y-2">
            {inEffect.map((c) => (
              <li key={c.id} className="rounded-md border border-blue-200 bg-blue-50 p-2.5 text-sm">
                <p className="text-slate-900"><span className="font-medium">{CORRECTION_FIELD_LABELS[c.field]}:</span> {describeValue(c.field, c.value)} <span className="text-slate-600">(was {describeValue(c.field, c.before)})</span></p>
                <p className="text-xs text-slate-700">Source: {describeSource(c.source)} · {c.corrected_by} · {formatDateTime(c.corrected_at)}{c.note ? ` · ${c.note}` : ""}</p>
              </li>
            ))}
          </ul>
        )}
        {canCorrect && (
          <form onSubmit={submit} noValidate aria-label="Correct a fact" className="space-y-3 rounded-md border border-slate-200 p-3">
            <SelectInput label="Fact to correct" value={field} onChange={(e) => { setField(e.target.value as CorrectionField | ""); setValues({}); setDiagnoses([]); }}>
              <option value="">Choose…</option>
              {CORRECTION_FIELDS.map((f) => <option key={f} value={f}>{CORRECTION_FIELD_LABELS[f]}</option>)}
            </SelectInput>
            {field && <ValueInputs field={field} values={values} set={(k, v) => setValues((old) => ({ ...old, [k]: v }))} diagnoses={diagnoses} setDiagnoses={setDiagnoses} />}
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Where the value comes from</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {([["document", "A document of the case"], ["phone", "Stated by phone"], ["reviewer", "My own review"]] as const).map(([kind, label]) => (
                  <label key={kind} className="flex items-center gap-1.5"><input type="radio" name={ids.source} value={kind} checked={sourceKind === kind} onChange={() => setSourceKind(kind)} className="accent-blue-700" />{label}</label>
                ))}
              </div>
            </fieldset>
            {sourceKind === "document" && (
              <div className="grid gap-3 sm:grid-cols-[1fr_6rem]">
                <SelectInput label="Document" value={chosenDocument?.id ?? ""} onChange={(e) => setDocumentId(e.target.value)}>
                  {docs.map((d) => <option key={d.id} value={d.id}>{d.file_name ?? d.id}</option>)}
                </SelectInput>
                <Input label="Page" type="number" min="1" value={page} onChange={(e) => setPage(e.target.value)} />
                <div className="sm:col-span-2">
                  <label htmlFor={ids.quote} className="block text-sm font-medium text-slate-800">Words on that page that state the value</label>
                  <textarea id={ids.quote} value={quote} onChange={(e) => setQuote(e.target.value)} rows={2} maxLength={1000} className={INPUT} />
                </div>
              </div>
            )}
            <div>
              <label htmlFor={ids.note} className="block text-sm font-medium text-slate-800">Why it is corrected <span className="font-normal text-slate-600">(optional; kept in the audit trail)</span></label>
              <input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} className={INPUT} />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={correct.isPending}>{correct.isPending && <SpinnerIcon />}Save correction and re-evaluate</Button>
            </div>
            {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
            {correct.error && <ErrorState message={correct.error.message} />}
          </form>
        )}
      </div>
    </Section>
  );
}

/** The correction in effect of each field: the newest (the list comes newest first). */
function latestPerField(list: Correction[]): Correction[] {
  const seen = new Set<string>();
  return list.filter((c) => !seen.has(c.field) && seen.add(c.field));
}
