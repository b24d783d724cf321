// TanStack Query hooks over the case routes of /api/v1 (the portal's session authenticates them).
import type { QueueView } from "@/lib/prior-auths/queue-views";
import type { z } from "zod";
import type { ZNoticeList } from "@/lib/schemas/notice";
import type { ZCorrectionList } from "@/lib/schemas/corrections";
import type { TItemModification } from "@/lib/schemas/review";
import { notifyManager, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch, PortalApiError } from "./api-client";
import type { AuditEvent, CaseDocument, Determination, IntakeResponse, PolicyCheck, PriorAuth, Review, ReviewDecision, SupportingInformation } from "./types";

export const caseKeys = {
  all: ["prior-auths"] as const,
  list: (params: string) => ["prior-auths", "list", params] as const,
  detail: (id: string) => ["prior-auth", id] as const,
  part: (id: string, part: string) => ["prior-auth", id, part] as const,
};

/** A 404/409/422 is a state of the case (not there, not ready, nothing applies), not a failure worth retrying. */
const retryUnlessExpected = (count: number, error: Error) =>
  !(error instanceof PortalApiError && [400, 401, 403, 404, 409, 422].includes(error.status)) && count < 2;

export function useCase(id: string) {
  return useQuery({
    queryKey: caseKeys.detail(id),
    queryFn: () => apiFetch<PriorAuth>(`/prior_auths/${encodeURIComponent(id)}`),
    retry: retryUnlessExpected,
    // While the documents are read, watch the case; afterwards a slow refresh keeps the clock and status honest.
    refetchInterval: (query) => (query.state.data?.status === "Processing" ? 1_500 : 30_000),
  });
}

function usePart<T>(id: string, part: string, path: string, opts: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: caseKeys.part(id, part),
    queryFn: () => apiFetch<T>(`/prior_auths/${encodeURIComponent(id)}${path}`),
    retry: retryUnlessExpected,
    enabled: opts.enabled ?? true,
    refetchInterval: opts.refetchInterval,
  });
}

export const useCaseDocuments = (id: string, enabled: boolean) => usePart<{ data: CaseDocument[] }>(id, "documents", "/documents", { enabled });
export const useIntake = (id: string, enabled: boolean) => usePart<IntakeResponse>(id, "intake", "/intake?include=provenance", { enabled });
export const usePolicyChecks = (id: string, enabled: boolean) => usePart<{ data: PolicyCheck[] }>(id, "policy-checks", "/policy_checks", { enabled });
export const useDeterminations = (id: string, enabled: boolean) => usePart<{ data: Determination[] }>(id, "determinations", "/determinations", { enabled });
export const useReviews = (id: string) => usePart<{ data: Review[] }>(id, "reviews", "/reviews");
export const useNotices = (id: string) => usePart<z.infer<typeof ZNoticeList>>(id, "notices", "/notices");
export const useCorrections = (id: string) => usePart<z.infer<typeof ZCorrectionList>>(id, "corrections", "/corrections");
export const useSupportingInformation = (id: string) => usePart<SupportingInformation>(id, "supporting-information", "/supporting_information");
export const useEvents = (id: string, processing: boolean) => usePart<{ data: AuditEvent[] }>(id, "events", "/events", { refetchInterval: processing ? 2_000 : false });

/** The parts of a case its state is derived from (lib/portal/case-state.ts), beside the case record itself. */
const STATE_PARTS = [["reviews", "/reviews"], ["determinations", "/determinations"], ["policy-checks", "/policy_checks"]] as const;

/**
 * Reads the case record and the parts its state comes from (those the page shows) together, and puts them in the cache
 * in one batch, so one render moves the header, the stepper, the main action and the decision history at once: refetched
 * one by one, the header could say "Denied" while the history still said "No decision recorded yet".
 */
async function refreshCaseState(queryClient: QueryClient, id: string): Promise<Set<string> | null> {
  const base = `/prior_auths/${encodeURIComponent(id)}`;
  const parts = STATE_PARTS.filter(([part]) => queryClient.getQueryData(caseKeys.part(id, part)) !== undefined);
  try {
    const [record, ...answers] = await Promise.all([apiFetch<PriorAuth>(base), ...parts.map(([, path]) => apiFetch<unknown>(`${base}${path}`))]);
    notifyManager.batch(() => {
      queryClient.setQueryData(caseKeys.detail(id), record);
      parts.forEach(([part], i) => queryClient.setQueryData(caseKeys.part(id, part), answers[i]));
    });
    return new Set(parts.map(([part]) => part));
  } catch {
    return null; // The invalidation below reads each again, and shows its error where it belongs.
  }
}

/** After a change to a case: its record and the parts its state comes from (together), every other part, and the queue. */
export async function invalidateCase(queryClient: QueryClient, id: string) {
  const fresh = await refreshCaseState(queryClient, id);
  const [root] = caseKeys.detail(id);
  await Promise.all([
    // What was just read together is not read again; everything else of the case is.
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === root && q.queryKey[1] === id && (fresh === null || (q.queryKey.length > 2 && !fresh.has(String(q.queryKey[2])))),
    }),
    queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  ]);
}

export function useAssign(onDone?: (pa: PriorAuth) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, assignee }: { id: string; assignee: "me" | null }) =>
      apiFetch<PriorAuth>(`/prior_auths/${encodeURIComponent(id)}`, { method: "PATCH", json: { assignee_id: assignee } }),
    onSuccess: async (pa) => {
      queryClient.setQueryData(caseKeys.detail(pa.id), pa);
      onDone?.(pa);
      await invalidateCase(queryClient, pa.id);
    },
  });
}

export function useCaseAction<T>(id: string, path: string, body?: unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<T>(`/prior_auths/${encodeURIComponent(id)}${path}`, { method: "POST", ...(body !== undefined ? { json: body } : {}) }),
    onSettled: () => invalidateCase(queryClient, id),
  });
}

/** Withdraws a case with an optional reason (kept on the case and in the audit trail). */
export function useCancelCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiFetch<PriorAuth>(`/prior_auths/${encodeURIComponent(id)}/cancel`, { method: "POST", json: reason.trim() ? { reason: reason.trim() } : {} }),
    onSettled: () => invalidateCase(queryClient, id),
  });
}

/**
 * Records a decision. The form's Idempotency-Key (one per opening of the form) makes a double click or a retry the same
 * request: the server answers it once and replays that answer.
 */
export function useReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: { decision: ReviewDecision; note: string; reason_code?: string; determination_id?: string; amendment?: { reason: string }; modifications?: TItemModification[]; idempotencyKey: string }) =>
      apiFetch<Review>(`/prior_auths/${encodeURIComponent(id)}/review`, { method: "POST", json: input, headers: { "Idempotency-Key": idempotencyKey } }),
    onSuccess: () => invalidateCase(queryClient, id),
  });
}

/** How many cases each work-queue view holds (the queue's tabs and its empty state share it). */
export function useQueueCounts() {
  return useQuery({
    queryKey: [...caseKeys.all, "counts"],
    queryFn: () => apiFetch<{ counts: Record<QueueView, number> }>("/prior_auths/counts"),
    refetchInterval: 15_000,
  });
}
