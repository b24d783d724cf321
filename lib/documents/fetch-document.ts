import { createHash } from "node:crypto";
import { parseAllowList, type AllowList } from "@/lib/net/address-policy";
import { safeFetch, type Resolver } from "@/lib/net/safe-fetch";
import { detectContentType, type DocumentContentType } from "./detect-content-type";
import type { DocumentKind } from "./read-document-content";

export interface FetchDocumentConfig {
  /** PA_FETCH_MAX_BYTES, default 25 MB. */
  maxBytes: number;
  /** PA_FETCH_TIMEOUT_MS, default 20 s for the whole download, redirects included. */
  timeoutMs: number;
  /** PA_FETCH_ALLOW_HOSTS: internal hosts or addresses that may be fetched from. */
  allowList: AllowList;
  /** Tests only: resolve host names without real DNS. */
  resolve?: Resolver;
}

export interface FetchedDocument {
  bytes: Uint8Array;
  contentType: DocumentContentType;
  kind: DocumentKind;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  size: number;
  finalUrl: string;
}

export const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 20_000;

const ACCEPT = "application/pdf, application/fhir+json, application/json;q=0.9, text/plain;q=0.8, */*;q=0.1";

function positiveInteger(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}".`);
  return value;
}

/** The fetch limits from the environment; a malformed value is a configuration error and throws. */
export function loadFetchConfig(env: Record<string, string | undefined> = process.env): FetchDocumentConfig {
  return {
    maxBytes: positiveInteger(env, "PA_FETCH_MAX_BYTES", DEFAULT_MAX_BYTES),
    timeoutMs: positiveInteger(env, "PA_FETCH_TIMEOUT_MS", DEFAULT_TIMEOUT_MS),
    allowList: parseAllowList(env.PA_FETCH_ALLOW_HOSTS),
  };
}

/**
 * Downloads a case document from an http(s) URL through the SSRF-safe fetcher and checks that it is a PDF, plain
 * text or JSON. Uploaded documents (`pa-document:`) are the caller's business; any other scheme is refused here.
 * Throws DocumentFetchError with a message meant for the case's failure_reason.
 */
export async function fetchDocument(url: string, config: FetchDocumentConfig = loadFetchConfig()): Promise<FetchedDocument> {
  const response = await safeFetch(url, {
    maxBytes: config.maxBytes,
    timeoutMs: config.timeoutMs,
    allowList: config.allowList,
    accept: ACCEPT,
    resolve: config.resolve,
  });
  const detected = detectContentType(response.bytes, response.contentType);
  return {
    bytes: response.bytes,
    contentType: detected.contentType,
    kind: detected.kind,
    sha256: createHash("sha256").update(response.bytes).digest("hex"),
    size: response.bytes.byteLength,
    finalUrl: response.finalUrl,
  };
}
