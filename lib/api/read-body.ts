import { ApiError } from "./errors";

/**
 * Reads a request body without ever holding more than `maxBytes`: a too large Content-Length is refused before
 * reading, and a chunked body is cut off as soon as it passes the cap. Both are 413 with the error body.
 */
export async function readBodyCapped(req: Request, maxBytes: number, what = "The request body"): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new ApiError(413, `${what} is larger than the ${maxBytes} byte limit.`);
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
