// Runs before every request (Next's proxy, formerly middleware): unsupported methods answer 405 with the error body
// and an Allow header (Next alone answers them with an empty body, and TRACE not at all), and HSTS is sent when the
// portal is served over https. Static security headers are in next.config.mjs.
import { NextResponse, type NextRequest } from "next/server";
import { allowedMethods } from "@/lib/api/route-methods";

const PAGE_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];
const HSTS = "max-age=31536000; includeSubDomains";

function methodNotAllowed(method: string, pathname: string, allow: string[]) {
  return NextResponse.json(
    { error: 405, message: `${method} is not supported on ${pathname}; use ${allow.join(", ")}.` },
    { status: 405, headers: { Allow: allow.join(", "), "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" } },
  );
}

function servedOverHttps(req: NextRequest): boolean {
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
  return forwarded === "https" || req.nextUrl.protocol === "https:" || (process.env.NEXTAUTH_URL ?? "").startsWith("https://");
}

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const method = req.method.toUpperCase();
  // /fhir routes answer their own methods (PUT and DELETE on a Subscription); a method they lack is an OperationOutcome.
  const allow = pathname.startsWith("/api/") ? allowedMethods(pathname) : pathname.startsWith("/fhir/") ? null : PAGE_METHODS;
  let response: NextResponse;
  if (allow && !allow.includes(method)) response = methodNotAllowed(method, pathname, allow);
  else if (!allow && !["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(method)) response = methodNotAllowed(method, pathname, ["GET", "POST", "PATCH", "DELETE"]);
  else response = NextResponse.next();
  if (servedOverHttps(req)) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

export const config = {
  // Everything but Next's static files (their headers come from next.config.mjs).
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
