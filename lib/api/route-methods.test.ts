import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allowedMethods } from "./route-methods";

// Every route file under app/api: its folder path as a URL (dynamic segments filled with a sample) and its exports.
function routeFiles(dir = "app/api"): { url: string; methods: string[] }[] {
  const out: { url: string; methods: string[] }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFiles(full));
    else if (entry.name === "route.ts") {
      const source = fs.readFileSync(full, "utf8");
      const methods = new Set<string>();
      for (const m of source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(m[1]);
      for (const m of source.matchAll(/export \{([^}]*)\}/g)) for (const name of m[1].matchAll(/as (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(name[1]);
      const url = "/" + path.relative("app", dir).split(path.sep).map((s) => (s.startsWith("[...") ? "any/thing" : s.startsWith("[") ? "00000000-0000-4000-8000-000000000000" : s)).join("/");
      out.push({ url, methods: [...methods].sort() });
    }
  }
  return out;
}

describe("allowedMethods matches the route files", () => {
  const files = routeFiles().filter((f) => !f.url.startsWith("/api/v1/any"));
  it.each(files.map((f) => [f.url, f.methods]))("%s answers %j", (url, methods) => {
    const allowed = allowedMethods(url as string);
    expect(allowed?.filter((m) => m !== "HEAD" && m !== "OPTIONS").sort()).toEqual(methods);
  });

  it("knows no route for an unknown path, and literal segments outrank parameters", () => {
    expect(allowedMethods("/api/v1/nothing/here")).toBeNull();
    expect(allowedMethods("/api/v1/prior_auths/counts")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/v1/prior_auths/123")?.sort()).toEqual(["GET", "HEAD", "OPTIONS", "PATCH"]);
  });
});
