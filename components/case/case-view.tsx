"use client";

import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { PortalApiError } from "@/lib/portal/api-client";
import {
  useAssign, useCancelCase, useCase, useCaseAction, useCaseDocuments, useDeterminations, useEvents, useIntake, usePolicyChecks, useReviews, useSupportingInformation,
} from "@/lib/portal/case-queries";
import { AddDocuments, TAKES_DOCUMENTS } from "./add-documents";
import { NoticesPanel } from "./notices-panel";
import { RequestForInformationPanel } from "./request-for-information-panel";
import { CANCELLABLE_STATUSES, OPEN_STATUSES, type Determination, type PolicyCheck, type PriorAuth } from "@/lib/portal/types";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { formatDateTime } from "@/components/ui/format";
import { SpinnerIcon } from "@/components/ui/icons";
import { StatusBadge } from "@/components/cases/status-badge";
import { SlaClock } from "@/components/cases/sla-clock";
import { CaseActionBar } from "@/components/cases/case-action-bar";
import { AuditTimeline } from "./audit-timeline";
import { CaseProgress } from "./case-progress";
import { CaseStanding } from "./case-standing";
import { caseState } from "@/lib/portal/case-state";
import { ReadingProgress } from "./reading-progress";
import { ClaimsPanel } from "./claims-panel";
import { DecisionPanel, DeterminationPanel } from "./determination-panel";
import { DocumentViewer } from "./document-viewer";
import { IntakeReview } from "./intake-review";
import { IntakeCorrections } from "./intake-corrections";
import { CoverageSummary, IdentityConflicts } from "./identity-conflicts";
import { intakeView } from "@/lib/portal/intake-view";
import { PolicyCheckPanel } from "./policy-check-panel";
import { usePageTexts } from "./use-page-texts";
import { useCaseMessage } from "./use-case-message";
import type { Selection } from "./selection";
import { ChannelBadge } from "@/components/cases/channel-badge";

const JUMPS = [
  { href: "#intake", label: "Intake" },
  { href: "#corrections", label: "Corrections" },
  { href: "#policy-check", label: "Policy check" },
  { href: "#claims", label: "Claims" },
  { href: "#determination", label: "Determination" },
  { href: "#decision", label: "Decision" },
  { href: "#notices", label: "Notices" },
  { href: "#timeline", label: "Timeline" },
];

/** The one screen a reviewer decides from. */
export function CaseView({ id, me }: { id: string; me: { id: string } }) {
  const priorAuth = useCase(id);
  if (priorAuth.isPending) return <Loading label="Loading the case…" />;
  if (priorAuth.error) {
    const notFound = priorAuth.error instanceof PortalApiError && (priorAuth.error.status === 404 || priorAuth.error.status === 400);
    return notFound ? (
      <div className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-semibold">Case not found</h1>
        <p className="text-slate-700">There is no case with this address in your workspace. It may have been mistyped, or it belongs to another workspace.</p>
        <Link href="/cases" className="inline-flex rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800">Back to cases</Link>
      </div>
    ) : (
      <div className="space-y-3">
        <Link href="/cases" className="text-sm text-blue-800 underline-offset-2 hover:underline">← Cases</Link>
        <ErrorState message={priorAuth.error.message} />
      </div>
    );
  }
  return <CaseScreen pa={priorAuth.data} me={me} />;
}

