import { MembersPanel } from "@/components/settings/members-panel";

export default function MembersPage() {
  return <MembersPanel />;
}
