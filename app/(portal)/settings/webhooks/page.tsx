import { WebhooksPanel } from "@/components/settings/webhooks-panel";

export default function WebhooksPage() {
  return <WebhooksPanel />;
}
