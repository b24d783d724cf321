import { prisma } from "@/lib/db/prisma";

export async function checkHealth() {
  const started = Date.now();
  try {
    await prisma.$queryRaw`SELECT 1`;
    return { status: "ok" as const, database: { status: "ok", latency_ms: Date.now() - started } };
  } catch {
    return { status: "degraded" as const, database: { status: "unavailable" } };
  }
}
