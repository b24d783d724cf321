// Webhook URLs follow the rules of every URL the service fetches on someone's behalf (lib/net/validate-outbound-url).
import type { AllowList } from "@/lib/net/address-policy";
import type { Resolver } from "@/lib/net/safe-fetch";
import { validateOutboundUrl } from "@/lib/net/validate-outbound-url";

export function validateWebhookUrl(raw: string, opts: { allowList?: AllowList; resolve?: Resolver } = {}): Promise<string> {
  return validateOutboundUrl(raw, { ...opts, field: "url", noun: "The webhook" });
}
