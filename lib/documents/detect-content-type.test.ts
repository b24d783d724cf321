import { describe, expect, it } from "vitest";
import { DocumentFetchError } from "@/lib/net/safe-fetch";
import { detectContentType } from "./detect-content-type";

const utf8 = (text: string) => new TextEncoder().encode(text);
const PDF = utf8("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

function refusal(bytes: Uint8Array, type: string | null): DocumentFetchError {
  try {
    detectContentType(bytes, type);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentFetchError);
    return error as DocumentFetchError;
  }
  throw new Error("expected a refusal");
}

describe("detectContentType: accepted", () => {
  it("takes a PDF by its magic, whatever the header says", () => {
    for (const type of ["application/pdf", "application/octet-stream", null, "text/plain"]) {
      expect(detectContentType(PDF, type)).toEqual({ kind: "pdf", contentType: "application/pdf" });
    }
    const withJunk = new Uint8Array([...utf8("\r\n\r\n"), ...PDF]);
    expect(detectContentType(withJunk, null).kind).toBe("pdf");
  });

  it("takes JSON and recognises a FHIR resource", () => {
    const bundle = utf8(JSON.stringify({ resourceType: "Bundle", type: "collection", entry: [] }));
    expect(detectContentType(bundle, "application/fhir+json; charset=utf-8")).toEqual({
      kind: "json",
      contentType: "application/json",
      fhirResourceType: "Bundle",
    });
    expect(detectContentType(utf8('[{"a":1}]'), "application/json")).toEqual({ kind: "json", contentType: "application/json" });
    expect(detectContentType(bundle, null)).toMatchObject({ kind: "json", fhirResourceType: "Bundle" });
    expect(detectContentType(bundle, "application/octet-stream")).toMatchObject({ kind: "json" });
  });

  it("takes UTF-8 plain text, including text that is declared as text but looks like JSON", () => {
    expect(detectContentType(utf8("Progress note\nPatient: Jane Doe – HbA1c 7.2 %\n"), "text/plain; charset=utf-8")).toEqual({
      kind: "text",
      contentType: "text/plain",
    });
    expect(detectContentType(utf8("Plain words"), null).kind).toBe("text");
    expect(detectContentType(utf8('{"resourceType":"Patient"}'), "text/plain").kind).toBe("text");
    expect(detectContentType(utf8("[1] first point\f[2] second"), "application/octet-stream").kind).toBe("text");
  });
});

describe("detectContentType: refused", () => {
  it("refuses HTML by header", () => {
    const error = refusal(utf8("<p>hello</p>"), "text/html; charset=utf-8");
    expect(error.code).toBe("unsupported_content_type");
    expect(error.message).toBe("The document is HTML (text/html); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.");
  });

  it("refuses HTML sniffed from the body, however it is served", () => {
    const page = "\uFEFF  \n<!DOCTYPE html>\n<html><body>Sign in</body></html>";
    expect(refusal(utf8(page), null).message).toBe("The document is HTML (text/html); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.");
    expect(refusal(utf8(page), "text/plain").message).toBe("The document is HTML (served as text/plain); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.");
    expect(refusal(utf8("<!-- login --><HTML lang=en>"), "application/octet-stream").code).toBe("unsupported_content_type");
    expect(refusal(utf8("<html>"), "application/json").code).toBe("unsupported_content_type");
  });

  it.each([
    ["PNG", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], "image/png", "image/png"],
    ["PNG served as a PDF", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], "application/pdf", "image/png"],
    ["JPEG untyped", [0xff, 0xd8, 0xff, 0xe0, 1, 2], null, "image/jpeg"],
    ["TIFF little-endian (fax)", [0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0], "application/octet-stream", "image/tiff"],
    ["TIFF big-endian", [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8], "image/tiff", "image/tiff"],
  ])("accepts a %s image for text recognition", (_name, bytes, declared, type) => {
    expect(detectContentType(new Uint8Array(bytes as number[]), declared as string | null)).toEqual({ kind: "image", contentType: type });
  });

  it("refuses other images, archives and office files by magic or header", () => {
    expect(refusal(utf8("GIF89a...."), "image/gif").message).toContain("a GIF image (image/gif)");
    expect(refusal(utf8("this is text"), "image/png").message).toBe("The document is declared as an image (image/png) but is not a PNG, JPEG or TIFF file.");
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), null).message).toContain("a ZIP archive");
    expect(refusal(new Uint8Array([0x1f, 0x8b, 8, 0]), null).message).toContain("a gzip archive");
    expect(refusal(utf8("anything"), "image/svg+xml").message).toBe("The document is an image (image/svg+xml); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.");
    expect(refusal(utf8("anything"), "application/vnd.openxmlformats-officedocument.wordprocessingml.document").message).toContain("a Word document");
  });

  it("refuses XML, including FHIR XML", () => {
    expect(refusal(utf8('<?xml version="1.0"?><Bundle xmlns="http://hl7.org/fhir"/>'), null).message).toBe(
      "The document is XML (application/xml); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.",
    );
    expect(refusal(utf8("<Bundle/>"), "application/fhir+xml").message).toContain("FHIR XML");
  });

  it("refuses binary data of no known type", () => {
    const binary = new Uint8Array([0, 1, 2, 3, 250, 251, 252, 0, 0, 7]);
    expect(refusal(binary, "application/octet-stream").message).toBe(
      "The document is not a PDF, an image, plain text or JSON (application/octet-stream); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.",
    );
    expect(refusal(binary, null).message).toContain("(unknown type)");
  });

  it("refuses text that is not UTF-8", () => {
    const latin1 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x6f, 0x74, 0x65]);
    const error = refusal(latin1, "text/plain; charset=ISO-8859-1");
    expect(error.code).toBe("invalid_content");
    expect(error.message).toBe("The document is not UTF-8 text (it is declared as iso-8859-1); send a PDF, a PNG, JPEG or TIFF image, plain text or FHIR JSON.");
  });

  it("refuses JSON that does not parse, a PDF that is not one, and an empty body", () => {
    expect(refusal(utf8('{"resourceType": "Bundle",'), "application/fhir+json").message).toMatch(
      /^The document is declared as JSON \(application\/fhir\+json\) but could not be parsed: .+\.$/,
    );
    expect(refusal(utf8("Not really a PDF"), "application/pdf").message).toBe(
      "The document is declared as a PDF (application/pdf) but is not a PDF file.",
    );
    expect(refusal(new Uint8Array(0), "application/pdf").message).toBe("The document is empty.");
  });

  it("refuses declared JSON whose strings are not well-formed Unicode (a lone surrogate escape), naming where", () => {
    const bundle = utf8('{"resourceType":"Bundle","entry":[{"resource":{"name":[{"text":"Ana \\ud800"}]}}]}');
    expect(refusal(bundle, "application/fhir+json").message).toBe(
      "The document is declared as JSON (application/fhir+json) but could not be parsed: entry[0].resource.name[0].text: must be well-formed Unicode text (a lone high surrogate U+D800 at character 5).",
    );
    // A pair written as two escapes is one character: accepted.
    expect(detectContentType(utf8('{"name":"\\ud83d\\ude00"}'), "application/json")).toMatchObject({ kind: "json" });
  });
});
