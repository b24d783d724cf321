// Field-level evaluation of the intake engine on a corpus folder:
//   npx tsx scripts/eval-intake.ts /work/shared/corpus [--verbose]
// - policy-cases/NNN/a|b: every PDF of the case (notes, imaging, labs, PA form) read with readPdf, then extractIntake;
//   expected facts from policy-cases/labels.json (patient_dob, dx_icd10, prescriber_specialty, drug).
// - fhir/davinci-pas/**.json and a few fhir/synthea/*.json: extractIntake on the JSON; expected facts derived from
//   the JSON by simple rules written here, independent of the extractor: the Patient (the one others refer to), ICD-10-CM
//   codes of Conditions and of prior authorization Claims, NDCs / names of MedicationRequests that are not finished
//   (completed, stopped, cancelled: history) and NDC items of prior authorization Claims, Practitioner NPIs,
//   PractitionerRole specialties, dispense quantities.
// Prints precision / recall / F1 per field (micro-averaged over cases) and overall, and the time per PDF page.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { readPdf } from "@/lib/documents/read-pdf";
import { extractIntake } from "@/lib/intake/extract-intake";
import type { IntakeFacts } from "@/lib/intake/types";
import { f1, FIELDS, fhirLabels, labelsOfCase, predicted, score, type Count, type Labels } from "@/lib/evaluation/intake-scoring";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

interface Case {
  name: string;
  facts: IntakeFacts;
  labels: Labels;
}

const SYNTHEA_FILES = 3;

// ---------------------------------------------------------------------------------------------------------------

function walk(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full, ext));
    else if (name.toLowerCase().endsWith(ext)) out.push(full);
  }
  return out;
}

async function main() {
  const corpus = process.argv[2];
  const verbose = process.argv.includes("--verbose");
  if (!corpus) {
    console.error("usage: npx tsx scripts/eval-intake.ts <corpus folder> [--verbose]");
    process.exit(2);
  }
  const cases: Case[] = [];
  let pdfPages = 0;
  let pdfMs = 0;
  let firstPdfMs: number | null = null;
  let extractMs = 0;

  // PDF cases
  const casesDir = path.join(corpus, "policy-cases");
  const labelFile = JSON.parse(readFileSync(path.join(casesDir, "labels.json"), "utf8")) as Record<string, Record<string, unknown>>;
  for (const id of readdirSync(casesDir).filter((d) => /^\d+$/.test(d)).sort()) {
    for (const variant of readdirSync(path.join(casesDir, id)).filter((v) => statSync(path.join(casesDir, id, v)).isDirectory()).sort()) {
      const docs: SourceDocument[] = [];
      for (const file of walk(path.join(casesDir, id, variant), ".pdf")) {
        const t0 = performance.now();
        const pdf = await readPdf(new Uint8Array(readFileSync(file)));
        const ms = performance.now() - t0;
        // The first file pays for loading pdf.js: count it apart.
        if (firstPdfMs === null) firstPdfMs = ms;
        else {
          pdfMs += ms;
          pdfPages += pdf.pages.length;
        }
        docs.push({ id: path.basename(file), name: path.basename(file), contentType: "application/pdf", pages: pdf.pages });
      }
      const t1 = performance.now();
      const facts = extractIntake(docs);
      extractMs += performance.now() - t1;
      const labels = labelsOfCase(labelFile[`${id}_${variant}`] ?? {});
      cases.push({ name: `policy-cases/${id}/${variant}`, facts, labels });
    }
  }

  // FHIR
  const fhirFiles = [
    ...walk(path.join(corpus, "fhir", "davinci-pas"), ".json").filter((f) => !path.basename(f).startsWith("_")),
    ...walk(path.join(corpus, "fhir", "synthea"), ".json").slice(0, SYNTHEA_FILES),
  ];
  for (const file of fhirFiles) {
    const json = JSON.parse(readFileSync(file, "utf8"));
    const t1 = performance.now();
    const facts = extractIntake([{ id: path.basename(file), name: path.basename(file), contentType: "application/fhir+json", pages: [], json }]);
    extractMs += performance.now() - t1;
    cases.push({ name: path.relative(corpus, file), facts, labels: fhirLabels(json) });
  }

  const rows: string[] = [];
  const totals: Count = { tp: 0, fp: 0, fn: 0 };
  const strictDx: Count = { tp: 0, fp: 0, fn: 0 };
  const fmt = (n: number) => n.toFixed(3);
  const problems: string[] = [];
  for (const field of FIELDS) {
    const c: Count = { tp: 0, fp: 0, fn: 0 };
    let scored = 0;
    for (const k of cases) {
      const exp = k.labels[field];
      if (!exp) continue;
      scored++;
      const s = score(predicted(k.facts)[field], exp, field, false);
      c.tp += s.tp;
      c.fp += s.fp;
      c.fn += s.fn;
      if (field === "diagnoses") {
        const st = score(predicted(k.facts)[field], exp, field, true);
        strictDx.tp += st.tp;
        strictDx.fp += st.fp;
        strictDx.fn += st.fn;
      }
      if (s.misses.length || s.extras.length) problems.push(`${k.name} ${field}: missed ${JSON.stringify(s.misses)} extra ${JSON.stringify(s.extras)}`);
    }
    totals.tp += c.tp;
    totals.fp += c.fp;
    totals.fn += c.fn;
    const m = f1(c);
    rows.push(`${field.padEnd(12)} ${String(scored).padStart(5)} ${String(c.tp).padStart(4)} ${String(c.fp).padStart(4)} ${String(c.fn).padStart(4)}  ${fmt(m.p)}  ${fmt(m.r)}  ${fmt(m.f)}`);
  }
  const all = f1(totals);
  const strict = f1(strictDx);
  console.log(`Intake evaluation: ${cases.length} cases (${cases.filter((c) => c.name.startsWith("policy")).length} PDF cases, ${fhirFiles.length} FHIR files)\n`);
  console.log("field        cases   tp   fp   fn  precision recall F1");
  for (const r of rows) console.log(r);
  console.log(`${"overall".padEnd(12)} ${"".padStart(5)} ${String(totals.tp).padStart(4)} ${String(totals.fp).padStart(4)} ${String(totals.fn).padStart(4)}  ${fmt(all.p)}  ${fmt(all.r)}  ${fmt(all.f)}`);
  console.log(`\ndiagnoses, strict (an inferred category does not count for a full code): F1 ${fmt(strict.f)}`);
  console.log(
    `PDF: ${(pdfMs / Math.max(1, pdfPages)).toFixed(1)} ms/page (${pdfPages} pages after the first file; the first, with pdf.js start-up, ${(firstPdfMs ?? 0).toFixed(0)} ms); extraction ${extractMs.toFixed(0)} ms for ${cases.length} cases`,
  );
  if (problems.length) {
    console.log(`\n${problems.length} case/field mismatches${verbose ? ":" : " (--verbose lists them)"}`);
    if (verbose) for (const p of problems) console.log(`  ${p}`);
  }
}

await main();
