// The one wrapper of every /api/v1 and /fhir route: authenticates (X-API-Key, a SMART client's bearer token on /fhir,
// or the portal's session), resolves the workspace,
// checks the role, and turns every error into the spec's error body. Handlers never build errors themselves.
import { randomUUID } from "node:crypto";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";
import { resolveAccount, resolveMembership, type PortalSession } from "@/lib/auth/portal-session";
import { apiKeyShapeProblem, hashApiKey } from "@/lib/auth/api-keys";
import { verifyApiKey } from "@/lib/api-keys/verify-api-key";
import { accessTokenShapeProblem, findLiveAccessToken } from "@/lib/smart/access-tokens";
import { scopeName, scopePermits, type ScopeNeed } from "@/lib/smart/smart-scopes";
import { logger } from "@/lib/log";
import { checkRateLimit, shouldLogRefusal, type RateLimitResult } from "@/lib/rate-limits/check-rate-limit";
import { ApiError, badRequest, errorToStatus, forbidden, unauthorized } from "./errors";
import { crossSiteRefusal } from "./guards/check-origin";
import { scanSearchParams } from "@/lib/json/scan-json";
import { errorResponse, operationOutcomeResponse } from "./responses";

import type { Actor, Role } from "@/lib/audit/actor";

export interface WorkspaceContext<P> {
  req: Request;
  params: P;
  workspace: { id: string; name: string; requireClinicianForAdverse: boolean; slaHoursExpedited: number; slaHoursStandard: number };
  actor: Actor;
  requestId: string;
}

interface Options {
  /** Who may call: API keys, SMART clients' bearer tokens (/fhir) and/or portal sessions. Default: keys and sessions. */
  allow?: ("api_key" | "bearer" | "session")[];
  /** Portal users need this role (keys and clients act as systems and pass role checks only when they are allowed). */
  role?: Role;
  /** Signed-in (cookie) mutations may send multipart bodies: upload routes. Default: true (JSON always allowed). */
  multipart?: boolean;
  /** The body of error answers: the spec's `{"error", "message"}` (default), or a FHIR OperationOutcome (/fhir). */
  errorBody?: "spec" | "fhir";
  /** The SMART scope a bearer token needs here (by the route's params when one route serves several operations). */
  scope?: ScopeNeed | ((params: Record<string, string>) => ScopeNeed | null);
}

/** Who called: the workspace, the actor, its rate-limit count, and a bearer token's granted scope (keys and sessions have none). */
type Authenticated = { workspace: WorkspaceContext<unknown>["workspace"]; actor: Actor; rate: RateLimitResult | null; scope?: string };

type RouteContext = { params: Promise<Record<string, string>> };

const INVALID_KEY = "The API key is not valid (unknown, revoked or expired).";

/** Checks that hold for every request before authentication: query strings and headers the handlers read. */
function checkRequestShape(req: Request) {
  const problem = scanSearchParams(new URL(req.url).searchParams);
  if (problem) throw badRequest(`Invalid query: ${problem.path}: ${problem.message}`);
  const fileName = req.headers.get("x-file-name");
  if (fileName !== null) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(fileName);
    } catch {
      throw badRequest("Invalid X-File-Name header: it must be a percent-encoded (encodeURIComponent) file name.");
    }
    if (decoded.includes("\0")) throw badRequest("Invalid X-File-Name header: it must not contain NUL characters.");
  }
}

/** The portal's own origins besides the request's: NEXTAUTH_URL when the app is served behind a proxy. */
/**
 * The origin the browser addressed: its Host header (a cross-site page cannot change it), with the scheme the proxy
 * reports. The framework's req.url may name another host for the same server (localhost for 127.0.0.1).
 */
function requestOrigin(req: Request): string {
  const url = new URL(req.url);
  const host = req.headers.get("host");
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0].trim() || url.protocol.replace(/:$/, "");
  return host ? `${proto}://${host}` : url.origin;
}

function portalOrigins(): string[] {
  return [process.env.NEXTAUTH_URL, process.env.PA_PUBLIC_URL].filter((v): v is string => Boolean(v));
}

/**
 * The X-API-Key's key, workspace and rate-limit count in one round trip (verifyApiKey). API keys act as systems: they
 * pass role checks, so counting the request before the role check changes nothing.
 */
