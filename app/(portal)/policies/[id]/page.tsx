import { PolicyDetail } from "@/components/policies/policy-detail";
import { requireMember } from "@/lib/portal/current-member";

export default async function PolicyPage({ params }: { params: Promise<{ id: string }> }) {
  const member = await requireMember();
  const { id } = await params;
  return <PolicyDetail policyId={id} canEdit={member.role === "admin"} />;
}
