// Which IP addresses an outbound request may reach. Pure: no DNS and no sockets, so every range is unit-testable.
// The fetcher (safe-fetch.ts) applies this to the address it actually connects to.
import ipaddr from "ipaddr.js";

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "metadata"
  | "unspecified"
  | "multicast"
  | "broadcast"
  | "documentation"
  | "benchmarking"
  | "reserved"
  | "invalid";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidr = (text: string): Range => ipaddr.parseCIDR(text);

// First match wins, so the single cloud metadata hosts come before the ranges that contain them.
const IPV4_RANGES: [Exclude<AddressClass, "public" | "invalid">, Range[]][] = [
  // AWS/GCP/Azure/Oracle instance metadata, AWS ECS task metadata and EKS pod identity, Alibaba Cloud metadata.
  ["metadata", ["169.254.169.254/32", "169.254.170.2/32", "169.254.170.23/32", "100.100.100.200/32"].map(cidr)],
  ["unspecified", [cidr("0.0.0.0/8")]],
  ["loopback", [cidr("127.0.0.0/8")]],
  ["private", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map(cidr)],
  ["cgnat", [cidr("100.64.0.0/10")]],
  ["link_local", [cidr("169.254.0.0/16")]],
  ["multicast", [cidr("224.0.0.0/4")]],
  ["broadcast", [cidr("255.255.255.255/32")]],
  ["documentation", ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"].map(cidr)],
  ["benchmarking", [cidr("198.18.0.0/15")]],
  // IETF protocol assignments, the retired 6to4 relay anycast and the old class E.
  ["reserved", ["192.0.0.0/24", "192.88.99.0/24", "240.0.0.0/4"].map(cidr)],
];

const IPV6_RANGES: [Exclude<AddressClass, "public" | "invalid">, Range[]][] = [
  ["metadata", ["fd00:ec2::254/128", "fd00:ec2::23/128"].map(cidr)],
  ["unspecified", [cidr("::/128")]],
  ["loopback", [cidr("::1/128")]],
  ["link_local", [cidr("fe80::/10")]],
  // Unique local addresses, the local-use NAT64 prefix and the deprecated site-local range all stay inside a network.
  ["private", ["fc00::/7", "64:ff9b:1::/48", "fec0::/10"].map(cidr)],
  ["multicast", [cidr("ff00::/8")]],
  ["documentation", ["2001:db8::/32", "3fff::/20"].map(cidr)],
  ["benchmarking", [cidr("2001:2::/48")]],
  // Teredo tunnels, ORCHID and the discard prefix are not ordinary destinations.
  ["reserved", ["2001::/32", "2001:10::/28", "2001:20::/28", "100::/64"].map(cidr)],
];

const GLOBAL_UNICAST_V6 = cidr("2000::/3");
const NAT64_WELL_KNOWN = cidr("64:ff9b::/96");
const SIX_TO_FOUR = cidr("2002::/16");

function classifyV4(address: ipaddr.IPv4): AddressClass {
  for (const [name, ranges] of IPV4_RANGES) if (ranges.some((range) => address.match(range))) return name;
  return "public";
}

function embeddedV4(parts: number[], high: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[high] >> 8, parts[high] & 0xff, parts[high + 1] >> 8, parts[high + 1] & 0xff]);
}

function classifyV6(address: ipaddr.IPv6): AddressClass {
  // Forms that carry an IPv4 address (mapped, SIIT, NAT64, 6to4) are judged by it: ::ffff:127.0.0.1 is loopback.
  if (address.isIPv4MappedAddress()) return classifyV4(address.toIPv4Address());
  if (address.range() === "rfc6145" || address.match(NAT64_WELL_KNOWN)) return classifyV4(embeddedV4(address.parts, 6));
  if (address.match(SIX_TO_FOUR)) return classifyV4(embeddedV4(address.parts, 1));
  for (const [name, ranges] of IPV6_RANGES) if (ranges.some((range) => address.match(range))) return name;
  // Outside 2000::/3 everything else is unassigned or special-purpose (including the deprecated ::a.b.c.d form).
  return address.match(GLOBAL_UNICAST_V6) ? "public" : "reserved";
}

/** The kind of network an IP address belongs to; anything that is not a parseable IP address is "invalid". */
export function classifyAddress(ip: string): AddressClass {
  const text = stripBrackets(ip.trim());
  if (!ipaddr.isValid(text)) return "invalid";
  const address = ipaddr.parse(text);
  return address.kind() === "ipv4" ? classifyV4(address as ipaddr.IPv4) : classifyV6(address as ipaddr.IPv6);
}

const ARTICLE_AND_NAME: Record<AddressClass, string> = {
  public: "a public address",
  loopback: "a loopback address",
  private: "a private address",
  link_local: "a link-local address",
  cgnat: "a carrier-grade NAT address",
  metadata: "a cloud metadata address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  documentation: "a documentation-only address",
  benchmarking: "a benchmarking address",
  reserved: "a reserved address",
  invalid: "an invalid address",
};

/** "a private address", for messages shown to users. */
export function describeAddressClass(addressClass: AddressClass): string {
  return ARTICLE_AND_NAME[addressClass];
}

/** Host names and IP addresses that may be reached even though they are not public (PA_FETCH_ALLOW_HOSTS). */
export interface AllowList {
  readonly hosts: ReadonlySet<string>;
  readonly ips: ReadonlySet<string>;
}

export const EMPTY_ALLOW_LIST: AllowList = { hosts: new Set(), ips: new Set() };

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** One spelling per address: lower-case IPv6 in RFC 5952 form, IPv4-mapped IPv6 as plain IPv4. Null if not an IP. */
export function normalizeIp(ip: string): string | null {
  const text = stripBrackets(ip.trim());
  if (!ipaddr.isValid(text)) return null;
  const address = ipaddr.parse(text);
  if (address.kind() === "ipv4") return address.toString();
  const v6 = address as ipaddr.IPv6;
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : v6.toRFC5952String();
}

/** Host names compare case-insensitively and without a trailing root dot ("Docs.Example." = "docs.example"). */
export function normalizeHost(host: string): string {
  return stripBrackets(host.trim().toLowerCase()).replace(/\.$/, "");
}

/** Parses "docs.internal, 10.0.0.5,[::1]" (PA_FETCH_ALLOW_HOSTS): comma-separated, trimmed, case-insensitive. */
export function parseAllowList(env: string | undefined): AllowList {
  const hosts = new Set<string>();
  const ips = new Set<string>();
  for (const entry of (env ?? "").split(",")) {
    const host = normalizeHost(entry);
    if (!host) continue;
    const ip = normalizeIp(host);
    if (ip) ips.add(ip);
    else hosts.add(host);
  }
  return { hosts, ips };
}

/**
 * May a request for `host` connect to `resolvedIp`? Public addresses always; any other address only when the URL's
 * host or the address itself is allow-listed. Cloud metadata addresses need the address itself on the list: a
 * listed host name must not become a path to instance credentials through a changed DNS record.
 */
export function isAllowedTarget(host: string, resolvedIp: string, allowList: AllowList): boolean {
  const addressClass = classifyAddress(resolvedIp);
  if (addressClass === "public") return true;
  if (addressClass === "invalid") return false;
  const ip = normalizeIp(resolvedIp);
  if (ip && allowList.ips.has(ip)) return true;
  if (addressClass === "metadata") return false;
  const hostName = normalizeHost(host);
  const hostAsIp = normalizeIp(hostName);
  return hostAsIp ? allowList.ips.has(hostAsIp) : allowList.hosts.has(hostName);
}
