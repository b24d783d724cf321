// The OpenAPI 3.1 document, generated from the registry's zod schemas with zod's own JSON Schema output (draft
// 2020-12, the dialect of OpenAPI 3.1). Request bodies use the schemas' input side, responses their output side.
import { z } from "zod";
import { COMPONENTS, OPERATIONS, WEBHOOK_EVENTS, type Access, type OperationSpec, type ResponseSpec } from "./registry";

type Json = Record<string, unknown>;

const ERROR_RESPONSES: Record<number, [string, string]> = {
  400: ["BadRequest", "The request is invalid: the message names each failing field (also: NUL characters or lone UTF-16 surrogates anywhere, JSON nested deeper than 64 or objects with more than 1000 keys, query values out of range)."],
  401: ["Unauthorized", "The API key (or session) is missing, invalid, revoked or expired; an X-API-Key value that is no key at all is told why."],
  403: ["Forbidden", "The caller's role may not do this, or a signed-in (cookie) change came from another origin or without a JSON body."],
  404: ["NotFound", "No such resource in the caller's workspace."],
  409: ["Conflict", "The resource's state does not allow this, or an Idempotency-Key was reused with another body."],
  413: ["PayloadTooLarge", "The request body is larger than the limit."],
  415: ["UnsupportedMediaType", "A JSON body was sent without Content-Type: application/json (or a +json type)."],
  422: ["UnprocessableEntity", "The request is well-formed but cannot be carried out (e.g. no policy applies)."],
  429: ["TooManyRequests", "Over the per-key rate limit (PA_RATE_LIMIT_PER_MINUTE); retry after Retry-After seconds."],
  500: ["InternalError", "An unexpected error; the message carries the request id to quote."],
  503: ["ServiceUnavailable", "The database is unavailable or restarting; retry after Retry-After seconds."],
};

/** Every operation can meet these: auth failures, rate limits (API keys), and server-side trouble. */
function defaultErrors(access: Access): number[] {
  if (access === "public") return [500];
  return access === "workspace" ? [401, 429, 500, 503] : [401, 500, 503];
}

/** What the wrapper and the body parser answer for any operation of this shape (lib/api/with-workspace.ts, parse.ts). */
function shapeErrors(op: OperationSpec): number[] {
  const out: number[] = [];
  if (op.access === "public") return out;
  out.push(400); // query values (NUL, ranges), X-File-Name, path ids
  if (op.method !== "get") out.push(403); // cross-site refusal of signed-in changes
  if (op.params && Object.keys(op.params).length) out.push(404);
  if (op.body) out.push(413, ...(!op.body.content || "application/json" in op.body.content ? [415] : []));
  return out;
}

const SECURITY: Record<Access, Json[]> = {
  workspace: [{ ApiKeyAuth: [] }, { PortalSession: [] }],
  admin_session: [{ PortalSession: [] }],
  session: [{ PortalSession: [] }],
  public: [],
};

const NAMES = new Map<z.ZodType, string>(Object.entries(COMPONENTS).map(([name, { schema }]) => [schema, name]));

export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  delete json.$schema;
  return json;
}

function schemaRef(schema: z.ZodType, io: "input" | "output"): Json {
  const name = NAMES.get(schema);
  return name && COMPONENTS[name].io === io ? { $ref: `#/components/schemas/${name}` } : toJsonSchema(schema, io);
}

function mediaSchema(value: z.ZodType | "binary" | "text", io: "input" | "output"): Json {
  if (value === "binary") return { type: "string", contentMediaType: "application/octet-stream" };
  if (value === "text") return { type: "string" };
  return schemaRef(value, io);
}

function responseObject(spec: ResponseSpec): Json {
  const content = spec.content
    ? Object.fromEntries(Object.entries(spec.content).map(([type, value]) => [type, { schema: mediaSchema(value, "output") }]))
    : spec.schema
      ? { "application/json": { schema: schemaRef(spec.schema, "output") } }
      : undefined;
  return {
    description: spec.description,
    headers: {
      "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
      ...(spec.headers ? Object.fromEntries(Object.entries(spec.headers).map(([name, h]) => [name, { description: h.description, schema: h.schema }])) : {}),
    },
    ...(content ? { content } : {}),
  };
}

