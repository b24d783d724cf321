// Requests generated from the OpenAPI document, valid and mutated (wrong types, missing required fields, NUL
// characters, lone UTF-16 surrogates, huge strings, deep nesting, unknown ids, wrong content types, unsupported
// methods), a bounded number per operation and seeded (PA_FUZZ_SEED) so a failure replays. Never a 5xx; every error is
// {error, message}; every success matches its response schema; a refused create leaves no row behind. The routes the
// issue found a lone surrogate ending in 500 on are each sent them again, in values and keys, and must answer 400.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";
import { responseChecker } from "../support/openapi";

type Schema = Record<string, unknown> & {
  $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema;
  enum?: unknown[]; const?: unknown; oneOf?: Schema[]; anyOf?: Schema[]; allOf?: Schema[]; format?: string; minimum?: number;
  maximum?: number; minLength?: number; maxLength?: number; minItems?: number; pattern?: string; additionalProperties?: unknown;
};
type Operation = { parameters?: { name: string; in: string; required?: boolean; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown>; security?: Record<string, unknown>[] };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const SEED = Number(process.env.PA_FUZZ_SEED ?? 15);
const PER_OPERATION = Number(process.env.PA_FUZZ_PER_OPERATION ?? 16);

/** mulberry32: small, seeded, reproducible. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: T[]): T => list[Math.floor(next() * list.length)] };
}

let ws: TestWorkspace;
let doc: Doc;
let session: APIRequestContext;
const ids: Record<string, string> = {};
/** Keys the operations take turns with: one key would pass PA_RATE_LIMIT_PER_MINUTE (600) and be answered 429. */
const rotation: string[] = [];

test.beforeAll(async ({ playwright, baseURL, request }) => {
  test.setTimeout(120_000);
  ws = await createTestWorkspace("Fuzz");
  doc = await (await request.get("/api/v1/openapi.json")).json();
  session = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(session, ws.adminEmail, ws.adminPassword);
  const headers = { "X-API-Key": ws.apiKey };
  const created = await request.post("/api/v1/prior_auths", { headers, data: { case_id: "fuzz-seed", ePA: { epa_payload: { patient: { first_name: "Fuzz", last_name: "Seed" }, medication: { drug_name: "Dupixent" } } }, synchronous_request: true } });
  ids.prior_auth_id = (await created.json()).id;
  const policy = await request.post("/api/v1/policies", { headers, data: { title: "Fuzz policy", text: "Drug: Dupixent\nCriteria:\n1. Age 18 or older." } });
  ids.policy_id = (await policy.json()).id;
  const hook = await request.post("/api/v1/webhooks", { headers, data: { url: "http://127.0.0.1:9/hook", events: ["prior_auth.succeeded"] } });
  if (hook.ok()) ids.webhook_id = (await hook.json()).id;
  const key = await session.post("/api/v1/api_keys", { data: { name: "fuzz" } });
  if (key.ok()) ids.api_key_id = (await key.json()).id;
  for (let i = 0; i < 4; i++) {
    const turn = await session.post("/api/v1/api_keys", { data: { name: `fuzz rotation ${i}` } });
    expect(turn.status(), await turn.text()).toBe(201);
    rotation.push((await turn.json()).api_key);
  }
});

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split("/").pop()!] ?? {};
  if (s.allOf?.length) s = Object.assign({}, ...s.allOf.map(resolve), { ...s, allOf: undefined });
  return s;
}

