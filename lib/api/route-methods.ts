// Which methods each route answers, for the 405 of the request proxy (proxy.ts): Next answers an unsupported method
// with an empty 405, and TRACE not at all. The /api/v1 routes come from the OpenAPI registry (the routes the API
// documents); the few undocumented ones are listed here. A unit test compares this table with the route files.
import { OPERATIONS } from "@/lib/openapi/registry";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Routes outside the OpenAPI document, as full paths with {params}; `*` matches the rest of the path. */
const OTHER_ROUTES: { path: string; methods: Method[] }[] = [
  { path: "/api/v1/prior_auths/counts", methods: ["GET"] },
  { path: "/api/auth/*", methods: ["GET", "POST"] },
  { path: "/api/health", methods: ["GET"] },
  { path: "/api/reference", methods: ["GET"] },
  { path: "/api/reference/assets/{file}", methods: ["GET"] },
];

interface RouteEntry {
  segments: string[];
  methods: Set<string>;
}

let table: RouteEntry[] | undefined;

function routes(): RouteEntry[] {
  if (table) return table;
  const byPath = new Map<string, Set<string>>();
  const add = (path: string, methods: string[]) => {
    const set = byPath.get(path) ?? new Set<string>();
    for (const m of methods) set.add(m.toUpperCase());
    byPath.set(path, set);
  };
  for (const op of OPERATIONS) add(`/api/v1${op.path}`, [op.method]);
  for (const route of OTHER_ROUTES) add(route.path, route.methods);
  table = [...byPath].map(([path, methods]) => ({ segments: path.split("/").filter(Boolean), methods }));
  return table;
}

const isParam = (segment: string) => segment.startsWith("{") && segment.endsWith("}");

/** Literal segments outrank parameters (/prior_auths/counts before /prior_auths/{id}), as Next's router does. */
function score(entry: RouteEntry, parts: string[]): number | null {
  let value = 0;
  for (let i = 0; i < entry.segments.length; i++) {
    const segment = entry.segments[i];
    if (segment === "*") return i < parts.length ? value : null;
    if (i >= parts.length) return null;
    if (isParam(segment)) continue;
    if (segment !== parts[i]) return null;
    value += 2 ** (16 - i);
  }
  return entry.segments.length === parts.length ? value : null;
}

/** The methods the route at `pathname` answers (HEAD and OPTIONS included where GET is), or null for no such route. */
export function allowedMethods(pathname: string): string[] | null {
  const parts = pathname.split("/").filter(Boolean);
  let best: RouteEntry | null = null;
  let bestScore = -1;
  for (const entry of routes()) {
    const s = score(entry, parts);
    if (s !== null && s > bestScore) [best, bestScore] = [entry, s];
  }
  if (!best) return null;
  const methods = [...best.methods];
  if (best.methods.has("GET")) methods.push("HEAD");
  methods.push("OPTIONS");
  return methods;
}
