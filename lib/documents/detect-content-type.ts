// What a fetched document really is, from its bytes first and its Content-Type header second: servers often send
// PDFs as application/octet-stream and error pages as text/plain. Only PDF, PNG / JPEG / TIFF images (read by text
// recognition: scans and faxes), plain UTF-8 text and JSON get through.
import { findIllFormedString } from "@/lib/json/scan-json";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import type { DocumentKind } from "./read-document-content";

export type DocumentContentType = "application/pdf" | "text/plain" | "application/json" | ImageContentType;
export type ImageContentType = "image/png" | "image/jpeg" | "image/tiff";

export interface DetectedContent {
  kind: DocumentKind;
  contentType: DocumentContentType;
  /** The FHIR resource type when the JSON is a FHIR resource ("Bundle", "Patient" ...). */
  fhirResourceType?: string;
}

const WHAT_TO_SEND = "send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.";

// Images that text recognition reads, by signature.
const IMAGES: { bytes: number[]; type: ImageContentType }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: "image/png" },
  { bytes: [0xff, 0xd8, 0xff], type: "image/jpeg" },
  { bytes: [0x49, 0x49, 0x2a, 0x00], type: "image/tiff" },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], type: "image/tiff" },
];
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/pjpeg", "image/tiff", "image/tif", "image/x-tiff"]);

// Signatures of formats people send by mistake, with the type named when the server did not say.
const MAGIC: { bytes: number[]; offset?: number; what: string; type: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: "a PNG image", type: "image/png" },
  { bytes: [0xff, 0xd8, 0xff], what: "a JPEG image", type: "image/jpeg" },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: "a GIF image", type: "image/gif" },
  { bytes: [0x49, 0x49, 0x2a, 0x00], what: "a TIFF image", type: "image/tiff" },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], what: "a TIFF image", type: "image/tiff" },
  { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, what: "a WebP image", type: "image/webp" },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: "a ZIP archive (or a Word/Excel file)", type: "application/zip" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive", type: "application/gzip" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: "an old-style Microsoft Office file", type: "application/msword" },
  { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], what: "an RTF document", type: "application/rtf" },
];

const REFUSED_TYPES: Record<string, string> = {
  "text/html": "HTML",
  "application/xhtml+xml": "HTML",
  "application/xml": "XML",
  "text/xml": "XML",
  "application/fhir+xml": "FHIR XML",
  "application/zip": "a ZIP archive",
  "application/gzip": "a gzip archive",
  "application/msword": "a Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "a Word document",
  "application/rtf": "an RTF document",
  "text/rtf": "an RTF document",
};

const REFUSED_FAMILIES: Record<string, string> = { image: "an image", audio: "audio", video: "a video", font: "a font" };

// Types that say nothing about the content: the bytes decide.
const UNTYPED = new Set(["", "application/octet-stream", "binary/octet-stream", "application/unknown", "application/x-download"]);

function refuse(what: string, declared: string, sniffedType: string): never {
  const shown = !declared || UNTYPED.has(declared) || declared === sniffedType ? sniffedType : `served as ${declared}`;
  throw new DocumentFetchError("unsupported_content_type", `The document is ${what} (${shown}); ${WHAT_TO_SEND}`);
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  // The PDF header may follow some junk, within the first 1024 bytes (readers accept it there).
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.includes("%PDF-", 0, "latin1");
}

/** The first few hundred characters, without a byte-order mark and leading white space, in lower case. */
function leadingText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, "").trimStart().toLowerCase();
}

function looksLikeHtml(lead: string): boolean {
  return /^(<!--[\s\S]*?-->\s*)*<(!doctype html|html|head|body|script)[\s>/]/.test(lead);
}

