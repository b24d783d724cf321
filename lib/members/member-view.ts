/** A membership as the API answers it (lib/schemas/member.ts ZMember). */
export function memberView(m: { id: string; userId: string; role: string; createdAt: Date; deactivatedAt: Date | null; pendingSince: Date | null; user: { email: string; name: string | null } }) {
  return {
    id: m.id,
    user_id: m.userId,
    email: m.user.email,
    name: m.user.name,
    role: m.role,
    status: m.deactivatedAt ? "deactivated" : m.pendingSince ? "invited" : "active",
    created_at: m.createdAt.toISOString(),
    deactivated_at: m.deactivatedAt?.toISOString() ?? null,
  } as const;
}
