/**
 * A one-time link's full address: the portal's public origin (PA_PUBLIC_URL, else NEXTAUTH_URL), else the origin the
 * admin's own request addressed. The link is only ever shown to that admin, who passes it on.
 */
export function accountLinkUrl(path: string, req?: Request): string {
  const configured = process.env.PA_PUBLIC_URL || process.env.NEXTAUTH_URL;
  if (configured) return new URL(path, configured).toString();
  if (req) {
    const url = new URL(req.url);
    const host = req.headers.get("host");
    return new URL(path, host ? `${url.protocol}//${host}` : url.origin).toString();
  }
  return path;
}
