import { describe, expect, it } from "vitest";
import { parseAllowList } from "@/lib/net/address-policy";
import { validateWebhookUrl } from "./validate-webhook-url";

// No connection and no real DNS: IP literals are judged as they are, names through a fake resolver.
const fakeDns = (map: Record<string, string>) => async (host: string) => (map[host] ? [{ address: map[host], family: map[host].includes(":") ? 6 : 4 }] : []);

describe("validateWebhookUrl", () => {
  const none = parseAllowList("");

  it("accepts public https and http URLs", async () => {
    await expect(validateWebhookUrl("https://hooks.example.com/pa#x", { allowList: none, resolve: fakeDns({ "hooks.example.com": "93.184.216.34" }) })).resolves.toBe(
      "https://hooks.example.com/pa",
    );
    await expect(validateWebhookUrl("http://8.8.8.8/hook", { allowList: none })).resolves.toBe("http://8.8.8.8/hook");
  });

  it.each([
    ["ftp://example.com/x", /scheme/],
    ["https://user:pw@example.com/x", /user name or password/],
    ["not a url", /absolute/],
    ["http://10.1.2.3/hook", /private address/],
    ["http://169.254.169.254/latest", /metadata/],
    ["http://127.0.0.1:9999/", /loopback/],
    ["http://[::ffff:192.168.1.1]/", /private/],
  ])("refuses %s", async (url, message) => {
    await expect(validateWebhookUrl(url, { allowList: none, resolve: fakeDns({}) })).rejects.toThrow(message);
  });

  it("refuses a name that resolves to an internal address, unless allow-listed", async () => {
    const resolve = fakeDns({ "hooks.internal": "10.0.0.7" });
    await expect(validateWebhookUrl("https://hooks.internal/x", { allowList: none, resolve })).rejects.toThrow(/10\.0\.0\.7/);
    await expect(validateWebhookUrl("https://hooks.internal/x", { allowList: parseAllowList("hooks.internal"), resolve })).resolves.toBe("https://hooks.internal/x");
    await expect(validateWebhookUrl("http://127.0.0.1:9/x", { allowList: parseAllowList("127.0.0.1") })).resolves.toBe("http://127.0.0.1:9/x");
  });
});
