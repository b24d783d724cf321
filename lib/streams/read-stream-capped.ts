/**
 * Reads a byte stream whole without ever holding more than `maxBytes`: past the cap the stream is cancelled and
 * `tooLarge()` is thrown (each caller names the error its own way).
 */
/** The part of a web ReadableStream used here, so DOM streams and node:stream/web streams both fit. */
interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
}

export async function readStreamCapped(body: ByteStream | null, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || !value) break;
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
