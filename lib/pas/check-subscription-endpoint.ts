// A PAS Subscription's endpoint follows the webhooks' SSRF rules (validateWebhookUrl: no credentials, no internal
// address unless PA_FETCH_ALLOW_HOSTS lists it) and, as the guide's security section asks, https: plain http only for
// an allow-listed host (the tests' receiver on 127.0.0.1).
import { InvalidInput } from "@/lib/errors/domain-errors";
import type { PasProblem } from "@/lib/fhir/pas/validate-pas";
import { normalizeHost, normalizeIp, parseAllowList } from "@/lib/net/address-policy";
import { validateWebhookUrl } from "@/lib/webhooks/validate-webhook-url";

const EXPRESSION = "Subscription.channel.endpoint";

/** The endpoint as it will be called, or the problem with it. */
export async function checkSubscriptionEndpoint(raw: string): Promise<{ url: string; problems: [] } | { url?: undefined; problems: PasProblem[] }> {
  let url: string;
  try {
    url = await validateWebhookUrl(raw);
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    return { problems: [{ expression: EXPRESSION, message: error.message.replace(/^url: /, "") }] };
  }
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && !isAllowListed(parsed.hostname)) {
    return { problems: [{ expression: EXPRESSION, message: "must be an https URL: notifications carry protected health information" }] };
  }
  return { url, problems: [] };
}

function isAllowListed(hostname: string): boolean {
  const allowList = parseAllowList(process.env.PA_FETCH_ALLOW_HOSTS);
  const host = normalizeHost(hostname);
  const ip = normalizeIp(host);
  return ip ? allowList.ips.has(ip) : allowList.hosts.has(host);
}