function decodeUtf8Text(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Binary data can be valid UTF-8 by accident; real text has no NULs and hardly any other control characters.
  const sample = text.slice(0, 8192);
  const controls = sample.match(/[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g)?.length ?? 0;
  if (sample.includes("\u0000") || controls > sample.length / 100) return null;
  return text;
}

function asJson(text: string): DetectedContent {
  const value: unknown = JSON.parse(text);
  // "\ud800" parses to half a surrogate pair, which the database's jsonb refuses: said now, naming where it is.
  const illFormed = findIllFormedString(value);
  if (illFormed) throw new Error(`${illFormed.path || "the value"}: ${illFormed.message}`);
  const resourceType = (value as { resourceType?: unknown } | null)?.resourceType;
  return {
    kind: "json",
    contentType: "application/json",
    ...(typeof resourceType === "string" ? { fhirResourceType: resourceType } : {}),
  };
}

/**
 * Decides whether `bytes` (served with Content-Type `declaredType`) is a PDF, plain text or JSON document, and throws
 * a DocumentFetchError ("unsupported_content_type" or "invalid_content") with a message for the user otherwise.
 */
export function detectContentType(bytes: Uint8Array, declaredType: string | null | undefined): DetectedContent {
  const declared = (declaredType ?? "").split(";")[0].trim().toLowerCase();
  const charset = /;\s*charset="?([^";\s]+)/i.exec(declaredType ?? "")?.[1]?.toLowerCase();

  if (bytes.byteLength === 0) throw new DocumentFetchError("invalid_content", "The document is empty.");
  if (hasPdfHeader(bytes)) return { kind: "pdf", contentType: "application/pdf" };

  for (const image of IMAGES) if (startsWith(bytes, image.bytes)) return { kind: "image", contentType: image.type };
  for (const magic of MAGIC) if (startsWith(bytes, magic.bytes, magic.offset)) refuse(magic.what, declared, magic.type);
  if (IMAGE_TYPES.has(declared)) {
    throw new DocumentFetchError("invalid_content", `The document is declared as an image (${declared}) but is not a PNG, JPEG or TIFF file.`);
  }
  if (REFUSED_TYPES[declared]) refuse(REFUSED_TYPES[declared], declared, declared);
  const family = REFUSED_FAMILIES[declared.split("/")[0]];
  if (family) refuse(family, declared, declared);
  if (declared === "application/pdf" || declared === "application/x-pdf") {
    throw new DocumentFetchError("invalid_content", `The document is declared as a PDF (${declared}) but is not a PDF file.`);
  }

  const lead = leadingText(bytes);
  if (looksLikeHtml(lead)) refuse("HTML", declared, "text/html");
  if (lead.startsWith("<?xml")) refuse("XML", declared, "application/xml");

  const text = decodeUtf8Text(bytes);
  const declaredJson = declared === "application/json" || declared === "text/json" || declared.endsWith("+json");
  if (declaredJson) {
    if (text === null) throw new DocumentFetchError("invalid_content", `The document is declared as JSON (${declared}) but is not UTF-8 text.`);
    try {
      return asJson(text);
    } catch (error) {
      const reason = error instanceof Error ? `: ${error.message}` : "";
      throw new DocumentFetchError("invalid_content", `The document is declared as JSON (${declared}) but could not be parsed${reason}.`);
    }
  }

  if (text === null) {
    if (declared.startsWith("text/")) {
      const encoding = charset && charset !== "utf-8" && charset !== "utf8" ? ` (it is declared as ${charset})` : "";
      throw new DocumentFetchError("invalid_content", `The document is not UTF-8 text${encoding}; ${WHAT_TO_SEND}`);
    }
    refuse("not a PDF, an image, plain text or JSON", declared, declared || "unknown type");
  }
  // Declared text is text; only an untyped body is sniffed for JSON.
  if (!declared.startsWith("text/") && /^[{[]/.test(lead)) {
    try {
      return asJson(text);
    } catch {
      // Text that merely starts with a bracket.
    }
  }
  return { kind: "text", contentType: "text/plain" };
}
