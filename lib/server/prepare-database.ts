import { applyMigrations } from "@/lib/db/apply-migrations";
import { resolveDatabase, type ResolvedDatabase } from "@/lib/db/embedded";

/** Resolves the database (DATABASE_URL or the embedded one), exports its URL to this process, and migrates it. */
export async function prepareDatabase(opts: { migrate?: boolean } = {}): Promise<ResolvedDatabase & { applied: string[] }> {
  const db = await resolveDatabase();
  process.env.DATABASE_URL = db.url;
  const applied = opts.migrate === false ? [] : await applyMigrations(db.url);
  return { ...db, applied };
}
