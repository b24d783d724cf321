import { DocumentTooLarge } from "@/lib/errors/domain-errors";
import { badRequest } from "./errors";
import { readBodyCapped } from "./read-body";

/** Reads an upload (multipart `file`, or the raw body with its Content-Type and X-File-Name) within `maxBytes`. */
export async function readUpload(req: Request, maxBytes: number): Promise<{ bytes: Uint8Array; declaredType: string; fileName: string | null }> {
  const declaredLength = Number(req.headers.get("content-length") ?? 0);
  // The multipart envelope may add up to 64 KB around the file.
  if (declaredLength > maxBytes + 64 * 1024) throw new DocumentTooLarge(maxBytes);
  const contentType = req.headers.get("content-type") ?? "";
  // Read within the cap first (a chunked body has no Content-Length to check), then parse.
  const raw = await readBodyCapped(req, maxBytes + 64 * 1024, "The document");
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Response(raw, { headers: { "content-type": contentType } }).formData().catch(() => {
      throw badRequest("The multipart body could not be read.");
    });
    const file = form.get("file");
    if (!(file instanceof File)) throw badRequest("The multipart body needs a `file` field.");
    return { bytes: new Uint8Array(await file.arrayBuffer()), declaredType: file.type, fileName: file.name || null };
  }
  const fileName = req.headers.get("x-file-name");
  return { bytes: raw, declaredType: contentType, fileName: fileName ? decodeURIComponent(fileName).slice(0, 200) : null };
}
