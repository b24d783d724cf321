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