async function authenticateApiKey(req: Request) {
  const key = req.headers.get("x-api-key")?.trim();
  if (!key) return null;
  const malformed = apiKeyShapeProblem(key);
  if (malformed) throw unauthorized(`The X-API-Key header does not hold an API key: ${malformed}.`);
  const verified = await verifyApiKey(hashApiKey(key));
  // One answer for unknown, revoked and expired keys: a caller learns nothing about which keys once existed.
  if (!verified) throw unauthorized(INVALID_KEY);
  const actor: Actor = { type: "api_key", id: verified.key.id, label: `API key "${verified.key.name}"`, role: "system" };
  return { workspace: verified.workspace, actor, rate: verified.rate };
}

/** A SMART backend client's token (POST /oauth/token): `Authorization: Bearer <token>`, for its workspace only. */
async function authenticateBearer(req: Request) {
  const header = req.headers.get("authorization")?.trim();
  if (!header) return null;
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw unauthorized("The Authorization header must be `Bearer <access token>` (get one at /oauth/token).", BEARER_CHALLENGE);
  const found = accessTokenShapeProblem(token) ? null : await findLiveAccessToken(token, new Date());
  // One answer for unknown, expired and revoked tokens, as for keys.
  if (!found) throw unauthorized("The access token is not valid (unknown, expired or revoked); get a new one at /oauth/token.", BEARER_CHALLENGE);
  const actor: Actor = { type: "smart_client", id: found.client.id, label: `SMART client "${found.client.name}"`, role: "system" };
  // Clients act as systems (they pass role checks), so counting before the role check changes nothing, as for keys.
  return { workspace: found.workspace, actor, rate: await checkRateLimit(`smart_client:${found.client.id}`), scope: found.scope };
}

const BEARER_CHALLENGE = { "WWW-Authenticate": 'Bearer realm="fhir"' };

async function authenticateSession() {
  // Re-checked on every request: the membership must still exist, be active and accepted, and neither it nor the
  // account may have ended its sessions since this one was issued (lib/auth/portal-session.ts).
  const membership = await resolveMembership((await getServerSession(authOptions)) as PortalSession | null);
  if (!membership) return null;
  const actor: Actor = { type: "user", id: membership.userId, label: membership.user.email, role: membership.role as Role };
  return { workspace: membership.workspace, actor, rate: null };
}

/** A bearer token acts only within its granted scopes (a route taking tokens names its need); keys and sessions are not scoped. */
function refuseOutOfScope(granted: string, need: ScopeNeed | null | undefined) {
  if (need === undefined) throw forbidden("This route takes no SMART access token.");
  if (need && !scopePermits(granted, need)) {
    throw forbidden(`The access token's scope (${granted}) does not include ${scopeName(need)}, which this request needs: ask for it at /oauth/token (the client must be allowed it).`);
  }
}

/** The 401 of a request without credentials: what the route takes. */
function missingCredentials(allow: NonNullable<Options["allow"]>): ApiError {
  if (allow.includes("api_key") && allow.includes("bearer")) {
    return unauthorized("Credentials are required: a workspace API key in the X-API-Key header, or a SMART access token (Authorization: Bearer, from /oauth/token).", BEARER_CHALLENGE);
  }
  if (allow.includes("api_key")) return unauthorized("A valid API key is required in the X-API-Key header.");
  if (allow.includes("bearer")) return unauthorized("A SMART access token is required (Authorization: Bearer, from /oauth/token).", BEARER_CHALLENGE);
  return unauthorized("Sign in to continue.");
}

/** The client's request id (at most 64 characters), or a new one: it names the request in answers and logs. */
const requestIdOf = (req: Request) => req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();

/** A session cookie rides along on cross-site requests: mutations must prove they come from the portal. */
function refuseCrossSite(req: Request, allowMultipart: boolean) {
  const refusal = crossSiteRefusal({ method: req.method, requestOrigin: requestOrigin(req), allowedOrigins: portalOrigins(), headers: req.headers, allowMultipart });
  if (refusal) throw forbidden(refusal);
}

/** Any error as the spec's error body through the one table; what is unexpected is logged, never shown. */
function errorAnswer(req: Request, requestId: string, error: unknown, body: Options["errorBody"] = "spec"): Response {
  const mapped = errorToStatus(error);
  if (mapped.log) logger.error("request failed", { requestId, method: req.method, url: req.url, error });
  const message = mapped.status === 500 ? `${mapped.message} (request id ${requestId})` : mapped.message;
  return body === "fhir" ? operationOutcomeResponse(mapped.status, message, mapped.headers) : errorResponse(mapped.status, message, mapped.headers);
}

