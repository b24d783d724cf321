import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "./build-openapi-document";

describe("the OpenAPI document", () => {
  const doc = buildOpenApiDocument() as {
    openapi: string; info: { version: string }; paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[] }>>;
    components: { securitySchemes: Record<string, { type: string; in: string; name: string }>; schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
  };

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
  });

  it("has the X-API-Key scheme and the spec's error body", () => {
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual(expect.objectContaining({ type: "apiKey", in: "header", name: "X-API-Key" }));
    expect(doc.components.schemas.Error).toEqual(
      expect.objectContaining({ properties: { error: expect.objectContaining({ type: "integer", format: "int32" }), message: { type: "string" } }, required: ["error", "message"] }),
    );
  });

  it("gives every operation a success response and error responses", () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const statuses = Object.keys(op.responses);
        expect(statuses.some((s) => s.startsWith("2")), `${method} ${path}`).toBe(true);
        expect(statuses.some((s) => Number(s) >= 400), `${method} ${path}`).toBe(true);
      }
    }
  });
});