/** A value the schema accepts, as far as a generator can tell (refinements it cannot see are the server's to refuse). */
function generate(schema: Schema | undefined, r: ReturnType<typeof rng>, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return r.pick(s.enum);
  const alternatives = s.oneOf ?? s.anyOf;
  // An object whose oneOf only says which fields are present ("document_url" or "ePA"): pick one of them.
  const presence = s.type === "object" && alternatives?.every((alt) => !alt.type && !alt.$ref && alt.required);
  if (alternatives?.length && !presence) return generate(r.pick(alternatives), r, depth);
  const type = Array.isArray(s.type) ? r.pick(s.type.filter((t) => t !== "null")) ?? "null" : s.type;
  switch (type) {
    case "string":
      if (s.format === "uri" || s.format === "url") return "http://127.0.0.1:9/fuzz.pdf";
      if (s.format === "date") return "2025-01-15";
      if (s.format === "date-time") return new Date(Date.now() - 3600_000).toISOString();
      if (s.format === "uuid") return randomUUID();
      if (s.format === "email") return `fuzz-${r.int(1e9)}@fuzz.test`;
      return "fuzz-" + "x".repeat(Math.max(0, (s.minLength ?? 1) - 5)) + r.int(1000);
    case "integer":
    case "number":
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 10, 1 + r.int(10)));
    case "boolean":
      return r.next() < 0.5;
    case "array":
      return depth > 4 ? [] : Array.from({ length: Math.max(s.minItems ?? 0, r.int(2)) }, () => generate(s.items, r, depth + 1));
    case "object": {
      const out: Record<string, unknown> = {};
      const chosen = presence ? r.pick(alternatives!) : null;
      const required = [...(s.required ?? []), ...(chosen?.required ?? [])];
      const excluded = new Set(presence ? alternatives!.filter((alt) => alt !== chosen).flatMap((alt) => alt.required ?? []) : []);
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        if (name === "synchronous_request" || (excluded.has(name) && !required.includes(name))) continue; // keep every request quick
        if (required.includes(name) || (depth < 3 && r.next() < 0.5)) out[name] = generate(prop, r, depth + 1);
      }
      return out;
    }
    case "null":
      return null;
    default:
      return "fuzz";
  }
}

type Mutation = { name: string; apply: (body: unknown, r: ReturnType<typeof rng>) => { body?: unknown; raw?: string; contentType?: string } };

const deep = (n: number) => JSON.parse("[".repeat(n) + "]".repeat(n));
/** Strings that are not well-formed Unicode: JSON.stringify writes them as "\ud800" escapes, as a hostile client would. */
const ILL_FORMED = ["\ud800", "name \udc00", "\ude00\ud83d", "end \udbff", "\ud83d\ud83d\ude00"];
function mutateField(body: unknown, r: ReturnType<typeof rng>, value: (old: unknown) => unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return value(body);
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = Object.keys(copy);
  if (!keys.length) return { [`fuzz_${r.int(100)}`]: value(undefined) };
  copy[r.pick(keys)] = value(copy[keys[0]]);
  return copy;
}

const MUTATIONS: Mutation[] = [
  { name: "valid", apply: (body) => ({ body }) },
  { name: "wrong type", apply: (body, r) => ({ body: mutateField(body, r, (old) => (typeof old === "string" ? 12345 : typeof old === "number" ? "twelve" : "not-an-object")) }) },
  { name: "missing required", apply: (body, r) => ({ body: body && typeof body === "object" && !Array.isArray(body) ? Object.fromEntries(Object.entries(body).filter(() => r.next() < 0.3)) : {} }) },
  { name: "NUL", apply: (body, r) => ({ body: mutateField(body, r, () => "nul\u0000here") }) },
  { name: "NUL key", apply: (body) => ({ body: { ...(body as object), "k\u0000": 1 } }) },
  { name: "lone surrogate", apply: (body, r) => ({ body: mutateField(body, r, () => r.pick(ILL_FORMED)) }) },
  { name: "lone surrogate key", apply: (body, r) => ({ body: { ...(body as object), [r.pick(ILL_FORMED)]: 1 } }) },
  { name: "huge string", apply: (body, r) => ({ body: mutateField(body, r, () => "A".repeat(300_000)) }) },
  { name: "deep nesting", apply: (body, r) => ({ body: mutateField(body, r, () => deep(200)) }) },
  { name: "unknown field", apply: (body) => ({ body: { ...(body as object), unknown_fuzz_field: true } }) },
  { name: "wrong content type", apply: (body) => ({ raw: JSON.stringify(body ?? {}), contentType: "text/plain" }) },
  { name: "not JSON", apply: () => ({ raw: "{ not json", contentType: "application/json" }) },
  { name: "null body", apply: () => ({ raw: "null", contentType: "application/json" }) },
  { name: "array body", apply: () => ({ raw: "[1,2,3]", contentType: "application/json" }) },
];

