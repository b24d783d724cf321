// Network rule for these tests: traffic only to loopback servers on 127.0.0.0/8 of this machine.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseAllowList } from "@/lib/net/address-policy";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { DEFAULT_MAX_BYTES, fetchDocument, loadFetchConfig, type FetchDocumentConfig } from "./fetch-document";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const FHIR = Buffer.from(JSON.stringify({ resourceType: "Bundle", type: "collection", entry: [] }));
const TEXT = Buffer.from("Progress note\nDiagnosis: type 2 diabetes\n");

// path -> [status, content type, body]
const ROUTES: Record<string, [number, string, Buffer]> = {
  "/note.pdf": [200, "application/pdf", PDF],
  "/download": [200, "application/octet-stream", PDF],
  "/bundle.json": [200, "application/fhir+json", FHIR],
  "/note.txt": [200, "text/plain; charset=utf-8", TEXT],
  "/login": [200, "text/html; charset=utf-8", Buffer.from("<!doctype html><html><body>Sign in</body></html>")],
  "/big": [200, "text/plain", Buffer.alloc(4096, "a")],
};

let server: http.Server | undefined;
let requests = 0;

async function startServer(): Promise<string> {
  requests = 0;
  server = http.createServer((req, res) => {
    requests++;
    if (req.url === "/moved") return void res.writeHead(301, { location: "/note.pdf" }).end();
    const route = ROUTES[req.url ?? ""];
    if (!route) return void res.writeHead(404).end("not here");
    res.writeHead(route[0], { "content-type": route[1], "content-length": route[2].byteLength }).end(route[2]);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  vi.unstubAllEnvs();
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

const config = (overrides: Partial<FetchDocumentConfig> = {}): FetchDocumentConfig => ({
  maxBytes: 1024 * 1024,
  timeoutMs: 5000,
  allowList: parseAllowList("127.0.0.1"),
  ...overrides,
});

async function fetchError(promise: Promise<unknown>): Promise<DocumentFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentFetchError);
    return error as DocumentFetchError;
  }
  throw new Error("expected the fetch to fail");
}

describe("loadFetchConfig", () => {
  it("has defaults: 25 MB, 20 s, nothing internal allowed", () => {
    const defaults = loadFetchConfig({});
    expect(defaults.maxBytes).toBe(25 * 1024 * 1024);
    expect(DEFAULT_MAX_BYTES).toBe(26_214_400);
    expect(defaults.timeoutMs).toBe(20_000);
    expect(defaults.allowList.hosts.size + defaults.allowList.ips.size).toBe(0);
  });

  it("reads the environment", () => {
    const loaded = loadFetchConfig({ PA_FETCH_MAX_BYTES: " 1048576 ", PA_FETCH_TIMEOUT_MS: "5000", PA_FETCH_ALLOW_HOSTS: "Docs.Internal, 10.0.0.5" });
    expect(loaded.maxBytes).toBe(1_048_576);
    expect(loaded.timeoutMs).toBe(5000);
    expect([...loaded.allowList.hosts]).toEqual(["docs.internal"]);
    expect([...loaded.allowList.ips]).toEqual(["10.0.0.5"]);
  });

  it("refuses malformed limits instead of silently using a default", () => {
    for (const value of ["abc", "0", "-5", "1.5", "25MB"]) {
      expect(() => loadFetchConfig({ PA_FETCH_MAX_BYTES: value }), value).toThrow(/PA_FETCH_MAX_BYTES must be a positive whole number/);
    }
    expect(() => loadFetchConfig({ PA_FETCH_TIMEOUT_MS: "soon" })).toThrow(/PA_FETCH_TIMEOUT_MS/);
  });
});

describe("fetchDocument", () => {
  it("fetches a PDF with its digest and size", async () => {
    const origin = await startServer();
    const doc = await fetchDocument(`${origin}/note.pdf`, config());
    expect(doc).toMatchObject({ kind: "pdf", contentType: "application/pdf", size: PDF.byteLength, finalUrl: `${origin}/note.pdf` });
    expect(Buffer.from(doc.bytes).equals(PDF)).toBe(true);
    expect(doc.sha256).toBe(createHash("sha256").update(PDF).digest("hex"));
  });

  it("recognises a PDF sent as octet-stream and follows a redirect", async () => {
    const origin = await startServer();
    expect(await fetchDocument(`${origin}/download`, config())).toMatchObject({ kind: "pdf", contentType: "application/pdf" });
    expect(await fetchDocument(`${origin}/moved`, config())).toMatchObject({ kind: "pdf", finalUrl: `${origin}/note.pdf` });
  });

  it("fetches FHIR JSON and plain text", async () => {
    const origin = await startServer();
    expect(await fetchDocument(`${origin}/bundle.json`, config())).toMatchObject({ kind: "json", contentType: "application/json", size: FHIR.byteLength });
    const text = await fetchDocument(`${origin}/note.txt`, config());
    expect(text).toMatchObject({ kind: "text", contentType: "text/plain" });
    expect(new TextDecoder().decode(text.bytes)).toBe(TEXT.toString());
  });

  it("reads its limits and allow-list from the environment when given no config", async () => {
    const origin = await startServer();
    vi.stubEnv("PA_FETCH_ALLOW_HOSTS", "127.0.0.1");
    expect((await fetchDocument(`${origin}/note.txt`)).kind).toBe("text");

    vi.stubEnv("PA_FETCH_MAX_BYTES", "1024");
    expect((await fetchError(fetchDocument(`${origin}/big`))).message).toBe("The document is larger than the 1 KB limit.");

    vi.stubEnv("PA_FETCH_ALLOW_HOSTS", "");
    const before = requests;
    expect((await fetchError(fetchDocument(`${origin}/note.txt`))).message).toBe(
      "The document address points to 127.0.0.1, a loopback address, which is not allowed.",
    );
    expect(requests).toBe(before);
  });

  it("refuses an HTML page", async () => {
    const origin = await startServer();
    const error = await fetchError(fetchDocument(`${origin}/login`, config()));
    expect(error.code).toBe("unsupported_content_type");
    expect(error.message).toBe("The document is HTML (text/html); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.");
  });

  it("reports a missing document", async () => {
    const origin = await startServer();
    const error = await fetchError(fetchDocument(`${origin}/missing.pdf`, config()));
    expect(error).toMatchObject({ code: "http_status", status: 404, message: "The document server answered 404 Not Found." });
  });

  it("refuses other schemes, including uploaded-document references (handled by the caller)", async () => {
    for (const url of ["pa-document:doc_123", "file:///etc/hosts", "ftp://127.0.0.1/a.pdf", "data:application/pdf;base64,JVBERi0="]) {
      expect((await fetchError(fetchDocument(url, config()))).code, url).toBe("scheme_not_allowed");
    }
  });
});
