// An outbound HTTP(S) client that cannot be turned against the service's own network (SSRF). Used for documents and,
// later, webhooks: nothing here knows about documents beyond the wording of its messages.
//
// The address check happens inside the connection's DNS lookup, so the address that was checked is the address
// connected to: a DNS record that changes between a check and the connection (rebinding) cannot slip through.
import { readStreamCapped } from "@/lib/streams/read-stream-capped";
import { lookup as systemLookup } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import { STATUS_CODES } from "node:http";
import { isIP } from "node:net";
import { Agent, fetch } from "undici";
import { classifyAddress, describeAddressClass, isAllowedTarget, normalizeHost, type AllowList } from "./address-policy";

export type DocumentFetchErrorCode =
  | "invalid_url"
  | "scheme_not_allowed"
  | "credentials_in_url"
  | "address_not_allowed"
  | "too_many_redirects"
  | "too_large"
  | "timeout"
  | "http_status"
  | "network"
  | "unsupported_content_type"
  | "invalid_content";

/** Why a fetch was refused or failed. The message is written for the user (a case's failure_reason). */
export class DocumentFetchError extends Error {
  readonly code: DocumentFetchErrorCode;
  /** The final HTTP status, for code "http_status". */
  readonly status?: number;

  constructor(code: DocumentFetchErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DocumentFetchError";
    this.code = code;
    this.status = options.status;
  }