const BAD_IDS = [() => randomUUID(), () => "not-a-uuid", () => "%00", () => "9".repeat(40)];

function queryFor(op: Operation, r: ReturnType<typeof rng>, mutate: boolean): string {
  const params = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in !== "query" || (!p.required && r.next() < 0.5)) continue;
    const value = mutate ? r.pick(["\u0000", "-1", "2147483648", "not-a-uuid", "x".repeat(5000), "[]"]) : String(generate(p.schema, r));
    params.set(p.name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

test("fuzz: every operation of the OpenAPI document, valid and mutated requests", async ({ request }) => {
  test.setTimeout(180_000);
  const check = responseChecker(doc as never);
  const failures: string[] = [];
  const r = rng(SEED);
  const headers = { "X-API-Key": ws.apiKey };
  let requests = 0;
  const seen: Record<number, number> = {};
  const started = Date.now();
  let createdPriorAuths = 0;
  const countBefore = (await (await request.get("/api/v1/prior_auths?limit=100&view=all", { headers })).json()).data.length;

  let operation = 0;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const sessionOnly = !(op.security ?? []).some((s) => "ApiKeyAuth" in s) && (op.security ?? []).length > 0;
      const client = sessionOnly ? session : request;
      const auth: Record<string, string> = sessionOnly ? {} : { "X-API-Key": rotation[operation++ % rotation.length] };
      const bodySchema = op.requestBody?.content["application/json"]?.schema;
      for (let i = 0; i < PER_OPERATION; i++) {
        const mutateIds = i % 4 === 3;
        const url = "/api/v1" + path.replace(/\{(\w+)\}/g, (_, name: string) => (!mutateIds && ids[name] ? ids[name] : r.pick(BAD_IDS)())) + queryFor(op, r, i % 5 === 4);
        const mutation = bodySchema ? MUTATIONS[i % MUTATIONS.length] : null;
        const shaped = mutation ? mutation.apply(generate(bodySchema, r), r) : {};
        const badMethod = i === PER_OPERATION - 1;
        const verb = badMethod ? r.pick(["PUT", "TRACE", method === "delete" ? "PATCH" : "DELETE"]) : method.toUpperCase();
        const response = await client.fetch(url, {
          method: verb,
          headers: { ...auth, ...(shaped.contentType ? { "Content-Type": shaped.contentType } : {}) },
          ...(shaped.raw !== undefined ? { data: Buffer.from(shaped.raw) } : shaped.body !== undefined ? { data: shaped.body as object } : {}),
          maxRedirects: 0,
          timeout: 30_000,
        });
        requests++;
        const label = `${verb} ${url.slice(0, 120)} [${mutation?.name ?? "no body"}${badMethod ? ", bad method" : ""}] -> ${response.status()}`;
        const status = response.status();
        seen[status] = (seen[status] ?? 0) + 1;
        if (status >= 500) failures.push(`${label}: ${(await response.text()).slice(0, 200)}`);
        const type = response.headers()["content-type"] ?? "";
        if (status >= 400) {
          const body = type.includes("json") ? await response.json().catch(() => null) : null;
          if (!body || body.error !== status || typeof body.message !== "string" || Object.keys(body).length !== 2) failures.push(`${label}: error body ${JSON.stringify(body)?.slice(0, 200)}`);
          if (!badMethod && !(String(status) in op.responses)) failures.push(`${label}: ${status} is not documented for ${method.toUpperCase()} ${path}`);
        } else if (!badMethod && status < 300 && type.includes("application/json")) {
          const problems = check(method, path, status, await response.json());
          if (problems.length) failures.push(`${label}: response does not match its schema: ${problems.slice(0, 3).join("; ")}`);
        }
        if (method === "post" && path === "/prior_auths" && status === 201 && !badMethod) createdPriorAuths++;
      }
    }
  }
  // Nothing half-written: the list grew by exactly the creates that were answered 201.
  const countAfter = (await (await request.get("/api/v1/prior_auths?limit=100&view=all", { headers })).json()).data.length;
  expect(countAfter).toBe(countBefore + createdPriorAuths);
  console.log(`fuzz: ${requests} requests, seed ${SEED}, ${Date.now() - started} ms, statuses ${JSON.stringify(seen)}`);
  expect(failures).toEqual([]);
});

