import { withAccount } from "@/lib/api/with-workspace";
import { parseJsonBody } from "@/lib/api/parse";
import { json } from "@/lib/api/responses";
import { setPasswordWithLink } from "@/lib/accounts/set-password-with-link";
import { ZSetPasswordWithLinkRequest } from "@/lib/schemas/account";

export const dynamic = "force-dynamic";

// POST /account/password_links - the person behind a one-time link sets their own password (public: the link's token
// is the credential; it works once)
export const POST = withAccount(
  async ({ req }) => {
    const input = await parseJsonBody(req, ZSetPasswordWithLinkRequest);
    return json(await setPasswordWithLink(input));
  },
  { access: "public" },
);
