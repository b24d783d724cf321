import { readStreamCapped } from "@/lib/streams/read-stream-capped";
import { ApiError } from "./errors";

/**
 * Reads a request body without ever holding more than `maxBytes`: a too large Content-Length is refused before
 * reading, and a chunked body is cut off as soon as it passes the cap. Both are 413 with the error body.
 */
export async function readBodyCapped(req: Request, maxBytes: number, what = "The request body"): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new ApiError(413, `${what} is larger than the ${maxBytes} byte limit.`);
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  return readStreamCapped(req.body, maxBytes, tooLarge);
}