/** Every object and array of a value, with the path scanJson names it by (identifier keys only are generated). */
function containers(value: unknown, path = ""): { node: Record<string, unknown> | unknown[]; path: string }[] {
  if (!value || typeof value !== "object") return [];
  const here = [{ node: value as Record<string, unknown> | unknown[], path }];
  const entries = Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(value).map(([k, v]) => [path ? `.${k}` : k, v] as const);
  return here.concat(entries.flatMap(([step, v]) => containers(v, path + step)));
}

/** Puts one ill-formed string somewhere in the body: a value (its path is named in the answer) or a key. */
function plantIllFormed(body: unknown, r: ReturnType<typeof rng>): { body: unknown; path: string | null } {
  const copy = structuredClone(body ?? {});
  const target = r.pick(containers(copy));
  const bad = r.pick(ILL_FORMED);
  if (Array.isArray(target.node)) {
    target.node.push(bad);
    return { body: copy, path: `${target.path}[${target.node.length - 1}]` };
  }
  if (r.next() < 0.3) {
    target.node[`k${bad}`] = "value";
    return { body: copy, path: null };
  }
  const key = r.pick([...Object.keys(target.node), "note"]);
  target.node[key] = bad;
  return { body: copy, path: target.path ? `${target.path}.${key}` : key };
}

