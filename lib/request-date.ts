// The day a prior authorization request was made (issue 21 item 7): the client may state it (`request_date` on create,
// or in the ePA payload); it defaults to the day the request was received. The policy check counts ages and look-back
// windows from it, so a case evaluated again months later gets the same answer.

/** How far back a stated request date may lie. */
export const REQUEST_DATE_MAX_DAYS_BACK = 365;
const DAY_MS = 86_400_000;
/** "Not in the future" anywhere on Earth: the latest time zone is UTC+14. */
const LATEST_ZONE_MS = 14 * 3_600_000;

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Why a stated request date (YYYY-MM-DD) is refused, or null when it is a real day in the past year and not in the future. */
export function requestDateProblem(date: string, now: number = Date.now()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(t) || isoDay(t) !== date) return "must be a date (YYYY-MM-DD)";
  if (date > isoDay(now + LATEST_ZONE_MS)) return "must not be in the future";
  if (t < Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate()) - REQUEST_DATE_MAX_DAYS_BACK * DAY_MS) {
    return `must be at most ${REQUEST_DATE_MAX_DAYS_BACK} days back`;
  }
  return null;
}

/** The stored column's value for a request date. */
export const requestDateColumn = (date: string) => new Date(`${date}T00:00:00.000Z`);

/** The day the case's request was made (YYYY-MM-DD): as stated, else the day it was received (UTC). */
export function requestDateOf(priorAuth: { requestDate: Date | null; receivedAt: Date }): string {
  return (priorAuth.requestDate ?? priorAuth.receivedAt).toISOString().slice(0, 10);
}

/** The request date an ePA payload states (`request_date`, or `requestDate` as the payload's camelCase tolerance reads it). */
export function epaRequestDate(payload: Record<string, unknown> | undefined): { key: string; value: unknown } | null {
  if (!payload) return null;
  for (const key of ["request_date", "requestDate"]) if (payload[key] !== undefined) return { key, value: payload[key] };
  return null;
}
