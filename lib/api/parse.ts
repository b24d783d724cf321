import type { z } from "zod";
import { ApiError, badRequest } from "./errors";
import { DEFAULT_JSON_LIMITS, rawJsonDepthExceeds, scanJson, scanSearchParams } from "@/lib/json/scan-json";
import { readBodyCapped } from "./read-body";

const MAX_JSON_BYTES = Number(process.env.PA_MAX_JSON_BYTES ?? 5 * 1024 * 1024);

/** application/json, or any `+json` type (application/fhir+json). */
export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Reads and validates a JSON body: the one place every JSON value is checked before a schema or the database sees it.
 * A body without a JSON content type is 415; malformed JSON, NUL characters or lone UTF-16 surrogates ("\ud800": text
 * that is not well-formed Unicode) in any key or value, nesting deeper than 64 or objects with more than 1000 keys are
 * 400 naming the field; a body over PA_MAX_JSON_BYTES is 413 (never read whole).
 */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S, opts: { optional?: boolean } = {}): Promise<z.infer<S>> {
  const text = new TextDecoder().decode(await readBodyCapped(req, MAX_JSON_BYTES));
  if (!text.trim()) {
    if (opts.optional) return schema.parse(undefined);
    throw badRequest("A JSON request body is required.");
  }
  if (!isJsonContentType(req.headers.get("content-type"))) {
    throw new ApiError(415, `The request body must be JSON sent as Content-Type: application/json (got ${req.headers.get("content-type") || "none"}).`);
  }
  if (rawJsonDepthExceeds(text, DEFAULT_JSON_LIMITS.maxDepth)) throw badRequest(`The request body is nested deeper than ${DEFAULT_JSON_LIMITS.maxDepth} levels.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  const problem = scanJson(value);
  if (problem) throw badRequest(`Invalid request: ${problem.path ? `${problem.path}: ` : "the body "}${problem.message}`);
  return schema.parse(value);
}

/** Query parameters through their schema (NUL characters were already refused by the wrapper). */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = new URL(req.url).searchParams;
  const problem = scanSearchParams(params);
  if (problem) throw badRequest(`Invalid query: ${problem.path}: ${problem.message}`);
  return schema.parse(Object.fromEntries(params));
}

/**
 * A multipart body, size-capped while it is read (413 past `maxBytes`, never buffered whole first), its text fields
 * checked for NUL characters like JSON values.
 */
export async function parseMultipartCapped(req: Request, maxBytes: number, what = "The upload"): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  const raw = await readBodyCapped(req, maxBytes, what);
  const form = await new Response(raw, { headers: { "content-type": contentType } }).formData().catch(() => {
    throw badRequest("The multipart body could not be read.");
  });
  for (const [name, value] of form) {
    if (name.includes("\0")) throw badRequest("Invalid request: a form field name has a NUL character.");
    if (typeof value === "string" && value.includes("\0")) throw badRequest(`Invalid request: ${name}: must not contain NUL characters`);
  }
  return form;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value);
}
