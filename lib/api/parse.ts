import type { z } from "zod";
import { badRequest } from "./errors";
import { readBodyCapped } from "./read-body";

const MAX_JSON_BYTES = Number(process.env.PA_MAX_JSON_BYTES ?? 5 * 1024 * 1024);

/** Reads and validates a JSON body. Malformed JSON is 400; a body over PA_MAX_JSON_BYTES is 413 (never read whole). */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S, opts: { optional?: boolean } = {}): Promise<z.infer<S>> {
  const text = new TextDecoder().decode(await readBodyCapped(req, MAX_JSON_BYTES));
  if (!text.trim()) {
    if (opts.optional) return schema.parse(undefined);
    throw badRequest("A JSON request body is required.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  return schema.parse(value);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value);
}
