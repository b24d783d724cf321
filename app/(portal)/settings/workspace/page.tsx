import { WorkspacePanel } from "@/components/settings/workspace-panel";

export default function WorkspaceSettingsPage() {
  return <WorkspacePanel />;
}
