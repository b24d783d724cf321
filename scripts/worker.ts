// `npm run worker`: a separate worker process (scale-out). It uses DATABASE_URL, or the embedded database served by
// a running `npm start` of the same PA_DATA_DIR.
import { prepareDatabase } from "../lib/server/prepare-database";
import { stopOnSignal } from "../lib/server/stop-on-signal";

async function main() {
  const db = await prepareDatabase({ migrate: process.env.PA_WORKER_MIGRATE === "1" });
  const { startWorkers } = await import("../lib/case-pipeline/start-workers");
  const workers = await startWorkers();
  console.log(`worker ${process.pid} started (database: ${db.mode})`);
  stopOnSignal({ db, workers });
}

main().catch((error) => {
  console.error("worker failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
