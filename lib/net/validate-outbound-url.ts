// A URL the service will fetch on someone's behalf (a webhook, a SMART client's JWKS) follows the document fetcher's
// rules (lib/net): http(s) only, no credentials, and no internal addresses unless PA_FETCH_ALLOW_HOSTS lists them.
// Checked at registration here, and again at every fetch (safeFetch checks the address it connects to).
import { isIP } from "node:net";
import { InvalidInput } from "@/lib/errors/domain-errors";
import { classifyAddress, describeAddressClass, isAllowedTarget, normalizeHost, parseAllowList, type AllowList } from "@/lib/net/address-policy";
import { DocumentFetchError, resolveAllowedAddresses, type Resolver } from "@/lib/net/safe-fetch";

/**
 * The URL without its fragment, or InvalidInput naming `field` ("url", "jwks_url"); `noun` replaces "The document"
 * in the fetcher's own messages ("The webhook", "The JWKS").
 */
export async function validateOutboundUrl(
  raw: string,
  opts: { field: string; noun: string; allowList?: AllowList; resolve?: Resolver },
): Promise<string> {
  const { field } = opts;
  const allowList = opts.allowList ?? parseAllowList(process.env.PA_FETCH_ALLOW_HOSTS);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidInput(`${field}: must be an absolute http(s) URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InvalidInput(`${field}: the ${url.protocol} scheme is not allowed; use http: or https:`);
  if (url.username || url.password) throw new InvalidInput(`${field}: must not contain a user name or password`);
  const host = normalizeHost(url.hostname);
  if (!host) throw new InvalidInput(`${field}: has no host`);
  if (isIP(host)) {
    if (!isAllowedTarget(host, host, allowList)) {
      throw new InvalidInput(`${field}: points to ${host}, ${describeAddressClass(classifyAddress(host))}, which is not allowed`);
    }
  } else {
    try {
      await resolveAllowedAddresses(host, allowList, opts.resolve);
    } catch (error) {
      if (error instanceof DocumentFetchError) {
        throw new InvalidInput(`${field}: ${error.message.replace("The document address", `${opts.noun} URL`).replace("The document host", `${opts.noun} host`)}`);
      }
      throw error;
    }
  }
  url.hash = "";
  return url.toString();
}
