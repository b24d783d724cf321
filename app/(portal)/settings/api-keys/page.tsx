import { ApiKeysPanel } from "@/components/settings/api-keys-panel";

export default function ApiKeysPage() {
  return <ApiKeysPanel />;
}
