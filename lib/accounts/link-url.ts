import { publicOrigin } from "@/lib/net/public-origin";

/**
 * A one-time link's full address on the service's public origin (PA_PUBLIC_URL, else NEXTAUTH_URL), else the origin
 * the admin's own request addressed. The link is only ever shown to that admin, who passes it on.
 */
export function accountLinkUrl(path: string, req?: Request): string {
  const origin = publicOrigin(req);
  return origin ? new URL(path, origin).toString() : path;
}
