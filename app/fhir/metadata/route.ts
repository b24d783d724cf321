import { fhirJson } from "@/lib/api/responses";
import { publicOrigin } from "@/lib/net/public-origin";
import { pasCapabilityStatement } from "@/lib/fhir/pas/capability-statement";
import packageJson from "@/package.json";

export const dynamic = "force-dynamic";

// GET /fhir/metadata - the CapabilityStatement; public, as FHIR clients read it before they authenticate.
export function GET(req: Request) {
  return fhirJson(pasCapabilityStatement({ serverBase: publicOrigin(req)!, software: { name: packageJson.name, version: packageJson.version }, now: new Date() }));
}
