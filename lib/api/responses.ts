export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json; charset=utf-8", ...init.headers },
  });
}

/** The spec's error body: `{"error": <HTTP status>, "message": "..."}`. */
export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ error: status, message }, { status, headers });
}

/** A FHIR answer (the /fhir endpoint). */
export function fhirJson(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return json(body, { ...init, headers: { "Content-Type": "application/fhir+json; charset=utf-8", ...init.headers } });
}

/** An error of the /fhir endpoint: an OperationOutcome with one issue, its code chosen from the HTTP status. */
export function operationOutcomeResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  const code = status === 401 ? "security" : status === 403 ? "forbidden" : status === 404 ? "not-found" : status === 409 ? "conflict" : status === 429 ? "throttled" : status >= 500 ? "exception" : "invalid";
  return fhirJson({ resourceType: "OperationOutcome", issue: [{ severity: "error", code, details: { text: message } }] }, { status, headers });
}
