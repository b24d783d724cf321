import { json } from "@/lib/api/responses";
import { getOpenApiDocument } from "@/lib/openapi/build-openapi-document";

export const dynamic = "force-dynamic";

// GET /openapi.json - the OpenAPI 3.1 document of /api/v1 (no key needed)
export function GET() {
  return json(getOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}