test("fuzz: lone surrogates on the 8 routes that answered 500 are 400 naming the field, nothing written", async ({ request }) => {
  test.setTimeout(180_000);
  const r = rng(SEED + 1);
  const PER_ROUTE = Number(process.env.PA_FUZZ_SURROGATES_PER_ROUTE ?? 12);
  const headers = { "X-API-Key": ws.apiKey };
  // A case of its own, read and settled, so that its audit trail moves only if a refused request wrote something.
  const fresh = await request.post("/api/v1/prior_auths", { headers, data: { case_id: "fuzz-surrogates", ePA: { epa_payload: { patient: { first_name: "Fuzz", last_name: "Unicode" }, medication: { drug_name: "Dupixent" } } }, synchronous_request: true } });
  expect(fresh.status(), await fresh.text()).toBe(201);
  const id = (await fresh.json()).id as string;
  // The case settles after its create answers: the engine's step (here "evaluation.skipped", no policy applies) writes
  // its event a moment later. The trail is counted once it is there, so that it is not taken for a refused request's.
  const actions = async () => ((await (await request.get(`/api/v1/prior_auths/${id}/events`, { headers })).json()).data as { action: string }[]).map((e) => e.action);
  await expect.poll(async () => (await actions()).some((a) => a.startsWith("evaluation.")), { timeout: 60_000 }).toBe(true);
  const routes: { method: "POST" | "PATCH"; path: string; session?: boolean }[] = [
    { method: "POST", path: "/prior_auths" },
    { method: "POST", path: "/prior_auths/{prior_auth_id}/review" },
    { method: "POST", path: "/prior_auths/{prior_auth_id}/documents" },
    { method: "POST", path: "/prior_auths/{prior_auth_id}/supporting_information" },
    { method: "POST", path: "/prior_auths/{prior_auth_id}/policy_check" },
    { method: "POST", path: "/policies" },
    { method: "PATCH", path: "/workspace", session: true },
  ];
  const statuses: Record<number, number> = {};
  const failures: string[] = [];
  let requests = 0;
  const countCases = async () => (await (await request.get("/api/v1/prior_auths?limit=100&view=all", { headers })).json()).data.length;
  const casesBefore = await countCases();
  const actionsBefore = await actions();

  const send = async (label: string, client: APIRequestContext, method: string, url: string, raw: string, contentType: string, path: string | null) => {
    const response = await client.fetch(url, { method, headers: { ...(client === session ? {} : headers), "Content-Type": contentType }, data: Buffer.from(raw), maxRedirects: 0, timeout: 30_000 });
    requests++;
    const status = response.status();
    statuses[status] = (statuses[status] ?? 0) + 1;
    const body = await response.json().catch(() => null);
    const ok = status === 400 && body && body.error === 400 && Object.keys(body).length === 2 && /must be well-formed Unicode text \(a lone (high|low) surrogate U\+D[89A-F][0-9A-F]{2} at character \d+\)/.test(body.message);
    if (!ok) failures.push(`${label} -> ${status}: ${JSON.stringify(body)?.slice(0, 300)}`);
    else if (path !== null && !String(body.message).includes(`${path}: `)) failures.push(`${label} -> 400 without the field ${path}: ${body.message}`);
  };

  for (const route of routes) {
    const op = doc.paths[route.path][route.method.toLowerCase()];
    const schema = op.requestBody?.content["application/json"]?.schema;
    for (let i = 0; i < PER_ROUTE; i++) {
      const planted = plantIllFormed(generate(schema, r), r);
      // JSON.stringify writes a lone surrogate as the escape "\udXXX": the bytes on the wire are ASCII, as a client sends them.
      const raw = JSON.stringify(planted.body);
      await send(`${route.method} ${route.path} #${i} (${planted.path ?? "a key"})`, route.session ? session : request, route.method, `/api/v1${route.path.replace("{prior_auth_id}", id)}`, raw, "application/json", planted.path);
    }
  }
  // The upload's JSON document (raw, FHIR JSON, or a multipart file): the document's own path is named.
  for (let i = 0; i < PER_ROUTE; i++) {
    const bad = r.pick(ILL_FORMED);
    const document = { resourceType: "Patient", name: [{ given: ["Ana"], family: bad }] };
    const type = r.pick(["application/json", "application/fhir+json"]);
    await send(`POST /documents #${i} (${type})`, request, "POST", "/api/v1/documents", JSON.stringify(document), type, "name[0].family");
  }
  const multipart = await request.post("/api/v1/documents", { headers, multipart: { file: { name: "patient.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ resourceType: "Patient", name: [{ text: "\ud800" }] })) } } });
  requests++;
  statuses[multipart.status()] = (statuses[multipart.status()] ?? 0) + 1;
  const multipartBody = await multipart.json();
  expect(multipart.status(), JSON.stringify(multipartBody)).toBe(400);
  expect(multipartBody).toEqual({ error: 400, message: expect.stringContaining("name[0].text: must be well-formed Unicode text (a lone high surrogate U+D800 at character 1)") });

  // The same bodies with well-formed pairs pass the check (a control: the check is not refusing everything).
  const emoji = await request.post("/api/v1/prior_auths", { headers, data: { case_id: "fuzz-emoji-\u{1F600}", ePA: { epa_payload: { patient: { first_name: "\u674E\u534E \u{1F600}", last_name: "Seed" } } } } });
  expect(emoji.status(), await emoji.text()).toBe(201);
  const emojiDocument = await request.post("/api/v1/documents", { headers: { ...headers, "Content-Type": "application/json" }, data: Buffer.from(JSON.stringify({ resourceType: "Patient", name: [{ text: "\u{1F600} \u0645\u062D\u0645\u062F" }] })) });
  expect(emojiDocument.status(), await emojiDocument.text()).toBe(201);

  console.log(`fuzz (lone surrogates): ${requests} requests, seed ${SEED + 1}, statuses ${JSON.stringify(statuses)}`);
  expect(failures).toEqual([]);
  // Nothing partial: only the control case was created, and the fuzzed case's trail did not grow.
  expect(await countCases()).toBe(casesBefore + 1);
  expect(await actions()).toEqual(actionsBefore);
});
