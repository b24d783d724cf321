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
import { normalizeIcd10, isIcd10AncestorOrSelf } from "@/lib/intake/codes/icd10";
import { normalizeNdc } from "@/lib/intake/codes/ndc";
import { drugNameKeys } from "@/lib/intake/text/drug-names";
import type { IntakeFacts, SourceDocument } from "@/lib/intake/types";

type Field = "dob" | "diagnoses" | "drug" | "npi" | "specialty" | "quantity";
const FIELDS: Field[] = ["dob", "diagnoses", "drug", "npi", "specialty", "quantity"];
/** Expected values per field; a field that is absent is not scored for that case. */
type Labels = Partial<Record<Field, string[]>>;

interface Case {
  name: string;
  facts: IntakeFacts;
  labels: Labels;
}

const SYNTHEA_FILES = 3;

// ---------------------------------------------------------------------------------------------------------------
// What the engine said, per field, as comparable strings

function predicted(facts: IntakeFacts): Record<Field, string[]> {
  const prescribers = facts.practitioners;
  return {
    dob: facts.patient?.birthDate ? [facts.patient.birthDate] : [],
    diagnoses: facts.diagnoses.flatMap((d) => d.icd10.map((c) => (d.icd10Source === "inferred" ? `~${c}` : c))),
    drug: facts.medicationRequests.map((m) => (m.ndc ? `ndc:${m.ndc}` : `name:${m.name}`)),
    npi: prescribers.flatMap((p) => (p.npi ? [p.npi] : [])),
    specialty: prescribers.flatMap((p) => (p.specialty ? [p.specialty] : [])),
    quantity: facts.medicationRequests.flatMap((m) => (m.quantity !== null ? [String(m.quantity)] : [])),
  };
}

const keysOf = (name: string) => new Set(drugNameKeys(name));

/** Does a predicted value match an expected one? `strict` refuses an inferred ICD-10 category for a full code. */
function matches(field: Field, pred: string, exp: string, strict: boolean): boolean {
  switch (field) {
    case "diagnoses": {
      const inferred = pred.startsWith("~");
      const code = pred.replace(/^~/, "");
      if (code === exp) return true;
      // A category inferred from the name (G40.81) stands for the full code the form did not state (G40.811).
      return !strict && inferred && isIcd10AncestorOrSelf(code, exp);
    }
    case "drug": {
      if (exp.startsWith("ndc:") || pred.startsWith("ndc:")) {
        if (exp.startsWith("ndc:") && pred.startsWith("ndc:")) return exp === pred;
        return false;
      }
      const e = keysOf(exp.slice(5));
      return [...keysOf(pred.slice(5))].some((k) => e.has(k));
    }
    case "specialty": {
      const a = pred.toLowerCase();
      const b = exp.toLowerCase();
      return a === b || a.includes(b) || b.includes(a);
    }
    case "quantity":
      return Number(pred) === Number(exp);
    default:
      return pred === exp;
  }
}

interface Count {
  tp: number;
  fp: number;
  fn: number;
}

function score(pred: string[], exp: string[], field: Field, strict: boolean): Count & { misses: string[]; extras: string[] } {
  const used = new Set<number>();
  let tp = 0;
  const extras: string[] = [];
  for (const p of [...new Set(pred)]) {
    const i = exp.findIndex((e, k) => !used.has(k) && matches(field, p, e, strict));
    if (i >= 0) {
      used.add(i);
      tp++;
    } else if (exp.some((e) => matches(field, p, e, strict))) {
      // A second prediction of an expected value already matched (e.g. two names of one drug): not an error.
    } else extras.push(p);
  }
  const misses = exp.filter((_, k) => !used.has(k));
  return { tp, fp: extras.length, fn: misses.length, misses, extras };
}

// ---------------------------------------------------------------------------------------------------------------
// Expected facts of FHIR JSON, by plain rules

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function resources(json: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(json)) for (const v of json) resources(v, out);
  else if (isObj(json)) {
    if (typeof json.resourceType === "string") out.push(json);
    for (const v of Object.values(json)) if (typeof v === "object") resources(v, out);
  }
  return out;
}

const codingsOf = (concept: unknown) => (isObj(concept) ? arr(concept.coding).filter(isObj) : []);
const ICD = /icd-10-cm|2\.16\.840\.1\.113883\.6\.90/i;
const NDC = /sid\/ndc|2\.16\.840\.1\.113883\.6\.69/i;

