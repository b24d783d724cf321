import { z } from "zod";
import { ZNewPassword } from "./member";

/** The person behind a one-time link (invitation or reset) chooses their password. */
export const ZSetPasswordWithLinkRequest = z.strictObject({
  token: z.string().min(1).max(200).describe("The last part of the link's path (/activate/{token})."),
  password: ZNewPassword,
});
export const ZSetPasswordWithLinkResponse = z.object({ email: z.string() });

/** A signed-in person changes their own password: the current one is asked. */
export const ZChangePasswordRequest = z.strictObject({ current_password: z.string().min(1).max(200), new_password: ZNewPassword });
export const ZChangePasswordResponse = z.object({ changed: z.literal(true), other_sessions_ended: z.literal(true) });

export const ZInvitationParams = z.object({ membership_id: z.uuid() });
export const ZInvitationResponse = z.object({
  membership_id: z.uuid(),
  workspace_id: z.uuid(),
  workspace_name: z.string(),
  status: z.enum(["active", "declined"]),
});

export const ZAccountWorkspace = z.object({
  membership_id: z.uuid(),
  workspace_id: z.uuid(),
  workspace_name: z.string(),
  role: z.enum(["admin", "reviewer"]),
  status: z.enum(["active", "invited"]),
  since: z.string(),
});
export const ZAccountWorkspaceList = z.object({ data: z.array(ZAccountWorkspace) });
