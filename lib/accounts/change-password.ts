import { prisma } from "@/lib/db/prisma";
import { InvalidInput, TooManyAttempts } from "@/lib/errors/domain-errors";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure } from "@/lib/auth/login-throttle";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";

/**
 * A signed-in person changes their own password: the current one is asked (a session left open on a shared screen
 * cannot take the account over), wrong answers count as failed sign-ins, and every other session of the account ends
 * (the account's session epoch moves on; the caller re-issues its own session with the new epoch).
 */
export async function changePassword(opts: { userId: string; currentPassword: string; newPassword: string; address: string; workspaceId?: string }) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: opts.userId } });
  // Counted against the account like failed sign-ins, but apart from the address's count: the caller is already
  // signed in, and its wrong answers must not lock others behind the same address out of signing in.
  const address = `${opts.address} (password change)`;
  const throttle = await checkLoginThrottle({ email: user.email, address });
  if (!throttle.allowed) {
    throw new TooManyAttempts(`Too many wrong passwords; retry after ${throttle.retryAfterSeconds} s.`, throttle.retryAfterSeconds);
  }
  if (!user.passwordHash || !(await verifyPassword(opts.currentPassword, user.passwordHash))) {
    await recordLoginFailure({ email: user.email, address });
    throw new InvalidInput("current_password: the current password is not right.");
  }
  if (opts.currentPassword === opts.newPassword) throw new InvalidInput("new_password: choose a password other than the current one.");
  const passwordHash = await hashPassword(opts.newPassword);
  await clearLoginFailures({ email: user.email });
  return prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({ where: { id: user.id }, data: { passwordHash, sessionEpoch: { increment: 1 } } });
    if (opts.workspaceId) {
      await recordAuditEvent(tx, { workspaceId: opts.workspaceId, actor: { type: "user", id: user.id, label: user.email, role: "system" }, action: "account.password_changed", details: { email: user.email } });
    }
    return { userEpoch: updated.sessionEpoch, email: user.email, name: user.name };
  });
}
