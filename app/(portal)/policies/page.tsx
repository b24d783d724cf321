import { PoliciesPanel } from "@/components/policies/policies-panel";
import { requireMember } from "@/lib/portal/current-member";

export default async function PoliciesPage() {
  const member = await requireMember();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Policies</h1>
      <PoliciesPanel canEdit={member.role === "admin"} />
    </div>
  );
}
