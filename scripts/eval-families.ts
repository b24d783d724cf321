// `npx tsx scripts/eval-families.ts [corpus dir]`: the policy families' labelled cases, in-process and without a
// database: each formulary is read into sections (lib/policies/read), each case's PDFs through the intake, the section
// bound to the case's drug is chosen, evaluated and decided (lib/determinations/decide with its safety invariants).
//   <corpus>/policy-families/policies/NNN.pdf, <corpus>/policy-families/NNN-<drug>/{a,b}/*.pdf, labels.json
// `--drug-from-label`: the case's drug is the labelled one (as a request naming its drug would give it), not the
// intake's reading: separates the policy side from the intake's.
import fs from "node:fs";
import path from "node:path";
import { readPdf, type PdfPage } from "../lib/documents/read-pdf";
import { extractIntake } from "../lib/intake/extract-intake";
import { caseDrugsOf } from "../lib/policies/library/case-drugs";
import { chooseSection } from "../lib/policies/library/choose-section";
import { drugMatchesBindingName } from "../lib/policies/library/drug-binding-matches";
import { readPolicyDocument } from "../lib/policies/read/read-policy-document";
import type { PolicyDocumentReading } from "../lib/policies/read/types";
import { evaluatePolicy } from "../lib/policies/evaluate-policy";
import { policyBinding } from "../lib/determinations/approval-invariants";
import { decide } from "../lib/determinations/decide";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { pdfsUnder } from "./corpus-files";

const args = process.argv.slice(2);
const drugFromLabel = args.includes("--drug-from-label");
const corpus = path.resolve(args.find((a) => !a.startsWith("--")) ?? "../shared/corpus");
const dir = path.join(corpus, "policy-families");
if (!fs.existsSync(path.join(dir, "labels.json"))) {
  console.error(`usage: npx tsx scripts/eval-families.ts <corpus dir>   (no policy-families/labels.json under ${corpus})`);
  process.exit(2);
}

interface Label {
  drug: string;
  expected: "approved" | "denied";
  request_date: string;
}

async function pagesOf(file: string): Promise<PdfPage[]> {
  return (await readPdf(new Uint8Array(fs.readFileSync(file)))).pages;
}

async function main() {
  const labels = JSON.parse(fs.readFileSync(path.join(dir, "labels.json"), "utf8")) as Record<string, Label>;
  const readings = new Map<string, PolicyDocumentReading>();
  for (const file of fs.readdirSync(path.join(dir, "policies")).filter((f) => f.endsWith(".pdf")).sort()) {
    const started = Date.now();
    const reading = readPolicyDocument(await pagesOf(path.join(dir, "policies", file)));
    readings.set(file.replace(/\.pdf$/, ""), reading);
    console.log(`policy ${file}: ${reading.family}, "${reading.title}", ${reading.sections.length} sections (${Date.now() - started} ms)`);
  }

  const rows: string[][] = [];
  let agree = 0;
  let falseApprovals = 0;
  let sectionsFound = 0;
  const keys = Object.keys(labels).filter((k) => /^\d+-[a-z]+_[ab]$/.test(k)).sort();
  for (const key of keys) {
    const [caseName, variant] = key.split("_");
    const caseDir = path.join(dir, caseName, variant);
    if (!fs.existsSync(caseDir)) continue;
    const label = labels[key];
    const documents: SourceDocument[] = [];
    for (const pdf of pdfsUnder(caseDir)) documents.push({ id: path.basename(pdf), name: path.basename(pdf), contentType: "application/pdf", pages: await pagesOf(pdf) });
    const facts = extractIntake(documents, { referenceYear: Number(label.request_date.slice(0, 4)) });
    const reading = readings.get(caseName.split("-")[0]);
    const drugs = drugFromLabel ? { ndcs: [], drugNames: [label.drug] } : caseDrugsOf({ facts, priorAuth: { drugName: null } });
    const chosen = reading ? chooseSection(reading.sections, drugs) : null;
    let outcome = "no section";
    let detail = `case drugs: ${drugs.drugNames.join(", ") || "none"}`;
    let steps = "";
    if (chosen) {
      sectionsFound += 1;
      const parsed = chosen.section.policy;
      const result = evaluatePolicy({ policy: parsed, facts, documents, claims: [], testClaim: null, asOf: label.request_date });
      const meds = facts.medicationRequests ?? [];
      const decision = decide({
        policy: { title: parsed.title, version: null, section: chosen.section.label, source: "policy_document_url" },
        steps: result.steps,
        claims: [],
        testClaim: null,
        history: [],
        subject: { patient: null, drug: meds[0]?.name ?? null, diagnosis: null },
        requireClinicianForAdverse: true,
        binding: policyBinding({
          policyDrugNames: parsed.drugNames ?? [],
          policyNdcs: parsed.suggestedCodes?.ndc ?? [],
          requested: { names: drugs.drugNames, ndcs: drugs.ndcs },
          sameDrug: (a, b) => drugMatchesBindingName(a, b) !== null,
        }),
        identityConflicts: facts.identityConflicts ?? [],
      });
      outcome = `${decision.status} (engine: ${decision.recommendedStatus})`;
      detail = `${chosen.section.label} [${chosen.matchedBy}]: ${decision.recommendation}`;
      steps = result.steps.map((s) => `${s.step}:${s.outcome}`).join(" ");
      if (decision.status === "approved" && label.expected !== "approved") falseApprovals += 1;
    }
    const ok = label.expected === "approved" ? outcome.startsWith("approved") : /engine: denied/.test(outcome);
    if (ok) agree += 1;
    rows.push([key, label.expected, outcome, ok ? "yes" : "NO", steps, detail.replace(/\|/g, "/").slice(0, 220)]);
  }
  console.log("\n| case | expected | determination | agrees | steps | section and recommendation |\n|---|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log(`\ncase drug: ${drugFromLabel ? "from the labels" : "from the intake"}`);
  console.log(`sections found: ${sectionsFound}/${keys.length}; agreement: ${agree}/${keys.length}; false approvals: ${falseApprovals}`);
}

main().catch((error) => {
  console.error("eval failed:", error);
  process.exit(1);
});
