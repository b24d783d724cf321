"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { caseKeys } from "@/lib/portal/case-queries";
import type { PriorAuth } from "@/lib/portal/types";

/** How long a message about an action stays up while nothing else happens to the case. */
const SHOWN_MS = 8_000;

/**
 * The line that says what the reviewer's last action did ("Patient corrected. The case was re-evaluated: pending
 * review."). A message that tells where the case stands is true of the case as it stood when the action's answer came
 * back, so it is tied to that status: as soon as the case's status changes (a decision, a cancellation, a re-read), the
 * message is gone in the same render that shows the new status, and the header, the stepper and this line never
 * disagree. A message that only tells what happened (`{ event: true }`: "1 document added: the case is read again",
 * "assigned to you") says nothing of the status and stays its time. Callers set it from an action's onSuccess, after the
 * action's hook has refreshed the case (the cache holds the status the message describes).
 */
export function useCaseMessage(priorAuth: Pick<PriorAuth, "id" | "status">): [string | null, (text: string, opts?: { event?: boolean }) => void] {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; status: string | null } | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const show = useCallback((text: string, opts: { event?: boolean } = {}) => {
    const status = opts.event ? null : (queryClient.getQueryData<PriorAuth>(caseKeys.detail(priorAuth.id))?.status ?? priorAuth.status);
    setMessage({ text, status });
  }, [queryClient, priorAuth.id, priorAuth.status]);
  return [message && (message.status === null || message.status === priorAuth.status) ? message.text : null, show];
}
