/**
 * The service's public origin: PA_PUBLIC_URL, else NEXTAUTH_URL, else the origin the request addressed (its Host
 * header). Absolute URLs the service hands out (one-time links, FHIR fullUrls) are built on it.
 */
export function publicOrigin(req?: Request): string | null {
  const configured = process.env.PA_PUBLIC_URL || process.env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  if (!req) return null;
  const url = new URL(req.url);
  const host = req.headers.get("host");
  return host ? `${url.protocol}//${host}` : url.origin;
}
