// Webhook URLs follow the document fetcher's rules (lib/net): http(s) only, no credentials, and no internal
// addresses unless PA_FETCH_ALLOW_HOSTS lists them. Checked at registration here, and again at every delivery
// (safeFetch checks the address it connects to).
import { isIP } from "node:net";
import { InvalidInput } from "@/lib/errors/domain-errors";
import { classifyAddress, describeAddressClass, isAllowedTarget, normalizeHost, parseAllowList, type AllowList } from "@/lib/net/address-policy";
import { DocumentFetchError, resolveAllowedAddresses, type Resolver } from "@/lib/net/safe-fetch";

const forWebhooks = (message: string) => message.replace("The document address", "The webhook URL").replace("The document host", "The webhook host");

export async function validateWebhookUrl(
  raw: string,
  opts: { allowList?: AllowList; resolve?: Resolver } = {},
): Promise<string> {
  const allowList = opts.allowList ?? parseAllowList(process.env.PA_FETCH_ALLOW_HOSTS);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidInput("url: must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InvalidInput(`url: the ${url.protocol} scheme is not allowed; use http: or https:`);
  if (url.username || url.password) throw new InvalidInput("url: must not contain a user name or password");
  const host = normalizeHost(url.hostname);
  if (!host) throw new InvalidInput("url: has no host");
  if (isIP(host)) {
    if (!isAllowedTarget(host, host, allowList)) {
      throw new InvalidInput(`url: points to ${host}, ${describeAddressClass(classifyAddress(host))}, which is not allowed`);
    }
  } else {
    try {
      await resolveAllowedAddresses(host, allowList, opts.resolve);
    } catch (error) {
      if (error instanceof DocumentFetchError) throw new InvalidInput(`url: ${forWebhooks(error.message)}`);
      throw error;
    }
  }
  url.hash = "";
  return url.toString();
}
