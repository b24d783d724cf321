import { OPEN_STATUSES } from "./types";

/** API timestamps are UTC without a zone designator; a value with a zone is read as given. */
export function parseApiTime(value: string): number {
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

/** A span of time as people say it: "2 d 4 h", "3 h 5 min", "12 min", "under a minute". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return "under a minute";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

export type SlaState =
  | { kind: "none" }
  | { kind: "on_track" | "due_soon"; msLeft: number; label: string; dueAt: number }
  | { kind: "overdue"; msLeft: number; label: string; dueAt: number }
  | { kind: "paused"; msLeft: number; label: string; dueAt: number };

/** Within this much of the deadline the clock turns amber. */
export const DUE_SOON_MS = 24 * 3600_000;

/** The decision clock of a case: none once it is decided, cancelled or failed; otherwise the time left or overdue. */
export function slaState(priorAuth: { status: string; sla_due_at: string | null; decided_at?: string | null; sla_paused?: boolean; waiting_since?: string | null }, now: number): SlaState {
  if (!priorAuth.sla_due_at || priorAuth.decided_at || !(OPEN_STATUSES as readonly string[]).includes(priorAuth.status)) return { kind: "none" };
  const dueAt = parseApiTime(priorAuth.sla_due_at);
  if (Number.isNaN(dueAt)) return { kind: "none" };
  // A paused clock keeps the time that was left when the wait began.
  if (priorAuth.sla_paused && priorAuth.waiting_since) {
    const msLeft = dueAt - parseApiTime(priorAuth.waiting_since);
    return { kind: "paused", msLeft, dueAt, label: `Paused · ${msLeft > 0 ? `${formatDuration(msLeft)} left` : `overdue by ${formatDuration(msLeft)}`}` };
  }
  const msLeft = dueAt - now;
  if (msLeft <= 0) return { kind: "overdue", msLeft, dueAt, label: `Overdue by ${formatDuration(msLeft)}` };
  return { kind: msLeft <= DUE_SOON_MS ? "due_soon" : "on_track", msLeft, dueAt, label: `${formatDuration(msLeft)} left` };
}
