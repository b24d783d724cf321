// Failed sign-ins live in PostgreSQL (LoginFailure) so every web instance counts the same guesses.
import { prisma } from "@/lib/db/prisma";
import { logger } from "@/lib/log";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { decideLoginThrottle, loginThrottleLimits, type LoginThrottleDecision } from "./login-throttle-decision";

/** The client address: set by scripts/start.ts from the socket (x-pa-client-address), or the first X-Forwarded-For hop. */
export function clientAddress(headers: { get(name: string): string | null }): string {
  const fromServer = headers.get("x-pa-client-address")?.trim();
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return (process.env.PA_TRUST_PROXY === "1" ? forwarded || fromServer : fromServer || forwarded) || "unknown";
}

export async function checkLoginThrottle(opts: { email: string; address: string }): Promise<LoginThrottleDecision> {
  const limits = loginThrottleLimits();
  const since = new Date(Date.now() - limits.windowMs);
  const [byEmail, byAddress] = await Promise.all([
    prisma.loginFailure.findMany({ where: { email: opts.email, createdAt: { gt: since } }, select: { createdAt: true }, orderBy: { createdAt: "desc" }, take: limits.maxPerEmail }),
    prisma.loginFailure.findMany({ where: { address: opts.address, createdAt: { gt: since } }, select: { createdAt: true }, orderBy: { createdAt: "desc" }, take: limits.maxPerAddress }),
  ]);
  return decideLoginThrottle({ emailFailures: byEmail.map((r) => r.createdAt), addressFailures: byAddress.map((r) => r.createdAt), now: new Date(), limits });
}

export async function recordLoginFailure(opts: { email: string; address: string }) {
  const { windowMs } = loginThrottleLimits();
  await prisma.$transaction([
    prisma.loginFailure.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - windowMs) } } }),
    prisma.loginFailure.create({ data: { email: opts.email.slice(0, 320), address: opts.address.slice(0, 100) } }),
  ]);
}

/** A successful sign-in forgets the email's failures (the address's stay: they may be guesses at other accounts). */
export async function clearLoginFailures(opts: { email: string }) {
  await prisma.loginFailure.deleteMany({ where: { email: opts.email } });
}

/** A refused attempt goes to the log, and to the audit trail of each workspace the email belongs to. */
export async function auditLoginThrottled(opts: { email: string; address: string; reason: string }) {
  logger.warn("sign-in throttled", { email: opts.email, address: opts.address, reason: opts.reason });
  const user = await prisma.user.findUnique({ where: { email: opts.email }, include: { memberships: { select: { workspaceId: true } } } });
  if (!user) return;
  await prisma.$transaction(async (tx) => {
    for (const m of user.memberships) {
      await recordAuditEvent(tx, {
        workspaceId: m.workspaceId,
        actor: { type: "user", id: user.id, label: user.email, role: "system" },
        action: "login.throttled",
        details: { address: opts.address, reason: opts.reason },
      });
    }
  });
}
