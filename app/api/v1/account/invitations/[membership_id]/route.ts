import { withAccount } from "@/lib/api/with-workspace";
import { parseWith } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { respondToInvitation } from "@/lib/accounts/respond-to-invitation";
import { ZInvitationParams } from "@/lib/schemas/account";

export const dynamic = "force-dynamic";

// DELETE /account/invitations/{membership_id} - the invited person declines; the invitation goes (portal session)
export const DELETE = withAccount<{ membership_id: string }>(
  async ({ params, account }) => {
    const { membership_id } = parseWith(ZInvitationParams, params);
    return json(await respondToInvitation({ userId: account!.userId, membershipId: membership_id, accept: false }));
  },
  { access: "session" },
);
