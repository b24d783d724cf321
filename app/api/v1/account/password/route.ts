import { withAccount } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { changePassword } from "@/lib/accounts/change-password";
import { clientAddress } from "@/lib/auth/login-throttle";
import { reissuedSessionCookie } from "@/lib/auth/reissue-session-cookie";
import { ZChangePasswordRequest } from "@/lib/schemas/account";

export const dynamic = "force-dynamic";

// POST /account/password - the signed-in person changes their own password, giving the current one; every other
// session of the account ends, this one continues (portal session)
export const POST = withAccount(
  async ({ req, account, workspaceId }) => {
    const input = await parseJsonBody(req, ZChangePasswordRequest);
    const changed = await changePassword({ userId: account!.userId, currentPassword: input.current_password, newPassword: input.new_password, address: clientAddress(req.headers), workspaceId: workspaceId ?? undefined });
    const cookie = await reissuedSessionCookie(req, account!.session, changed.userEpoch);
    return json({ changed: true, other_sessions_ended: true }, { headers: cookie ? { "Set-Cookie": cookie } : {} });
  },
  { access: "session" },
);
