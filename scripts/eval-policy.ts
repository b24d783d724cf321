// `npm run eval:policy -- <corpus dir> [--as-of YYYY-MM-DD] [--verbose]`: the policy engine alone, in-process, no
// database. Per policy PDF: sections, criteria and the share of quotes found verbatim in the PDF's text (must be
// 100%). Per labelled case (<corpus>/policy-cases/NNN/a|b, labels.json: a = approve, b = deny): the case's PDFs read
// with lib/documents/read-pdf.ts, intake facts from lib/intake/extract-intake.ts, the policy check of
// policies/NNN.pdf, and whether its steps agree with the label (approve: every step of the chosen section met;
// deny: at least one step not met, with its reason).
import fs from "node:fs";
import path from "node:path";
import { readPdf } from "../lib/documents/read-pdf";
import { extractIntake } from "../lib/intake/extract-intake";
import { allQuotes } from "../lib/policies/enforce-verbatim-quotes";
import { evaluatePolicy } from "../lib/policies/evaluate-policy";
import { parsePolicy } from "../lib/policies/parse-policy";
import type { CriteriaNode, ParsedPolicy } from "../lib/policies/types";
import { isVerbatim } from "../lib/policies/verbatim-quote";
import { pdfsUnder } from "./corpus-files";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const args = process.argv.slice(2);
const corpus = path.resolve(args.find((a) => !a.startsWith("--")) ?? "../shared/corpus");
const asOfArg = args.indexOf("--as-of");
// The corpus cases were written in autumn 2024 (forms signed 10-23-24, labs of 11/2/24): ages are computed then.
const asOf = asOfArg >= 0 ? args[asOfArg + 1] : "2024-11-15";
const verbose = args.includes("--verbose");
const casesDir = path.join(corpus, "policy-cases");
if (!fs.existsSync(path.join(casesDir, "labels.json"))) {
  console.error(`usage: npm run eval:policy -- <corpus dir> [--as-of YYYY-MM-DD] [--verbose]   (no policy-cases/labels.json under ${corpus})`);
  process.exit(2);
}

const leaves = (node: CriteriaNode): number => (node.kind === "criterion" ? 1 : node.children.reduce((n, c) => n + leaves(c), 0));
const clip = (s: string, n = 150) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

async function main() {
  const labels = JSON.parse(fs.readFileSync(path.join(casesDir, "labels.json"), "utf8")) as Record<string, { expected?: string }>;
  const policies = new Map<string, ParsedPolicy>();
  let quotesAll = 0;
  let quotesVerbatim = 0;

  console.log(`# Policies (${path.join(casesDir, "policies")})\n`);
  console.log("| policy | title | payer | sections | criteria | limits | quotes verbatim | warnings |\n|---|---|---|---|---|---|---|---|");
  for (const file of fs.readdirSync(path.join(casesDir, "policies")).filter((f) => f.endsWith(".pdf")).sort()) {
    const { pages } = await readPdf(new Uint8Array(fs.readFileSync(path.join(casesDir, "policies", file))));
    const policy = parsePolicy(pages);
    policies.set(file.replace(/\.pdf$/, ""), policy);
    const quotes = allQuotes(policy);
    const verbatim = quotes.filter((q) => isVerbatim(pages, q)).length;
    quotesAll += quotes.length;
    quotesVerbatim += verbatim;
    const criteria = policy.sections.reduce((n, s) => n + leaves(s.criteria), 0);
    const share = quotes.length ? ((100 * verbatim) / quotes.length).toFixed(1) : "n/a";
    console.log(`| ${file} | ${policy.title} | ${policy.payer ?? "?"} | ${policy.sections.length} | ${criteria} | ${policy.limits?.length ?? 0} | ${verbatim}/${quotes.length} (${share}%) | ${policy.warnings?.length ?? 0} |`);
    for (const w of policy.warnings ?? []) console.log(`  warning: ${w}`);
  }

  console.log(`\n# Cases (as of ${asOf})\n`);
  const rows: string[][] = [];
  const details: string[] = [];
  let agree = 0;
  let total = 0;
  for (const key of Object.keys(labels).filter((k) => /^\d+_[a-z]$/.test(k)).sort()) {
    const [num, variant] = key.split("_");
    const dir = path.join(casesDir, num, variant);
    const policy = policies.get(num);
    if (!fs.existsSync(dir) || !policy) continue;
    const documents: SourceDocument[] = [];
    for (const pdf of pdfsUnder(dir)) {
      const { pages } = await readPdf(new Uint8Array(fs.readFileSync(pdf)));
      documents.push({ id: path.relative(dir, pdf), name: path.basename(pdf), contentType: "application/pdf", pages });
    }
    const facts = extractIntake(documents, { referenceYear: Number(asOf.slice(0, 4)) });
    const result = evaluatePolicy({ policy, facts, documents, claims: [], testClaim: null, asOf });
    const count = (o: string) => result.steps.filter((s) => s.outcome === o && !s.notNeeded).length;
    const notNeeded = result.steps.filter((s) => s.notNeeded).length;
    const expected = labels[key].expected ?? "?";
    const failed = result.steps.filter((s) => s.outcome === "not_met");
    const ok = expected === "approved" ? result.steps.length > 0 && result.steps.every((s) => s.outcome === "met") : expected === "denied" ? failed.length > 0 : false;
    total += 1;
    if (ok) agree += 1;
    const why = expected === "denied" ? failed.map((s) => `step ${s.step}: ${s.reason}`).join("; ") : result.steps.filter((s) => s.outcome !== "met").map((s) => `step ${s.step} ${s.outcome}: ${s.reason}`).join("; ");
    rows.push([key, expected, result.section ? `${result.section.title} (${result.section.kind})` : "none", String(result.steps.length), String(count("met")), String(count("not_met")), String(count("missing")), String(count("manual")), String(notNeeded), result.summary.overall, ok ? "yes" : "NO", clip(why || "-", 220)]);
    details.push(`\n## ${key} (expected ${expected})${result.selection ? `: ${result.selection}` : ""}`);
    for (const s of result.steps) {
      const verdict = s.notNeeded ? "not needed" : s.outcome;
      details.push(`- ${s.step}. [${verdict}] ${s.question_or_action}\n    ${clip(s.outcome === "met" || s.outcome === "manual" ? s.answer : `${s.reason} | ${s.answer}`, verbose ? 600 : 260)}\n    policy: ${clip(s.policy_guideline_quoted_source, verbose ? 400 : 140)}`);
    }
  }
  console.log("| case | expected | section | steps | met | not met | missing | manual | not needed | overall | agrees | why |\n|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log(details.join("\n"));
  const share = quotesAll ? (100 * quotesVerbatim) / quotesAll : 100;
  console.log(`\nquotes verbatim: ${quotesVerbatim}/${quotesAll} (${share.toFixed(1)}%)   cases agreeing with their label: ${agree}/${total}`);
  process.exit(share === 100 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
