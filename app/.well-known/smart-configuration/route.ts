import { publicOrigin } from "@/lib/net/public-origin";
import { json } from "@/lib/api/responses";
import { smartConfiguration } from "@/lib/smart/smart-configuration";

export const dynamic = "force-dynamic";

// GET /.well-known/smart-configuration - where SMART backend clients get tokens; public, as clients read it first.
export function GET(req: Request) {
  return json(smartConfiguration(publicOrigin(req)!));
}
