// Cross-site request refusal for cookie-authenticated mutations. A browser attaches the portal's session cookie to a
// form post or a `text/plain` fetch from any site; only requests that say they come from the portal itself (Origin,
// or Sec-Fetch-Site) and carry a content type a cross-site form cannot send are accepted.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckInput {
  method: string;
  /** The request URL's origin as the server sees it (scheme://host[:port]). */
  requestOrigin: string;
  /** Other origins the portal is served from (NEXTAUTH_URL behind a proxy). */
  allowedOrigins?: string[];
  headers: { get(name: string): string | null };
  /** Multipart bodies are accepted (upload routes). */
  allowMultipart?: boolean;
}

/** null when the request may proceed, else the reason it is refused (403). */
export function crossSiteRefusal(input: OriginCheckInput): string | null {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return null;
  const origin = input.headers.get("origin");
  const fetchSite = input.headers.get("sec-fetch-site");
  const allowed = new Set([input.requestOrigin, ...(input.allowedOrigins ?? [])].map(normalizeOrigin).filter(Boolean));
  const sameOrigin = origin && origin !== "null" ? allowed.has(normalizeOrigin(origin)) : fetchSite === "same-origin";
  if (!sameOrigin) return "Cross-site request refused: a signed-in request must come from the portal's own origin.";
  const type = (input.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!type) return null; // no body (DELETE, a POST without content)
  if (type === "application/json" || type.endsWith("+json")) return null;
  if (type === "multipart/form-data" && input.allowMultipart !== false) return null;
  // A raw upload names its file in X-File-Name: a header no cross-site form or simple request can carry.
  if (input.headers.get("x-file-name") !== null) return null;
  // Types a cross-site form cannot send without a preflight (application/pdf, application/octet-stream ...) are safe too.
  if (type === "text/plain" || type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    return `Cross-site request refused: a signed-in request must send application/json, not ${type}.`;
  }
  return null;
}

function normalizeOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return "";
  }
}
