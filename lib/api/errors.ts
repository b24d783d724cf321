import { ZodError } from "zod";
import { DomainError, TooManyAttempts, type DomainErrorCode } from "@/lib/errors/domain-errors";
import { describeZodError } from "@/lib/errors/describe-zod-error";

/**
 * The one table of statuses: each domain error's code (lib/errors/domain-errors.ts) and the HTTP status it answers.
 * The domain throws named errors and never sees these numbers.
 */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorCode, number> = {
  invalid_input: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  case_closed: 409,
  invalid_transition: 409,
  intake_not_ready: 409,
  no_applicable_policy: 422,
  unverified_facts: 422,
  unprocessable_document: 422,
  document_over_limit: 422,
  document_too_large: 413,
  too_many_attempts: 429,
  // The request is fine, the stored record must be made again.
  unreadable_record: 409,
};

/** Codes whose answer is also logged: a stored record an upgrade left behind is something an operator must see. */
const LOGGED_CODES: ReadonlySet<DomainErrorCode> = new Set(["unreadable_record"]);

/** Headers a domain error's answer carries: when to retry. */
function domainErrorHeaders(error: DomainError): Record<string, string> {
  return error instanceof TooManyAttempts ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}

/** An error of the HTTP layer itself (authentication, rate limits, request bodies); routes may throw it for parse errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "A valid API key is required in the X-API-Key header.", headers: Record<string, string> = {}) => new ApiError(401, message, headers);
export const forbidden = (message = "You do not have permission to do this.") => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} was not found.`);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);

const PRISMA_STATUS: Record<string, [number, string]> = {
  P2025: [404, "The record was not found."],
  P2002: [409, "A record with the same unique value already exists."],
  P2034: [409, "The request conflicted with a concurrent change; retry it."],
};

const UNAVAILABLE =
  /ECONNREFUSED|ECONNRESET|57P01|57P02|57P03|08006|08001|08003|08004|Connection terminated|connect ETIMEDOUT|P1001|P1017|P2024|DatabaseNotReachable|ConnectionClosed|Can't reach database|terminating connection|not queryable|Server has closed the connection|database system is (starting up|shutting down|not yet accepting connections|in recovery mode)|Timed out fetching a new connection/i;

/** Connection-level failures: the database is down or restarting. Clients should retry. Causes are looked through. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const text = `${(e as { code?: unknown })?.code ?? ""} ${(e as { kind?: unknown })?.kind ?? ""} ${e instanceof Error ? e.message : typeof e === "string" ? e : ""}`;
    if (UNAVAILABLE.test(text)) return true;
  }
  return false;
}

/** Maps any thrown value to [status, message, headers]. Unknown errors become a generic 500: details stay in the log. */
export function errorToStatus(error: unknown): { status: number; message: string; headers?: Record<string, string>; log: boolean } {
  if (error instanceof ApiError) return { status: error.status, message: error.message, headers: error.headers, log: false };
  if (error instanceof DomainError) return { status: DOMAIN_ERROR_STATUS[error.code], message: error.message, headers: domainErrorHeaders(error), log: LOGGED_CODES.has(error.code) };
  if (error instanceof ZodError) return { status: 400, message: `Invalid request: ${describeZodError(error)}`, log: false };
  const code = (error as { code?: string })?.code;
  if (code && PRISMA_STATUS[code]) {
    const [status, message] = PRISMA_STATUS[code];
    return { status, message, log: false };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, message: "The service is temporarily unavailable; retry shortly.", headers: { "Retry-After": "2" }, log: true };
  }
  return { status: 500, message: "An unexpected error occurred.", log: true };
}
