import { z } from "zod";

export const ZAddMemberRequest = z.strictObject({
  email: z.email(),
  name: z.string().trim().max(200).optional(),
  role: z.enum(["admin", "reviewer"]),
  password: z.string().min(8, "must have at least 8 characters").max(200),
});

export const ZMember = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  created_at: z.string(),
});

export const ZMemberList = z.object({ data: z.array(ZMember) });
