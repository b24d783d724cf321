import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";
import { auditLoginThrottled, checkLoginThrottle, clientAddress } from "@/lib/auth/login-throttle";
import { errorResponse } from "@/lib/api/responses";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };
const handler = NextAuth(authOptions) as (req: Request, ctx: Context) => Promise<Response>;

// POST /api/auth/callback/credentials - sign in; password guessing is throttled per email and per client address
async function post(req: Request, ctx: Context): Promise<Response> {
  if (new URL(req.url).pathname.endsWith("/callback/credentials")) {
    const form = await req.clone().formData().catch(() => null);
    const email = String(form?.get("email") ?? "").trim().toLowerCase();
    const address = clientAddress(req.headers);
    const decision = await checkLoginThrottle({ email, address });
    if (!decision.allowed) {
      await auditLoginThrottled({ email, address, reason: decision.reason });
      return errorResponse(429, `Too many failed sign-ins ${decision.reason === "email" ? "for this email" : "from this address"}; retry after ${decision.retryAfterSeconds} s.`, {
        "Retry-After": String(decision.retryAfterSeconds),
      });
    }
  }
  return handler(req, ctx);
}

export { handler as GET, post as POST };