function fhirLabels(json: unknown): Labels {
  const all = resources(json);
  const byRef = new Map<string, Json>();
  for (const r of all) if (typeof r.id === "string") byRef.set(`${r.resourceType}/${r.id}`, r);
  const patients = all.filter((r) => r.resourceType === "Patient");
  let patient: Json | undefined = patients.length === 1 ? patients[0] : undefined;
  if (!patient) {
    for (const r of all) {
      const ref = (isObj(r.patient) && r.patient.reference) || (isObj(r.subject) && r.subject.reference) || (isObj(r.beneficiary) && r.beneficiary.reference);
      if (typeof ref === "string" && byRef.get(ref)?.resourceType === "Patient") {
        patient = byRef.get(ref);
        break;
      }
    }
  }
  const dx = new Set<string>();
  for (const r of all) {
    const concepts =
      r.resourceType === "Condition" ? [r.code] : (r.resourceType === "Claim" || r.resourceType === "ExplanationOfBenefit") && ["preauthorization", "predetermination"].includes(String(r.use)) ? arr(r.diagnosis).map((d) => (isObj(d) ? d.diagnosisCodeableConcept : null)) : [];
    for (const c of concepts) for (const coding of codingsOf(c)) if (ICD.test(String(coding.system)) && typeof coding.code === "string") dx.add(normalizeIcd10(coding.code) ?? coding.code);
  }
  const drugs: string[] = [];
  const quantities: string[] = [];
  for (const r of all) {
    // A finished order (completed, stopped, cancelled) is history, not a request.
    if (r.resourceType === "MedicationRequest" && !["completed", "stopped", "cancelled", "entered-in-error"].includes(String(r.status))) {
      const concept = r.medicationCodeableConcept;
      const ndc = codingsOf(concept).find((c) => NDC.test(String(c.system)));
      const text = isObj(concept) ? (concept.text ?? codingsOf(concept)[0]?.display) : null;
      if (ndc) drugs.push(`ndc:${normalizeNdc(String(ndc.code))}`);
      else if (typeof text === "string") drugs.push(`name:${text}`);
      const q = isObj(r.dispenseRequest) && isObj(r.dispenseRequest.quantity) ? r.dispenseRequest.quantity.value : undefined;
      if (typeof q === "number") quantities.push(String(q));
    }
    // Items of a prior authorization request are requested; a paid claim's items are history.
    if ((r.resourceType === "Claim" || r.resourceType === "ExplanationOfBenefit") && ["preauthorization", "predetermination"].includes(String(r.use))) {
      for (const item of arr(r.item).filter(isObj)) {
        const ndc = codingsOf(item.productOrService).find((c) => NDC.test(String(c.system)));
        if (ndc) drugs.push(`ndc:${normalizeNdc(String(ndc.code))}`);
      }
    }
  }
  const npis = all
    .filter((r) => r.resourceType === "Practitioner")
    .flatMap((r) => arr(r.identifier).filter(isObj).filter((i) => /us-npi|2\.16\.840\.1\.113883\.4\.6/.test(String(i.system))).map((i) => String(i.value)));
  const specialties = all
    .filter((r) => r.resourceType === "PractitionerRole")
    .flatMap((r) => arr(r.specialty).map((s) => (isObj(s) ? (s.text ?? codingsOf(s)[0]?.display) : null)).filter((s): s is string => typeof s === "string"));
  return {
    ...(patient && typeof patient.birthDate === "string" ? { dob: [patient.birthDate] } : patients.length ? {} : { dob: [] }),
    diagnoses: [...dx],
    drug: [...new Set(drugs)],
    npi: [...new Set(npis)],
    specialty: [...new Set(specialties)],
    quantity: quantities,
  };
}

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
      const l = labelFile[`${id}_${variant}`] ?? {};
      const labels: Labels = {};
      if (typeof l.patient_dob === "string") labels.dob = [l.patient_dob];
      if (Array.isArray(l.dx_icd10)) labels.diagnoses = l.dx_icd10.map(String);
      if (typeof l.prescriber_specialty === "string") labels.specialty = [l.prescriber_specialty];
      if (typeof l.drug === "string") labels.drug = [`name:${l.drug}`];
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
  const f1 = (c: Count) => {
    const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
    const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
    return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
  };
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
