import { withAccount } from "@/lib/api/with-workspace";
import { parseWith } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { respondToInvitation } from "@/lib/accounts/respond-to-invitation";
import { ZInvitationParams } from "@/lib/schemas/account";

export const dynamic = "force-dynamic";

// POST /account/invitations/{membership_id}/accept - the invited person, signed in as themselves, joins (portal session)
export const POST = withAccount<{ membership_id: string }>(
  async ({ params, account }) => {
    const { membership_id } = parseWith(ZInvitationParams, params);
    return json(await respondToInvitation({ userId: account!.userId, membershipId: membership_id, accept: true }));
  },
  { access: "session" },
);