export function withWorkspace<P = Record<string, string>>(
  handler: (ctx: WorkspaceContext<P>) => Promise<Response>,
  options: Options = {},
) {
  const allow = options.allow ?? ["api_key", "session"];
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(req);
    const started = Date.now();
    let response: Response;
    let rate: RateLimitResult | null = null;
    try {
      checkRequestShape(req);
      const auth: Authenticated | null =
        (allow.includes("api_key") ? await authenticateApiKey(req) : null) ??
        (allow.includes("bearer") ? await authenticateBearer(req) : null) ??
        (allow.includes("session") ? await authenticateSession() : null);
      if (!auth) throw missingCredentials(allow);
      if (auth.actor.type === "user") refuseCrossSite(req, options.multipart ?? true);
      const allowedSystem = (auth.actor.type === "api_key" && allow.includes("api_key")) || (auth.actor.type === "smart_client" && allow.includes("bearer"));
      if (options.role && auth.actor.role !== options.role && !allowedSystem) {
        throw forbidden(`This action needs the ${options.role} role.`);
      }
      rate = auth.rate;
      if (rate && !rate.allowed) {
        const key = `${auth.actor.type}:${auth.actor.id}`;
        const who = auth.actor.type === "smart_client" ? "client" : "API key";
        if (shouldLogRefusal(key)) logger.warn("rate limited", { requestId, [auth.actor.type === "smart_client" ? "smartClientId" : "apiKeyId"]: auth.actor.id, limit: rate.limit });
        throw new ApiError(429, `Too many requests: the limit is ${rate.limit} per minute for this ${who}. Retry after ${rate.retryAfterSeconds} s.`, {
          "Retry-After": String(rate.retryAfterSeconds),
        });
      }
      const params = (await context.params) as P;
      if (auth.scope !== undefined) {
        refuseOutOfScope(auth.scope, typeof options.scope === "function" ? options.scope(params as Record<string, string>) : options.scope);
      }
      response = await handler({ req, params, workspace: auth.workspace, actor: auth.actor, requestId });
    } catch (error) {
      response = errorAnswer(req, requestId, error, options.errorBody);
    }
    response.headers.set("X-Request-Id", requestId);
    if (rate) {
      response.headers.set("X-RateLimit-Limit", String(rate.limit));
      response.headers.set("X-RateLimit-Remaining", String(rate.remaining));
    }
    logger.info("request", { requestId, method: req.method, path: new URL(req.url).pathname, status: response.status, ms: Date.now() - started });
    return response;
  };
}

export interface AccountContext<P> {
  req: Request;
  params: P;
  /** The signed-in person, whether or not the session is bound to a workspace yet; null on public routes. */
  account: { userId: string; email: string; name: string | null; session: PortalSession } | null;
  /** The workspace the session acts in, when it is bound to a valid membership. */
  workspaceId: string | null;
  requestId: string;
}

/**
 * The wrapper of the /api/v1/account routes: a person's own account, not a workspace's data. "session" routes need a
 * valid portal session (bound to a workspace or not; the same cross-site refusal of cookie mutations); "public" ones
 * (a one-time link's token is the credential) need none. Errors are mapped as withWorkspace maps them.
 */
export function withAccount<P = Record<string, string>>(handler: (ctx: AccountContext<P>) => Promise<Response>, options: { access: "session" | "public" }) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(req);
    let response: Response;
    try {
      checkRequestShape(req);
      let account: AccountContext<P>["account"] = null;
      let workspaceId: string | null = null;
      if (options.access === "session") {
        const session = (await getServerSession(authOptions)) as PortalSession | null;
        const user = await resolveAccount(session);
        if (!user || !session) throw unauthorized("Sign in to continue.");
        refuseCrossSite(req, false);
        account = { userId: user.id, email: user.email, name: user.name, session };
        workspaceId = (await resolveMembership(session))?.workspaceId ?? null;
      }
      response = await handler({ req, params: (await context.params) as P, account, workspaceId, requestId });
    } catch (error) {
      response = errorAnswer(req, requestId, error);
    }
    response.headers.set("X-Request-Id", requestId);
    return response;
  };
}

