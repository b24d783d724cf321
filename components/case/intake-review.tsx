"use client";

import { useMemo, type ReactNode } from "react";
import { PortalApiError } from "@/lib/portal/api-client";
import { intakeView, type Fact } from "@/lib/portal/intake-view";
import type { IntakeResponse, PriorAuth } from "@/lib/portal/types";
import { Section } from "@/components/ui/section";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { AlertIcon, CheckIcon, SpinnerIcon } from "@/components/ui/icons";
import type { Selection } from "./selection";

/** Patient, prescriber, diagnoses and medication requests; each fact opens the page and quote it was read from. */
export function IntakeReview({ priorAuth, intake, selection, onSelect }: {
  priorAuth: PriorAuth;
  intake: { data?: IntakeResponse; isPending: boolean; error: Error | null; fetchStatus: string };
  selection: Selection | null;
  onSelect: (s: Selection) => void;
}) {
  const view = useMemo(() => (intake.data ? intakeView(intake.data) : null), [intake.data]);
  return (
    <Section id="intake" title="Intake">
      <IntakeBody priorAuth={priorAuth} intake={intake} view={view} selection={selection} onSelect={onSelect} />
    </Section>
  );
}

function IntakeBody({ priorAuth, intake, view, selection, onSelect }: {
  priorAuth: PriorAuth; intake: { isPending: boolean; error: Error | null; fetchStatus: string }; view: ReturnType<typeof intakeView> | null; selection: Selection | null; onSelect: (s: Selection) => void;
}) {
  if (priorAuth.intake_status === "Processing") {
    return <Notice title="Intake is still processing" tone="waiting" icon={<SpinnerIcon />}>The service is reading the documents; the facts appear here when it is done.</Notice>;
  }
  if (priorAuth.intake_status === "Failed") {
    return <Notice title="The intake could not be read" tone="warning" icon={<AlertIcon />}>{priorAuth.failure_reason ?? "The documents could not be read."}</Notice>;
  }
  if (priorAuth.intake_status === "Cancelled") return <Notice title="The case was cancelled before its intake was read" tone="waiting" />;
  if (intake.error) {
    if (intake.error instanceof PortalApiError && intake.error.status === 409) return <Notice title="Intake is still processing" tone="waiting">{intake.error.message}</Notice>;
    if (intake.error instanceof PortalApiError && intake.error.status === 404) return <Notice title="No intake yet" tone="waiting">The intake of this case is not available yet.</Notice>;
    return <ErrorState message={intake.error.message} />;
  }
  if (intake.isPending || !view) return <Loading label="Loading the intake…" />;
  const empty = !view.patient && !view.prescribers.length && !view.diagnoses.length && !view.medications.length && !view.services.length;
  const pick = (fact: Fact) =>
    fact.evidence && onSelect({ key: fact.key, label: fact.label === "Name" ? `${fact.key.startsWith("Patient") ? "Patient" : "Prescriber"} name` : fact.label, documentId: fact.evidence.document_id, page: fact.evidence.page, start: fact.evidence.start, end: fact.evidence.end, quote: fact.evidence.quote });
  const facts = (list: Fact[]) => <FactList facts={list} selectedKey={selection?.key ?? null} onPick={pick} />;

  return (
    <div className="space-y-4">
      {empty && <Notice title="Nothing was found in the documents" tone="warning">No patient, prescriber, diagnosis or medication could be read. Check the documents on the right.</Notice>}
      {view.warnings.length > 0 && (
        <div role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="flex items-center gap-1.5 font-medium"><AlertIcon /> Check before deciding</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-6">{view.warnings.map((w) => <li key={w}>{w}</li>)}</ul>
        </div>
      )}
      <p className="text-xs text-slate-600">Select an underlined value to see where it was read in the documents.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card title="Patient">{view.patient ? facts(view.patient.facts) : <None>No patient found.</None>}</Card>
        <Card title={view.prescribers.length > 1 ? "Prescribers" : "Prescriber"}>
          {view.prescribers.length === 0 ? <None>No prescriber found.</None> : view.prescribers.map((p) => (
            <div key={p.id} className="space-y-1">
              {facts(p.facts)}
              {p.npi && <NpiBadge valid={p.npiValid} />}
            </div>
          ))}
        </Card>
      </div>
      <Card title="Diagnoses">
        {view.diagnoses.length === 0 ? <None>No diagnosis found.</None> : (
          <ul className="divide-y divide-slate-100">
            {view.diagnoses.map((d) => (
              <li key={d.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5 first:pt-0 last:pb-0">
                {d.codes.map((c) => <code key={c.code} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-900" title={c.display || undefined}>{c.code}</code>)}
                {d.facts.map((f) => <FactValue key={f.key} fact={f} selected={selection?.key === f.key} onPick={pick} />)}
                {d.codes.filter((c) => c.warning).map((c) => (
                  <span key={`${c.code}-warning`} data-testid="code-warning" className="basis-full text-xs text-amber-900"><AlertIcon className="mr-1 inline h-3.5 w-3.5" />{c.warning}</span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {(view.medications.length > 0 || view.services.length === 0) && (
        <Card title={view.medications.length > 1 ? "Medication requests" : "Medication request"}>
          {view.medications.length === 0 ? <None>No medication request found.</None> : view.medications.map((m) => <div key={m.id}>{facts(m.facts)}</div>)}
        </Card>
      )}
      {view.services.length > 0 && (
        <Card title={view.services.length > 1 ? "Requested services" : "Requested service"}>
          {view.services.map((svc) => <div key={svc.id}>{facts(svc.facts)}</div>)}
        </Card>
      )}
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-700">{title}</h3>
      {children}
    </div>
  );
}

const None = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-600">{children}</p>;

function FactList({ facts, selectedKey, onPick }: { facts: Fact[]; selectedKey: string | null; onPick: (f: Fact) => void }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
      {facts.map((f) => (
        <div key={f.key} className="contents">
          <dt className="text-slate-600">{f.label}</dt>
          <dd className="min-w-0"><FactValue fact={f} selected={selectedKey === f.key} onPick={onPick} /></dd>
        </div>
      ))}
    </dl>
  );
}

function FactValue({ fact, selected, onPick }: { fact: Fact; selected: boolean; onPick: (f: Fact) => void }) {
  // A long unbroken value ("(serdexmethylphenidate/dexmethylphenidate)") wraps anywhere rather than push the page sideways.
  if (!fact.evidence) return <span className="text-slate-900 wrap-anywhere">{fact.value}</span>;
  const where = fact.evidence.page ? `page ${fact.evidence.page}` : "document";
  return (
    <button type="button" aria-pressed={selected} onClick={() => onPick(fact)} title={`Show where this was read (${where})`}
      className={`rounded-sm text-left text-slate-900 underline decoration-blue-700/60 decoration-dotted decoration-2 underline-offset-4 wrap-anywhere hover:bg-blue-50 hover:decoration-solid ${selected ? "bg-yellow-100 decoration-solid" : ""}`}>
      {fact.value}
      <span className="sr-only">, show the source on {where}</span>
    </button>
  );
}

function NpiBadge({ valid }: { valid: boolean | null }) {
  if (valid === null) return <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">NPI not checked</span>;
  return valid ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900"><CheckIcon className="h-3.5 w-3.5" /> NPI valid</span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900"><AlertIcon className="h-3.5 w-3.5" /> NPI invalid check digit</span>
  );
}
