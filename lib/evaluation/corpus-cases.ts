// The labelled cases of the development corpus (../shared/corpus): policy-cases/ (single-drug clinical policies) and
// policy-families/ (formularies and other multi-drug documents), each case with its policy document, its PDFs and
// its label (expected outcome, the criterion that decides it, the request's date).
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PolicyFamily } from "@/lib/policies/read/types";

export interface CorpusCase {
  /** "policy-cases/002_a", "policy-families/201-sitagliptin_b" */
  key: string;
  /** "policy-cases/single_drug", "policy-families/formulary" */
  group: string;
  family: PolicyFamily;
  policyFile: string;
  /** The case's PDFs, sorted by path. */
  files: string[];
  expected: "approved" | "denied";
  /** The drug as labelled ("Januvia (sitagliptin) 100 mg tablet"). */
  drug: string;
  /** YYYY-MM-DD: the day the request is decided on. */
  asOf: string;
  /** The label's wording of the criterion that decides the case, when it names one. */
  decidingCriterion: string | null;
  /** The raw label, for the intake's field scores. */
  label: Record<string, unknown>;
  /** The form layout the case's request is written in (its label's payer_form). */
  layout: string;
  /** criteria/NNN.json: the section's criteria as a clinical admin would publish them, when the group has them. */
  criteriaFile: string | null;
}

/** policy-families/labels.json's family letters. */
const FAMILY_LETTERS: Record<string, PolicyFamily> = { F: "formulary", T: "criteria_table", D: "part_d_criteria", S: "single_drug" };

/** The policy-cases were written in autumn 2024 (forms signed 10-23-24, labs of 11/2/24): they are decided then. */
const POLICY_CASES_AS_OF = "2024-11-15";

function pdfsUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? pdfsUnder(path.join(dir, e.name)) : e.name.toLowerCase().endsWith(".pdf") ? [path.join(dir, e.name)] : []))
    .sort();
}

/** A labels file: case key -> its label (fields as each group writes them); keys starting with "_" are notes. */
const ZLabels = z.record(z.string(), z.union([z.record(z.string(), z.unknown()), z.string()]));

function readLabels(file: string): Record<string, Record<string, unknown>> {
  const labels = fs.existsSync(file) ? ZLabels.parse(JSON.parse(fs.readFileSync(file, "utf8"))) : {};
  return Object.fromEntries(Object.entries(labels).flatMap(([key, label]) => (typeof label === "string" ? [] : [[key, label]])));
}

/** Every labelled case of the corpus whose folder and policy exist, in key order. */
export function listCorpusCases(corpus: string): CorpusCase[] {
  const out: CorpusCase[] = [];
  for (const folder of ["policy-cases", "policy-families"]) {
    const base = path.join(corpus, folder);
    const labels = readLabels(path.join(base, "labels.json"));
    for (const key of Object.keys(labels).filter((k) => !k.startsWith("_")).sort()) {
      const label = labels[key];
      const m = /^(\d+)([-\w]*)_([a-z])$/.exec(key);
      if (!m || (label.expected !== "approved" && label.expected !== "denied")) continue;
      const [, num, suffix, variant] = m;
      const dir = path.join(base, `${num}${suffix}`, variant);
      const policyFile = path.join(base, "policies", `${num}.pdf`);
      if (!fs.existsSync(dir) || !fs.existsSync(policyFile)) continue;
      const family = folder === "policy-cases" ? "single_drug" : (FAMILY_LETTERS[String(label.family)] ?? "formulary");
      out.push({
        key: `${folder}/${key}`,
        group: `${folder}/${family}`,
        family,
        policyFile,
        files: pdfsUnder(dir),
        expected: label.expected,
        drug: String(label.drug ?? ""),
        asOf: typeof label.request_date === "string" ? label.request_date : POLICY_CASES_AS_OF,
        decidingCriterion: typeof label.deciding_criterion === "string" ? label.deciding_criterion : null,
        label,
        layout: typeof label.payer_form === "string" ? label.payer_form : "(no payer_form)",
        criteriaFile: fs.existsSync(path.join(base, "criteria", `${num}.json`)) ? path.join(base, "criteria", `${num}.json`) : null,
      });
    }
  }
  return out;
}

/** Where image-only copies of some policy-families cases are kept: `_scans/<case key>/`. */
export const SCANS_SOURCE = "policy-families-scans";

/**
 * The image-only copies of labelled cases (policy-families/_scans/<key>/*.pdf): the same case, label and policy as
 * its text version, counted under its own source ("policy-families-scans/101-nuedexta_a").
 */
export function listScanCases(corpus: string): CorpusCase[] {
  const dir = path.join(corpus, "policy-families", "_scans");
  if (!fs.existsSync(dir)) return [];
  const byKey = new Map(listCorpusCases(corpus).map((c) => [c.key, c]));
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .flatMap((name) => {
      const text = byKey.get(`policy-families/${name}`);
      if (!text) return [];
      return [{ ...text, key: `${SCANS_SOURCE}/${name}`, group: `${SCANS_SOURCE}/${text.family}`, files: pdfsUnder(path.join(dir, name)) }];
    });
}
