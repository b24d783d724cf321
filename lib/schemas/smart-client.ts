import { z } from "zod";

/** A public JSON Web Key as a client registers it; which keys are usable is checked by lib/smart/client-keys.ts. */
const ZJwk = z.looseObject({ kty: z.string({ error: "is required" }), kid: z.string().max(200).optional(), alg: z.string().max(20).optional() });

export const ZJwks = z.strictObject({ keys: z.array(ZJwk).min(1, "must hold at least one key").max(10, "at most 10 keys") });
export type TJwks = z.infer<typeof ZJwks>;

/** A SMART system scope (v1 read/write/*, or v2 permissions in cruds order) on a resource /fhir acts on, or on all (*). */
const REGISTRABLE_SCOPE = /^system\/(Claim|ClaimResponse|Subscription|\*)\.(read|write|\*|(?=[cruds])c?r?u?d?s?)$/;

/** The SMART system scopes a client may be granted. */
const ZSmartScopes = z
  .array(
    z.string().trim().regex(REGISTRABLE_SCOPE, "must be a SMART system scope on Claim, ClaimResponse, Subscription or * (system/Claim.write, system/ClaimResponse.read, system/Subscription.cud, system/*.*)"),
  )
  .min(1, "must name at least one scope")
  .max(20, "at most 20 scopes");

export const ZCreateSmartClientRequest = z
  .strictObject({
    name: z.string({ error: "is required" }).trim().min(1, "is required").max(100),
    jwks_url: z.string().trim().min(1).max(2048, "is too long").optional().describe("Where the client publishes its public keys (a JWKS), fetched at each token request under the service's outbound-URL rules."),
    jwks: ZJwks.optional().describe("The client's public keys (a JWKS: RSA keys for RS384, P-384 EC keys for ES384), instead of jwks_url."),
    scopes: ZSmartScopes.optional().describe("The SMART system scopes its tokens may be granted (system/Claim.write, system/ClaimResponse.read, system/Subscription.write, system/*.*; v2 forms such as system/Claim.c too). Default: system/*.*."),
  })
  .refine((body) => (body.jwks_url === undefined) !== (body.jwks === undefined), { message: "give jwks_url or jwks, exactly one", path: ["jwks"] });
export type TCreateSmartClientRequest = z.infer<typeof ZCreateSmartClientRequest>;

export const ZSmartClientId = z.uuid({ error: "smart_client_id must be a UUID" });

export const ZSmartClient = z.object({
  id: z.uuid(),
  /** The OAuth client_id: the iss and sub of the client's assertions. */
  client_id: z.string().describe("The OAuth client_id: the iss and sub of the client's signed assertions."),
  name: z.string(),
  jwks_url: z.string().nullable(),
  jwks: ZJwks.nullable(),
  scopes: z.array(z.string()).describe("The SMART system scopes its tokens may be granted; a token gets the ones it asks for of these."),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe("When the client last got a token; null: never."),
  revoked_at: z.string().nullable(),
  status: z.enum(["active", "revoked"]),
  token_url: z.string().describe("Where the client gets tokens (the aud of its assertions)."),
});

export const ZSmartClientList = z.object({ data: z.array(ZSmartClient) });
