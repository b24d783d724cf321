import { PolicyDocumentDetail } from "@/components/policies/policy-document-detail";
import { requireMember } from "@/lib/portal/current-member";

export default async function PolicyDocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const member = await requireMember();
  const { id } = await params;
  return <PolicyDocumentDetail documentId={id} canEdit={member.role === "admin"} />;
}
