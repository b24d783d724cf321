import { fhirJson } from "@/lib/api/responses";
import { publicOrigin } from "@/lib/net/public-origin";
import { pasCapabilityStatement } from "@/lib/fhir/pas/capability-statement";
import { tokenUrl } from "@/lib/smart/smart-configuration";
import packageJson from "@/package.json";

export const dynamic = "force-dynamic";

// GET /fhir/metadata - the CapabilityStatement; public, as FHIR clients read it before they authenticate.
export function GET(req: Request) {
  const origin = publicOrigin(req)!;
  return fhirJson(pasCapabilityStatement({ serverBase: origin, tokenUrl: tokenUrl(origin), software: { name: packageJson.name, version: packageJson.version }, now: new Date() }));
}