function CaseScreen({ pa, me }: { pa: PriorAuth; me: { id: string } }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [flash, setFlash] = useCaseMessage(pa);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelReason, setCancelReason] = useState("");
  // Side by side (wide screens) the viewer is always in sight; stacked (narrow), bring it to the chosen evidence.
  const viewer = useRef<HTMLDivElement>(null);
  const selectionKey = selection?.key ?? null;
  useEffect(() => {
    const box = viewer.current?.getBoundingClientRect();
    if (!selectionKey || !box || (box.top < window.innerHeight && box.bottom > 0)) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    viewer.current?.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
  }, [selectionKey]);
  const processing = pa.status === "Processing";
  const intakeReady = pa.intake_status === "Succeeded";

  // When processing ends, everything read from the documents is new: read the parts of the case again.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "prior-auth" && q.queryKey[1] === pa.id && q.queryKey.length === 3 });
  }, [queryClient, pa.id, pa.status, pa.intake_status]);

  const documents = useCaseDocuments(pa.id, true);
  const pages = usePageTexts(pa.id);
  const intake = useIntake(pa.id, intakeReady);
  const checks = usePolicyChecks(pa.id, intakeReady);
  const determinations = useDeterminations(pa.id, intakeReady);
  const reviews = useReviews(pa.id);
  const claims = useSupportingInformation(pa.id);
  const events = useEvents(pa.id, processing);

  const runCheck = useCaseAction<PolicyCheck>(pa.id, "/policy_check");
  const runDetermination = useCaseAction<{ determination: Determination }>(pa.id, "/determination");
  const cancel = useCancelCase(pa.id);
  const assign = useAssign();

  const intakeFacts = useMemo(() => (intake.data ? intakeView(intake.data) : null), [intake.data]);
  const documentNames = useMemo(() => new Map((documents.data?.data ?? []).flatMap((d) => (d.file_name ? [[d.id, d.file_name] as const] : []))), [documents.data]);
  // A request without a drug names its service (a PAS or procedure request's CPT/HCPCS code), as its notice will.
  const requestedService = intakeFacts?.services[0]?.facts[0]?.value ?? null;
  const latestCheck = checks.data?.data[0];
  const latestDetermination = determinations.data?.data[0];
  const canRun = intakeReady && !["Cancelled", "Failed", "Processing"].includes(pa.status);
  const open = (OPEN_STATUSES as readonly string[]).includes(pa.status);
  const canCancel = (CANCELLABLE_STATUSES as readonly string[]).includes(pa.status);
  const mine = pa.assignee?.id === me.id;
  // One state of the case for the header, the stepper, the action bar and the decision history.
  const state = useMemo(() => caseState({
    priorAuth: pa, check: latestCheck, determination: latestDetermination, reviews: reviews.data?.data ?? [],
    identityConflicts: (intakeFacts?.identityConflicts ?? []).map((c) => c.text), formatTime: formatDateTime,
  }), [pa, latestCheck, latestDetermination, reviews.data, intakeFacts]);
  const actionError = cancel.error ?? assign.error;

  return (
    <div className="space-y-5">
      <header data-testid="case-header" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <nav aria-label="Breadcrumb" className="text-sm"><Link href="/cases" className="text-blue-800 underline-offset-2 hover:underline">← Cases</Link></nav>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold text-slate-900">Case {pa.case_id}</h1>
              <span data-testid="case-status"><StatusBadge status={pa.status} /></span>
              {pa.expedited && <span className="rounded bg-orange-100 px-1.5 py-0.5 text-xs font-medium text-orange-900">Expedited</span>}
              <ChannelBadge channel={pa.channel} />
            </div>
            {pa.channel === "pas" && (
              <p className="text-sm">
                <a href={`/api/v1/prior_auths/${pa.id}/pas_submissions`} target="_blank" rel="noreferrer" className="text-blue-800 underline underline-offset-2">PAS request Bundles as received</a>
              </p>
            )}
            <p className="text-slate-800 wrap-anywhere">
              <span className="font-medium">{pa.patient_name ?? "Patient not read yet"}</span>
              <span className="text-slate-500"> · </span>
              {pa.drug_name ?? requestedService ?? <span className="text-slate-600">{intakeReady ? "neither drug nor service read" : "drug not read yet"}</span>}
            </p>
            {pa.failure_reason && <p className="text-sm text-red-800">{pa.failure_reason}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" variant="secondary" disabled={!canRun || runCheck.isPending} onClick={() => runCheck.mutate(undefined, { onSuccess: (c) => setFlash(`Policy check completed: ${c.policy_check.length} steps.`, { event: true }) })}>
              {runCheck.isPending && <SpinnerIcon />}Run policy check
            </Button>
            <Button type="button" variant="secondary" disabled={!canRun || runDetermination.isPending} onClick={() => runDetermination.mutate(undefined, { onSuccess: (d) => setFlash(`Determination made: ${d.determination.status.replace(/_/g, " ")}.`) })}>
              {runDetermination.isPending && <SpinnerIcon />}Run determination
            </Button>
            {canCancel && <Button type="button" variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => setConfirmCancel(true)}>Cancel case…</Button>}
          </div>
        </div>

        <CaseStanding state={state} pages={pages} />

        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <div><dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Received</dt><dd className="text-slate-900">{formatDateTime(pa.received_at ?? pa.created_at)}</dd></div>
          <div><dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Decision due</dt><dd><SlaClock priorAuth={pa} empty={pa.decided_at ? `Decided ${formatDateTime(pa.decided_at)}` : "No clock"} /></dd></div>
          <div className="col-span-2">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Assignee</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-900">
              {pa.assignee ? (mine ? "You" : pa.assignee.email) : <span className="text-slate-600">Unassigned</span>}
              {!mine && open && <Button type="button" variant="secondary" className="px-2 py-0.5 text-xs" disabled={assign.isPending} onClick={() => assign.mutate({ id: pa.id, assignee: "me" }, { onSuccess: () => setFlash("The case is assigned to you.", { event: true }) })}>Assign to me</Button>}
              {mine && <Button type="button" variant="ghost" className="px-2 py-0.5 text-xs" disabled={assign.isPending} onClick={() => assign.mutate({ id: pa.id, assignee: null }, { onSuccess: () => setFlash("The case is unassigned.", { event: true }) })}>Unassign</Button>}
            </dd>
          </div>
          <CoverageSummary coverage={intakeFacts?.coverage ?? null} />
        </dl>

        <CaseProgress stages={state.stages} />
        <p role="status" aria-live="polite" data-testid="case-message" className="min-h-0 text-sm text-emerald-800 empty:hidden">{flash}</p>
        {actionError && <ErrorState message={actionError.message} />}
      </header>

      {/* A pended case lists its identity conflicts first among its reasons, at the top. */}
      <IdentityConflicts conflicts={state.pendReasons.some((r) => r.kind === "identity") ? [] : intakeFacts?.identityConflicts ?? []} />

      <CaseActionBar priorAuth={pa} state={state} />

      {processing && (
        <Notice title="Processing" tone="info" icon={<SpinnerIcon />}>The service is reading the documents. This page updates by itself.<ReadingProgress progress={pa.intake_progress} /></Notice>
      )}

      <nav aria-label="Sections of this case" className="flex flex-wrap gap-1 text-sm">
        {JUMPS.map((j) => <a key={j.href} href={j.href} className="rounded-md px-2.5 py-1 text-slate-700 hover:bg-white hover:text-slate-900">{j.label}</a>)}
      </nav>

      <div className="grid items-start gap-5 lg:grid-cols-2">
        <div className="min-w-0 space-y-5">
          <RequestForInformationPanel priorAuth={pa} />
          {TAKES_DOCUMENTS.includes(pa.status) && <AddDocuments priorAuth={pa} onAdded={(text) => setFlash(text, { event: true })} />}
          <IntakeReview priorAuth={pa} intake={intake} selection={selection} onSelect={setSelection} />
          {intakeReady && <IntakeCorrections priorAuth={pa} onCorrected={setFlash} />}
          <PolicyCheckPanel priorAuth={pa} checks={checks} run={runCheck} selection={selection} onSelect={setSelection} />
          <ClaimsPanel info={claims} latestCheck={latestCheck} highlighted={selection?.claimIds ?? []} />
          <DeterminationPanel determinations={determinations} run={runDetermination} pages={pages} />
          <DecisionPanel priorAuth={pa} reviews={reviews} determination={latestDetermination} state={state} />
          <NoticesPanel priorAuthId={pa.id} />
          <AuditTimeline events={events} documentNames={documentNames} />
        </div>
        <div ref={viewer} className="min-w-0 scroll-mt-2 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
          <DocumentViewer documents={documents} selection={selection} />
        </div>
      </div>

      <ConfirmDialog open={confirmCancel} title={`Cancel case ${pa.case_id}?`} confirmLabel="Cancel the case" cancelLabel="Keep the case" danger pending={cancel.isPending}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() => cancel.mutate(cancelReason, { onSuccess: () => { setConfirmCancel(false); setCancelReason(""); setFlash("The case was cancelled."); }, onError: () => setConfirmCancel(false) })}>
        <p>A cancelled case stops its decision clock and cannot be decided. This is recorded in the audit timeline.</p>
        <label htmlFor="cancel-reason" className="mt-3 block text-sm font-medium text-slate-800">Reason (optional)</label>
        <textarea id="cancel-reason" value={cancelReason} onChange={(e) => setCancelReason(e.target.value)} rows={2} maxLength={2000}
          className="mt-1 block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600" />
      </ConfirmDialog>
    </div>
  );
}
