import { checkHealth } from "@/lib/server/check-health";
import { json } from "@/lib/api/responses";

export const dynamic = "force-dynamic";

// GET /api/health - liveness and database status (no key needed)
export async function GET() {
  const health = await checkHealth();
  return json(health, { status: health.status === "ok" ? 200 : 503 });
}