function parameters(op: OperationSpec): Json[] {
  const out: Json[] = [];
  for (const [name, schema] of Object.entries(op.params ?? {})) out.push({ name, in: "path", required: true, schema: toJsonSchema(schema, "input") });
  if (op.query) {
    const query = toJsonSchema(op.query, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      out.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
  }
  for (const [name, header] of Object.entries(op.headers ?? {})) out.push({ name, in: "header", required: false, description: header.description, schema: toJsonSchema(header.schema, "input") });
  return out;
}

function operationObject(op: OperationSpec): Json {
  const responses: Json = {};
  for (const [status, spec] of Object.entries(op.responses)) responses[status] = responseObject(spec);
  for (const status of [...new Set([...(op.errors ?? []), ...shapeErrors(op), ...defaultErrors(op.access)])].sort()) {
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` };
  }
  const body = op.body
    ? {
        requestBody: {
          required: op.body.required ?? true,
          ...(op.body.description ? { description: op.body.description } : {}),
          content: op.body.content
            ? Object.fromEntries(Object.entries(op.body.content).map(([type, value]) => [type, { schema: mediaSchema(value, "input") }]))
            : { "application/json": { schema: schemaRef(op.body.schema, "input") } },
        },
      }
    : {};
  const params = parameters(op);
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: SECURITY[op.access],
    ...(params.length ? { parameters: params } : {}),
    ...body,
    responses,
  };
}

export function buildOpenApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);

  const schemas = Object.fromEntries(Object.entries(COMPONENTS).map(([name, { schema, io }]) => [name, toJsonSchema(schema, io)]));
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, [name, description]]) => [
      name,
      {
        description,
        headers: {
          "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
          ...(status === "429" || status === "503" ? { "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } } } : {}),
        },
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { error: Number(status), message: description } } },
      },
    ]),
  );

  const webhooks = Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event.type,
      {
        post: {
          operationId: `webhook_${event.type.replace(".", "_")}`,
          summary: event.summary,
          description: `Sent to endpoints subscribed to \`${event.type}\`. Verify \`webhook-signature\` (v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body"> keyed with the secret's base64 part) and de-duplicate on \`webhook-id\`. Answer 2xx within 10 s; anything else is retried with growing waits.`,
          parameters: [
            { name: "webhook-id", in: "header", required: true, schema: { type: "string" }, description: "The event id; the same in every retry and resend." },
            { name: "webhook-timestamp", in: "header", required: true, schema: { type: "string" }, description: "Seconds since the epoch when this attempt was signed." },
            { name: "webhook-signature", in: "header", required: true, schema: { type: "string" }, description: "v1,<base64 signature>" },
          ],
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/WebhookEvent" } } } },
          responses: { "200": { description: "Received." } },
        },
      },
    ]),
  );

  return {
    openapi: "3.1.0",
    info: {
      title: "Prior Authorization Service API",
      version: "1.0.0",
      description:
        "Create prior authorizations from documents or ePA payloads, read the intake as FHIR R4, run policy checks and determinations, attach claims evidence, and record reviewers' decisions. Errors are `{\"error\": <HTTP status>, \"message\": \"...\"}`; every response carries `X-Request-Id`. API keys are limited to PA_RATE_LIMIT_PER_MINUTE requests a minute (default 600): over it, 429 with Retry-After. Headers over 16 KB in all are 431, and a request that is not valid HTTP 400, with the same error body.",
    },
    servers: [{ url: "/api/v1", description: "This server" }],
    security: [{ ApiKeyAuth: [] }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: "apiKey", in: "header", name: "X-API-Key", description: "The workspace's API key (Settings > API keys)." },
        PortalSession: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The portal's session (the portal's own calls)." },
      },
      headers: { "X-Request-Id": { description: "The request's id, also in the server log; quote it when reporting a problem.", schema: { type: "string" } } },
      schemas,
      responses,
    },
  };
}

let cached: Json | null = null;

/** Built once per process: the schemas do not change while it runs. */
export function getOpenApiDocument(): Json {
  cached ??= buildOpenApiDocument();
  return cached;
}
