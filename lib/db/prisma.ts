// The one Prisma client. It always speaks the PostgreSQL protocol: to DATABASE_URL, which the launcher sets to the
// embedded database's local socket when the user gave none.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type { Prisma } from "@/lib/generated/prisma/client";

const globalForPrisma = globalThis as unknown as { paPrisma?: PrismaClient };

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start the service with `npm start` (it serves the embedded database).");
  }
  const adapter = new PrismaPg({ connectionString, max: Number(process.env.PA_DB_POOL_SIZE ?? 10) });
  // Generous waits: on the embedded database, transactions take turns on one session.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 30_000, timeout: 30_000 } });
}

/** Lazily created so that importing this module never needs a database (builds, unit tests). */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    globalForPrisma.paPrisma ??= createClient();
    const value = Reflect.get(globalForPrisma.paPrisma, property);
    return typeof value === "function" ? value.bind(globalForPrisma.paPrisma) : value;
  },
});

export async function disconnectPrisma() {
  await globalForPrisma.paPrisma?.$disconnect();
  globalForPrisma.paPrisma = undefined;
}
