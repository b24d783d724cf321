import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "@/lib/auth/password-policy";

/** A new password: the policy of lib/auth/password-policy.ts (length, not a common password). */
export const ZNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe(`At least ${MIN_PASSWORD_LENGTH} characters, not a commonly used password.`);

/** Invite a person: no password (admins never choose one; the person sets their own through the link). */
export const ZAddMemberRequest = z.strictObject({
  email: z.email().max(254),
  name: z.string().trim().max(200).optional(),
  role: z.enum(["admin", "reviewer"]),
});

export const ZMember = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(["admin", "reviewer"]).describe("admin: settings, keys, members and reviews; reviewer: reviews cases."),
  status: z.enum(["active", "invited", "deactivated"]).describe("invited: the person has not accepted yet (a new account: has not opened its link; an existing account: has not accepted, signed in)."),
  created_at: z.string(),
  deactivated_at: z.string().nullable().describe("When an admin deactivated the member (no sign-in, no session); null while active."),
});

/** Change a member: another role, and/or deactivate (active: false) or reactivate (active: true). */
export const ZUpdateMemberRequest = z
  .strictObject({ role: z.enum(["admin", "reviewer"]).optional(), active: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.active !== undefined, { message: "give role and/or active" });

/** A one-time link, shown to the admin this once: only its hash is stored. */
const ZOneTimeLink = z.object({
  url: z.string().describe("Give it to the person privately; it works once, until expires_at."),
  expires_at: z.string(),
});

/** An invitation: the member (status invited) and the link the admin passes on. */
export const ZMemberInvited = ZMember.extend({ invitation: ZOneTimeLink });

/** A new link with which the member sets their own password (reset, or a fresh invitation link). */
export const ZMemberPasswordLink = ZMember.extend({ password_link: ZOneTimeLink.extend({ purpose: z.enum(["password_reset", "invitation"]) }) });

export const ZMemberList = z.object({ data: z.array(ZMember) });
export const ZMemberParams = z.object({ member_id: z.uuid() });