  /** Worth trying again later: timeouts, network trouble, 408/425/429 and 5xx. Refusals never are. */
  get retryable(): boolean {
    if (this.code === "timeout" || this.code === "network") return true;
    if (this.code !== "http_status" || this.status === undefined) return false;
    return this.status === 408 || this.status === 425 || this.status === 429 || this.status >= 500;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Host name to addresses. The default asks the operating system (getaddrinfo), as any client would. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => systemLookup(hostname, { all: true });

/**
 * Resolves `hostname` and checks every address it resolves to. A single address that may not be reached refuses the
 * whole host: a name answering with both a public and an internal address is not one to trust.
 */
export async function resolveAllowedAddresses(
  hostname: string,
  allowList: AllowList,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    throw new DocumentFetchError("network", `The document host ${hostname} could not be found.`, { cause: error });
  }
  if (addresses.length === 0) throw new DocumentFetchError("network", `The document host ${hostname} could not be found.`);
  for (const { address } of addresses) {
    if (!isAllowedTarget(hostname, address, allowList)) {
      const where = describeAddressClass(classifyAddress(address));
      throw new DocumentFetchError("address_not_allowed", `The document address resolves to ${address}, ${where}, which is not allowed.`);
    }
  }
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net/tls.connect that only ever hands out checked addresses (see resolveAllowedAddresses). */
export function createGuardedLookup(allowList: AllowList, resolve: Resolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveAllowedAddresses(hostname, allowList, resolve).then(
      (addresses) => {
        const family = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname} (no IPv${family} address)`);
          error.code = "ENOTFOUND";
          callback(error, "", 0);
        } else if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: DocumentFetchError) => callback(error, "", 0),
    );
  };
}

export interface SafeFetchOptions {
  /** Largest body accepted, in bytes (after any content decoding). */
  maxBytes: number;
  /** One deadline for everything: DNS, connect, every redirect, headers and body. */
  timeoutMs: number;
  /** Redirects followed before giving up (default 5); each target is checked again. */
  maxRedirects?: number;
  allowList: AllowList;
  accept?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For tests and custom DNS; defaults to the operating system's resolver. */
  resolve?: Resolver;
}

export interface SafeFetchResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  bytes: Uint8Array;
  /** The URL after redirects. */
  finalUrl: string;
  /** The Content-Type header as sent, or null. */
  contentType: string | null;
}

const ALLOWED_SCHEMES = new Set(["http:", "https:"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Credentials meant for one origin are not handed to another one on a redirect.
const ORIGIN_BOUND_HEADERS = ["authorization", "cookie", "proxy-authorization"];
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];
const USER_AGENT = "prior-auth-service/0.1";

/** Rejects what can be rejected without a connection: bad URLs, other schemes, user-info, IP literals not allowed. */
function checkUrl(raw: string | URL, allowList: AllowList, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new DocumentFetchError(
      "invalid_url",
      base ? "The document server redirected to an address that is not a valid URL." : "The document address is not a valid URL.",
    );
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) {
    throw new DocumentFetchError(
      "scheme_not_allowed",
      `The document address uses the ${url.protocol} scheme; only http: and https: addresses are allowed.`,
    );
  }
  if (url.username || url.password) {
    throw new DocumentFetchError("credentials_in_url", "The document address contains a user name or password, which is not allowed.");
  }
  const host = normalizeHost(url.hostname);
  if (!host) throw new DocumentFetchError("invalid_url", "The document address has no host.");
  // Connections to IP literals skip the lookup, so they are checked here (the URL parser already turned forms like
  // 2130706433 or 0x7f.1 into 127.0.0.1).
  if (isIP(host) && !isAllowedTarget(host, host, allowList)) {
    const where = describeAddressClass(classifyAddress(host));
    throw new DocumentFetchError("address_not_allowed", `The document address points to ${host}, ${where}, which is not allowed.`);
  }
  return url;
}

export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${Number.isInteger(bytes / MB) ? bytes / MB : (bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function formatDuration(ms: number): string {
  if (ms % 1000 !== 0) return `${ms} ms`;
  return ms === 1000 ? "1 second" : `${ms / 1000} seconds`;
}

function httpStatusError(status: number, statusText: string, detail = ""): DocumentFetchError {
  // The standard reason phrase rather than the server's own text, which is arbitrary and shown to users.
  const reason = STATUS_CODES[status] ?? statusText.slice(0, 80);
  return new DocumentFetchError("http_status", `The document server answered ${status}${reason ? ` ${reason}` : ""}${detail}.`, { status });
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Turns whatever fetch, the socket or the body stream threw into a DocumentFetchError (exported for its unit test). */
export function toFetchError(error: unknown, signal: AbortSignal, host: string, timeoutError: () => DocumentFetchError): DocumentFetchError {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DocumentFetchError) return e;
  }
  if (signal.aborted && signal.reason instanceof DocumentFetchError) return signal.reason;
  let root: unknown = error;
  while ((root as { cause?: unknown })?.cause) root = (root as { cause: unknown }).cause;
  const code = errorCode(root) ?? errorCode(error) ?? "";
  // undici's own header and body timeouts equal the overall deadline, so either may fire first: one message for both.
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return timeoutError();
  let message: string;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") message = `The document host ${host} could not be found.`;
  else if (code === "ECONNREFUSED") message = `The document server ${host} refused the connection.`;
  else if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT") message = `The document server ${host} did not accept a connection in time.`;
  else if (/CERT|TLS|SSL|SELF_SIGNED/.test(code)) message = `The document server ${host} presented a TLS certificate that could not be verified.`;
  else if (code === "ECONNRESET" || code === "EPIPE" || code.startsWith("UND_ERR_SOCKET")) {
    message = `The connection to the document server ${host} was closed unexpectedly.`;
  } else message = `The document could not be downloaded from ${host}${code ? ` (${code})` : ""}.`;
  return new DocumentFetchError("network", message, { cause: error });
}

/**
 * Fetches an http(s) URL that must not reach internal addresses unless allow-listed; follows redirects itself so
 * that each hop is checked; caps the body and the total time. Resolves only with a 2xx response; everything else is
 * a DocumentFetchError.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  let current = checkUrl(url, opts.allowList);

  const controller = new AbortController();
  const timeoutError = () => new DocumentFetchError("timeout", `The document could not be downloaded within ${formatDuration(opts.timeoutMs)}.`);
  const timer = setTimeout(() => controller.abort(timeoutError()), opts.timeoutMs);
  const agent = new Agent({
    connect: { lookup: createGuardedLookup(opts.allowList, opts.resolve), timeout: opts.timeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });

  let method = (opts.method ?? "GET").toUpperCase();
  let body = opts.body;
  const headers: Record<string, string> = { accept: opts.accept ?? "*/*", "user-agent": USER_AGENT };
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers[name.toLowerCase()] = value;

  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(current, { method, headers, body, redirect: "manual", signal: controller.signal, dispatcher: agent });

      if (REDIRECT_STATUSES.has(response.status)) {
        response.body?.cancel().catch(() => {});
        const location = response.headers.get("location");
        if (!location) throw httpStatusError(response.status, response.statusText, " without saying where to");
        if (redirects >= maxRedirects) {
          throw new DocumentFetchError("too_many_redirects", `The document address redirected more than ${maxRedirects} times.`);
        }
        const next = checkUrl(location, opts.allowList, current);
        // As browsers do: 303 turns any request into a GET, and 301/302 turn a POST into one.
        if ((response.status === 303 && method !== "HEAD") || ((response.status === 301 || response.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          for (const name of BODY_HEADERS) delete headers[name];
        }
        if (next.origin !== current.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
        current = next;
        continue;
      }

      if (response.status < 200 || response.status > 299) {
        response.body?.cancel().catch(() => {});
        throw httpStatusError(response.status, response.statusText);
      }

      const declaredLength = Number(response.headers.get("content-length") ?? Number.NaN);
      if (Number.isFinite(declaredLength) && declaredLength > opts.maxBytes) {
        response.body?.cancel().catch(() => {});
        throw new DocumentFetchError("too_large", `The document is larger than the ${formatBytes(opts.maxBytes)} limit.`);
      }
      const bytes = await readStreamCapped(response.body, opts.maxBytes, () => new DocumentFetchError("too_large", `The document is larger than the ${formatBytes(opts.maxBytes)} limit.`));
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        bytes,
        finalUrl: current.toString(),
        contentType: response.headers.get("content-type"),
      };
    }
  } catch (error) {
    throw toFetchError(error, controller.signal, current.host, timeoutError);
  } finally {
    clearTimeout(timer);
    agent.destroy().catch(() => {});
  }
}
