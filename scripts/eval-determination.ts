// `npm run eval:determination -- <corpus dir>`: the whole flow on labelled cases, in-process on a throw-away embedded
// database: upload the policies, create each case from its documents, run the determination, compare with labels.
//   <corpus>/policy-cases/policies/NNN.pdf, <corpus>/policy-cases/NNN/{a,b}/**.pdf, <corpus>/policy-cases/labels.json
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pdfsUnder } from "./corpus-files";

const corpus = path.resolve(process.argv[2] ?? "../shared/corpus");
const casesDir = path.join(corpus, "policy-cases");
if (!fs.existsSync(path.join(casesDir, "labels.json"))) {
  console.error(`usage: npm run eval:determination -- <corpus dir>   (no policy-cases/labels.json under ${corpus})`);
  process.exit(2);
}

async function main() {
  process.env.PA_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "pa-eval-"));
  delete process.env.DATABASE_URL;
  process.env.PA_LOG_LEVEL = "error";
  const { prepareDatabase } = await import("../lib/server/prepare-database");
  const db = await prepareDatabase();
  const { ensureQueues } = await import("../lib/case-pipeline/start-workers");
  await ensureQueues();
  const { createWorkspace } = await import("../lib/workspaces/create-workspace");
  const { createPolicy } = await import("../lib/policy-library/create-policy");
  const { prepareDocument, insertDocument } = await import("../lib/documents/store-document");
  const { prisma } = await import("../lib/db/prisma");
  const { createPriorAuth } = await import("../lib/prior-auths/create-prior-auth");
  const { runDetermination } = await import("../lib/case-pipeline/run-determination");

  const labels = JSON.parse(fs.readFileSync(path.join(casesDir, "labels.json"), "utf8")) as Record<string, { expected?: string }>;
  const { workspaceId } = await createWorkspace({ name: "Evaluation", adminEmail: "eval@eval.local", adminPassword: "evaluation-only" });
  const actor = { type: "user" as const, id: "eval", label: "evaluation", role: "admin" as const };
  const sla = { slaHoursExpedited: 72, slaHoursStandard: 168 };

  for (const file of fs.readdirSync(path.join(casesDir, "policies")).filter((f) => f.endsWith(".pdf")).sort()) {
    const policy = await createPolicy({ workspaceId, actor, source: { kind: "pdf", bytes: new Uint8Array(fs.readFileSync(path.join(casesDir, "policies", file))), fileName: file }, metadata: {} });
    console.log(`policy ${file}: "${policy.title}", ${policy.criteria_count} criteria, covers ${policy.drug_names.join("; ") || "(no drug names found)"}`);
  }

  const rows: string[][] = [];
  let agree = 0;
  let total = 0;
  for (const key of Object.keys(labels).filter((k) => /^\d+_[a-z]$/.test(k)).sort()) {
    const [num, variant] = key.split("_");
    const dir = path.join(casesDir, num, variant);
    if (!fs.existsSync(dir)) continue;
    const refs: string[] = [];
    for (const pdf of pdfsUnder(dir)) {
      const prepared = await prepareDocument({ workspaceId, bytes: new Uint8Array(fs.readFileSync(pdf)), contentType: "application/pdf", kind: "pdf", fileName: path.basename(pdf), createdBy: "evaluation" });
      const doc = await prisma.$transaction((tx) => insertDocument(tx, prepared));
      refs.push(`pa-document:${doc.id}`);
    }
    const created = await createPriorAuth({ workspaceId, sla, actor, input: { case_id: key, ePA: { document_urls: refs }, synchronous_request: true } });
    let outcome = created.status;
    let detail = created.failure_reason ?? "";
    if (created.status === "Succeeded") {
      try {
        const d = (await runDetermination({ workspaceId, priorAuthId: created.id, actor, requireClinicianForAdverse: true })) as Record<string, unknown>;
        outcome = `${d.status} (engine: ${d.recommended_status})`;
        detail = String(d.recommendation);
      } catch (error) {
        outcome = "error";
        detail = error instanceof Error ? error.message : String(error);
      }
    }
    const expected = labels[key].expected ?? "?";
    const ok = expected === "approved" ? outcome.startsWith("approved") : expected === "denied" ? /engine: denied/.test(outcome) : false;
    total += 1;
    if (ok) agree += 1;
    rows.push([key, expected, outcome, ok ? "yes" : "NO", detail.slice(0, 160)]);
  }
  console.log("\n| case | expected | determination | agrees | recommendation |\n|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log(`\nagreement: ${agree}/${total}`);
  await db.stop();
  process.exit(0);
}

main().catch((error) => {
  console.error("eval failed:", error);
  process.exit(1);
});
