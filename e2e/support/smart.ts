// SMART backend services for tests: a client's key pair made in the test, its registration through the admin API,
// signed assertions (with any claim overridden to test refusals) and the token request, as a PAS client sends them.
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from "jose";

export const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

export interface ClientKey {
  alg: "RS384" | "ES384";
  kid: string;
  privateKey: KeyLike;
  publicJwk: JWK;
}

export async function makeClientKey(alg: "RS384" | "ES384"): Promise<ClientKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg);
  const kid = `${alg.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  return { alg, kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: "sig" } };
}

/** Registers a client (as a signed-in admin) and returns what the server answered: client_id and token_url. */
export async function registerSmartClient(admin: APIRequestContext, body: { name: string; jwks?: { keys: JWK[] }; jwks_url?: string }) {
  const response = await admin.post("/api/v1/smart_clients", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { client_id: string; token_url: string; status: string };
}

/** An assertion as SMART asks for it: iss = sub = client_id, aud = the token URL, exp 4 minutes ahead, a fresh jti. */
export async function signAssertion(key: ClientKey, client: { client_id: string; token_url: string }, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: client.client_id, sub: client.client_id, aud: client.token_url, exp: now + 240, jti: randomUUID(), ...overrides };
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" }).sign(key.privateKey);
}

export function requestToken(request: APIRequestContext, assertion: string, extra: Record<string, string> = {}) {
  return request.post("/oauth/token", {
    form: { grant_type: "client_credentials", client_assertion_type: ASSERTION_TYPE, client_assertion: assertion, ...extra },
  });
}

/** A live access token for the client (the request must succeed). */
export async function accessToken(request: APIRequestContext, key: ClientKey, client: { client_id: string; token_url: string }): Promise<string> {
  const response = await requestToken(request, await signAssertion(key, client));
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).access_token;
}
