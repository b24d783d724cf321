import { ZodError } from "zod";
import { UnreadableRecord } from "@/lib/stored-record";

/** The one error type of the service. Domain code throws it; the API wrapper maps it to the spec's error body. */
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
export const unauthorized = (message = "A valid API key is required in the X-API-Key header.") => new ApiError(401, message);
export const forbidden = (message = "You do not have permission to do this.") => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} was not found.`);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);

/** "case_id: Required; ePA.document_urls[0]: Invalid URL" — every failing field named. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.reduce<string>(
        (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
        "",
      );
      if (issue.code === "unrecognized_keys") {
        const keys = issue.keys.map((k) => (where ? `${where}.${k}` : k)).join(", ");
        return `unknown field${issue.keys.length > 1 ? "s" : ""}: ${keys}`;
      }
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

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
  if (error instanceof ZodError) return { status: 400, message: `Invalid request: ${describeZodError(error)}`, log: false };
  // A stored record of a shape this code no longer reads: the request is fine, the record must be made again (logged,
  // so an operator sees which records an upgrade left behind).
  if (error instanceof UnreadableRecord) return { status: 409, message: error.message, log: true };
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
