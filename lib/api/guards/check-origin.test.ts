import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "./check-origin";

const headers = (h: Record<string, string>) => new Headers(h);
const base = { requestOrigin: "http://localhost:3100" };

describe("crossSiteRefusal", () => {
  describe.each([
    // method, headers, refused?
    ["GET", {}, false],
    ["HEAD", { origin: "https://evil.example" }, false],
    ["POST", { origin: "http://localhost:3100", "content-type": "application/json" }, false],
    ["POST", { origin: "http://localhost:3100", "content-type": "application/json; charset=utf-8" }, false],
    ["POST", { origin: "http://localhost:3100", "content-type": "multipart/form-data; boundary=x" }, false],
    ["POST", { origin: "http://localhost:3100", "content-type": "application/pdf" }, false],
    ["DELETE", { origin: "http://localhost:3100" }, false],
    ["POST", { "sec-fetch-site": "same-origin", "content-type": "application/json" }, false],
    ["POST", { origin: "https://portal.example.org", "content-type": "application/json" }, false],
    ["POST", { origin: "https://evil.example", "content-type": "application/json" }, true],
    ["POST", { origin: "http://localhost:3101", "content-type": "application/json" }, true],
    ["POST", { origin: "null", "content-type": "application/json" }, true],
    ["POST", { "content-type": "application/json" }, true],
    ["POST", { "sec-fetch-site": "cross-site", "content-type": "application/json" }, true],
    ["POST", { "sec-fetch-site": "same-site", "content-type": "application/json" }, true],
    ["DELETE", { origin: "https://evil.example" }, true],
    ["POST", { origin: "http://localhost:3100", "content-type": "text/plain" }, true],
    ["POST", { origin: "http://localhost:3100", "content-type": "application/x-www-form-urlencoded" }, true],
    ["POST", { origin: "http://localhost:3100", "content-type": "text/plain", "x-file-name": "note.txt" }, false],
    ["POST", { origin: "https://evil.example", "content-type": "text/plain", "x-file-name": "note.txt" }, true],
  ] as const)("%s %j", (method, h, refused) => {
    it(refused ? "is refused" : "may proceed", () => {
      const reason = crossSiteRefusal({ ...base, allowedOrigins: ["https://portal.example.org/"], method, headers: headers(h) });
      expect(reason !== null).toBe(refused);
    });
  });

  it("refuses multipart where a route takes JSON only", () => {
    const h = headers({ origin: "http://localhost:3100", "content-type": "multipart/form-data; boundary=x" });
    expect(crossSiteRefusal({ ...base, method: "POST", headers: h, allowMultipart: false })).toMatch(/application\/json/);
  });
});
