import { CaseView } from "@/components/case/case-view";
import { requireMember } from "@/lib/portal/current-member";

export default async function CasePage({ params }: { params: Promise<{ id: string }> }) {
  const member = await requireMember();
  const { id } = await params;
  return <CaseView id={id} me={{ id: member.userId }} />;
}
