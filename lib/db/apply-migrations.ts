import { PrismaPg } from "@prisma/adapter-pg";
import { ENGINE_FILTERS, listMigrations, loadSchemaEngine } from "./schema-engine";

/** Applies pending migrations from prisma/migrations to the database at `databaseUrl` (real or embedded over its socket). */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const { engine, explain } = await loadSchemaEngine(new PrismaPg({ connectionString: databaseUrl }));
  try {
    const result = await engine.applyMigrations({ migrationsList: await listMigrations(), filters: ENGINE_FILTERS });
    return result.appliedMigrationNames;
  } catch (error) {
    throw new Error(`Migration failed: ${explain(error)}`);
  } finally {
    engine.free?.();
  }
}
