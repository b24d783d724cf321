import { describe, expect, it } from "vitest";
import { classifyAddress, isAllowedTarget, normalizeIp, parseAllowList, type AddressClass } from "./address-policy";

// Pure classification: nothing here opens a connection.
const CASES: [string, AddressClass][] = [
  // IPv4 public
  ["8.8.8.8", "public"],
  ["1.1.1.1", "public"],
  ["93.184.216.34", "public"],
  ["100.63.255.255", "public"],
  ["100.128.0.0", "public"],
  ["172.15.255.255", "public"],
  ["172.32.0.0", "public"],
  ["192.169.0.1", "public"],
  ["169.253.255.255", "public"],
  ["223.255.255.255", "public"],
  ["192.31.196.1", "public"],
  // loopback
  ["127.0.0.1", "loopback"],
  ["127.0.0.2", "loopback"],
  ["127.255.255.254", "loopback"],
  // private (RFC 1918)
  ["10.0.0.5", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  // link-local and metadata
  ["169.254.0.1", "link_local"],
  ["169.254.169.253", "link_local"],
  ["169.254.169.254", "metadata"],
  ["169.254.170.2", "metadata"],
  ["100.100.100.200", "metadata"],
  // CGNAT
  ["100.64.0.0", "cgnat"],
  ["100.127.255.255", "cgnat"],
  // this network
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  // multicast, broadcast
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["255.255.255.255", "broadcast"],
  // documentation, benchmarking, reserved
  ["192.0.2.10", "documentation"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.99", "documentation"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["192.0.0.8", "reserved"],
  ["192.88.99.1", "reserved"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.254", "reserved"],
  // IPv6 public
  ["2606:4700:4700::1111", "public"],
  ["2001:4860:4860::8888", "public"],
  ["2a00:1450:4001:80b::200e", "public"],
  // IPv6 special
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["::", "unspecified"],
  ["fe80::1", "link_local"],
  ["febf:ffff::1", "link_local"],
  ["fe80::1%eth0", "link_local"],
  ["fc00::1", "private"],
  ["fd12:3456:789a::1", "private"],
  ["fec0::1", "private"],
  ["fd00:ec2::254", "metadata"],
  ["ff02::1", "multicast"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation"],
  ["2001:2::1", "benchmarking"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
  ["100::1", "reserved"],
  ["::2", "reserved"],
  ["4000::1", "reserved"],
  // IPv6 forms carrying an IPv4 address are judged by it
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::FFFF:10.0.0.1", "private"],
  ["::ffff:169.254.169.254", "metadata"],
  ["::ffff:8.8.8.8", "public"],
  ["::ffff:0:a00:1", "private"],
  ["64:ff9b::7f00:1", "loopback"],
  ["64:ff9b::808:808", "public"],
  ["64:ff9b:1::1", "private"],
  ["2002:7f00:1::1", "loopback"],
  ["2002:a9fe:a9fe::1", "metadata"],
  ["2002:808:808::1", "public"],
  // The deprecated IPv4-compatible form: ipaddr.js reads the dotted spelling as mapped, either way it is refused.
  ["::127.0.0.1", "loopback"],
  ["::7f00:1", "reserved"],
  // brackets as in URLs
  ["[::1]", "loopback"],
  // not addresses
  ["", "invalid"],
  ["localhost", "invalid"],
  ["example.com", "invalid"],
  ["999.1.1.1", "invalid"],
  ["1.2.3.4.5", "invalid"],
];

describe("classifyAddress", () => {
  it.each(CASES)("%s is %s", (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it("reads the short and numeric IPv4 forms the way the socket layer does", () => {
    expect(classifyAddress("127.1")).toBe("loopback");
    expect(classifyAddress("0x7f.0.0.1")).toBe("loopback");
    expect(classifyAddress("2130706433")).toBe("loopback");
  });
});

describe("normalizeIp", () => {
  it("gives one spelling per address", () => {
    expect(normalizeIp("0:0:0:0:0:0:0:1")).toBe("::1");
    expect(normalizeIp("[FD00::A]")).toBe("fd00::a");
    expect(normalizeIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeIp(" 10.0.0.5 ")).toBe("10.0.0.5");
    expect(normalizeIp("docs.internal")).toBeNull();
  });
});

describe("parseAllowList", () => {
  it("is empty without a value", () => {
    for (const value of [undefined, "", " , ,"]) {
      const list = parseAllowList(value);
      expect(list.hosts.size + list.ips.size).toBe(0);
    }
  });

  it("splits on commas, trims, lower-cases and separates host names from addresses", () => {
    const list = parseAllowList(" Docs.Internal. ,10.0.0.5, [::1],FD00::0001 ,localhost");
    expect([...list.hosts].sort()).toEqual(["docs.internal", "localhost"]);
    expect([...list.ips].sort()).toEqual(["10.0.0.5", "::1", "fd00::1"]);
  });
});

describe("isAllowedTarget", () => {
  const list = parseAllowList("docs.internal, 10.0.0.5, ::1, 169.254.170.2");

  it("allows public addresses with an empty list", () => {
    expect(isAllowedTarget("example.com", "93.184.216.34", parseAllowList(undefined))).toBe(true);
    expect(isAllowedTarget("example.com", "2606:4700:4700::1111", parseAllowList(undefined))).toBe(true);
  });

  it("refuses every non-public class with an empty list", () => {
    const empty = parseAllowList(undefined);
    for (const [ip, kind] of CASES) {
      if (kind !== "public") expect(isAllowedTarget("example.com", ip, empty), ip).toBe(false);
    }
  });

  it("allows an internal address when the URL's host name is listed, whatever it resolves to", () => {
    expect(isAllowedTarget("docs.internal", "10.9.9.9", list)).toBe(true);
    expect(isAllowedTarget("DOCS.INTERNAL.", "127.0.0.1", list)).toBe(true);
    expect(isAllowedTarget("other.internal", "10.9.9.9", list)).toBe(false);
    expect(isAllowedTarget("docs.internal.evil.example", "10.9.9.9", list)).toBe(false);
  });

  it("allows an internal address that is itself listed, in any spelling", () => {
    expect(isAllowedTarget("anything.example", "10.0.0.5", list)).toBe(true);
    expect(isAllowedTarget("10.0.0.5", "10.0.0.5", list)).toBe(true);
    expect(isAllowedTarget("anything.example", "::ffff:10.0.0.5", list)).toBe(true);
    expect(isAllowedTarget("[::1]", "0:0::1", list)).toBe(true);
    expect(isAllowedTarget("10.0.0.6", "10.0.0.6", list)).toBe(false);
  });

  it("reaches a metadata address only when that address is listed, not through a listed host name", () => {
    expect(isAllowedTarget("docs.internal", "169.254.169.254", list)).toBe(false);
    expect(isAllowedTarget("docs.internal", "169.254.170.2", list)).toBe(true);
  });

  it("never allows something that is not an address", () => {
    expect(isAllowedTarget("docs.internal", "not-an-ip", list)).toBe(false);
  });
});
