import { json } from "./responses";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";

/**
 * The answer of a state-changing action on a case under its `Idempotency-Key`, as create has it: the same key, route
 * and body replay the first answer (with `Idempotent-Replayed: true`); the same key with another body is 409.
 */
export async function idempotentJson(
  opts: { req: Request; workspaceId: string; body: unknown },
  work: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const scope = `${opts.req.method} ${new URL(opts.req.url).pathname}`;
  const result = await withIdempotency({ workspaceId: opts.workspaceId, key: opts.req.headers.get("idempotency-key"), body: opts.body, scope }, work);
  return json(result.body, { status: result.status, headers: result.replayed ? { "Idempotent-Replayed": "true" } : {} });
}
