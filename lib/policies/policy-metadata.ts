// A policy's title, payer, effective date, covered drugs and the codes it mentions, from its first page's labels
// ("Policy:", "Medication |", "Effective Date") and its running text. Drug names and codes are suggestions an
// admin confirms.
import { findNdcs } from "@/lib/lexicon/codes/ndc";
import { findProcedureCodes } from "@/lib/lexicon/codes/procedure-codes";
import type { PolicyLine } from "./policy-lines";

const PAYERS: [RegExp, string][] = [
  [/\bunitedhealthcare\b|\buhc\b/i, "UnitedHealthcare"],
  [/\boptum ?rx\b/i, "OptumRx"],
  [/\bcigna\b/i, "Cigna"],
  [/\baetna\b/i, "Aetna"],
  [/\banthem\b/i, "Anthem"],
  [/\belevance\b/i, "Elevance Health"],
  [/\bhumana\b/i, "Humana"],
  [/\bblue\s*cross\s*(?:and\s*|&\s*)?blue\s*shield\b|\bbcbs\w*\b/i, "Blue Cross Blue Shield"],
  [/\bblue cross\b/i, "Blue Cross"],
  [/\bblue shield\b/i, "Blue Shield"],
  [/\bflorida blue\b/i, "Florida Blue"],
  [/\bhighmark\b/i, "Highmark"],
  [/\bkaiser\b/i, "Kaiser Permanente"],
  [/\bcentene\b/i, "Centene"],
  // Centene's pharmacy benefit manager: its clinical policies name only "Envolve Pharmacy Solutions".
  [/\benvolve\b/i, "Envolve (Centene)"],
  [/\bmolina\b/i, "Molina Healthcare"],
  [/\bwellcare\b/i, "WellCare"],
  [/\bambetter\b/i, "Ambetter"],
  [/\bcaresource\b/i, "CareSource"],
  [/\bpremera\b/i, "Premera"],
  [/\bregence\b/i, "Regence"],
  [/\bhorizon\b/i, "Horizon"],
  [/\bexpress scripts\b/i, "Express Scripts"],
  [/\bcvs caremark\b|\bcaremark\b/i, "CVS Caremark"],
  [/\bprime therapeutics\b/i, "Prime Therapeutics"],
  [/\bhealth net\b/i, "Health Net"],
  [/\bemblemhealth\b/i, "EmblemHealth"],
  [/\boscar\b/i, "Oscar Health"],
  [/\bmedica\b/i, "Medica"],
  [/\btufts\b/i, "Tufts Health Plan"],
  [/\bharvard pilgrim\b/i, "Harvard Pilgrim"],
  [/\bmagellan\b/i, "Magellan"],
  [/\bcarelon\b/i, "Carelon"],
];

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "8/1/2024", "02/07/2024", "January 1, 2024", "2024-01-01" -> YYYY-MM-DD; other text unchanged. */
export function isoDate(text: string): string {
  let m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text);
  if (m) return `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  m = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (m) return m[0];
  m = /\b([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(text);
  if (m && MONTHS.some((mo) => mo.startsWith(m![1].toLowerCase().slice(0, 3)))) {
    const month = MONTHS.findIndex((mo) => mo.startsWith(m![1].toLowerCase().slice(0, 3))) + 1;
    return `${m[3]}-${String(month).padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  }
  return text.trim();
}

/** Words of a table's header row ("Drug | Strength | Quantity Limit"): never a label's value. */
const TABLE_HEADER = /^(?:(?:brand|generic|name|strength|quantity|limits?|dose|dosage|ndc|gpi|duration|days|supply|form|route|package|size|per|max(?:imum)?|and|\/|\|)\s*)+$/i;

/** The value after a label on a line ("Effective Date | 8/1/2024", "POLICY: | Antiseizure ..."). */
const labelValue = (lines: readonly PolicyLine[], label: RegExp): string | null => {
  for (const line of lines) {
    const m = label.exec(line.raw.replace(/\s+/g, " ").trim());
    const value = m?.[1]?.replace(/^\|\s*/, "").replace(/\s\|\s/g, " ").trim();
    if (value && !TABLE_HEADER.test(value)) return value;
  }
  return null;
};

/** The name of a Blue Cross Blue Shield plan as written ("Blue Cross and Blue Shield of Texas"). */
const BLUE_PLAN = /\bBlue[ \t]*Cross[ \t]*(?:and[ \t]*|&[ \t]*)?Blue[ \t]*Shield(?:[ \t]+of[ \t]+(?:the[ \t]+)?[A-Z][a-z]+(?:[ \t]+(?!Prior\b|Program\b|Pharmacy\b|Medical\b)[A-Z][a-z]+)?)?/;

export function findPayer(allText: string): string | null {
  let best: { name: string; count: number; first: number } | null = null;
  for (const [pattern, name] of PAYERS) {
    const global = new RegExp(pattern.source, "gi");
    const matches = [...allText.matchAll(global)];
    if (!matches.length) continue;
    const candidate = { name, count: matches.length, first: matches[0].index };
    if (!best || candidate.count > best.count || (candidate.count === best.count && candidate.first < best.first)) best = candidate;
  }
  if (best?.name === "Blue Cross Blue Shield") return BLUE_PLAN.exec(allText)?.[0].replace(/\s+/g, " ") ?? best.name;
  return best?.name ?? null;
}

const cleanDrug = (s: string) => s.replace(/[®™]/g, "").replace(/\s+[–—-]\s+[A-Z][^)]*\)/, ")").replace(/\s+/g, " ").trim();

const GENERIC_FIRST = /\b([A-Z][a-z][a-z0-9-]{3,})\s*\(([A-Z][A-Za-z0-9-]{2,})\s*[®™]?\)/g;

/** "Brand® (generic ...)" mentions of the drugs the policy covers: in its labels, title and opening lines. */
export function findCoveredDrugs(firstPageLines: readonly PolicyLine[], title: string, allText: string): string[] {
  const PAIR = /\b([A-Z][A-Za-z0-9-]{2,}(?:\s[A-Z][A-Za-z0-9-]+)?)\s*[®™]?\s*\(([a-z][a-z0-9 ,/.%-]{2,120}?(?:\s[–—-]\s[^)]*)?)\)/g;
  const out: string[] = [];
  const add = (s: string) => {
    const clean = cleanDrug(s);
    const generic = /\(([^)]*)\)/.exec(clean)?.[1]?.toLowerCase();
    const brand = clean.split(/[\s(]/)[0].toLowerCase();
    if (clean && !out.some((o) => o.toLowerCase() === clean.toLowerCase() || o.split(/[\s(]/)[0].toLowerCase() === brand || (generic && o.toLowerCase().includes(`(${generic})`)))) out.push(clean);
  };
  const labelled = labelValue(firstPageLines.slice(0, 25), /^(?:medications?|drugs?|products?(?: affected)?|drug names?|covered (?:drugs|products|medications)|target (?:agents?|drugs?)(?:\(s\))?|applicable drugs?)\s*[:|]\s*(.+)$/i);
  if (labelled) for (const m of labelled.matchAll(PAIR)) add(`${m[1]} (${m[2]})`);
  if (labelled && !out.length) add(labelled);
  const opening = firstPageLines.slice(0, 25);
  for (const line of opening) {
    const bullet = /^[•●▪\-–*]/.test(line.text);
    for (const m of line.text.matchAll(PAIR)) if ((bullet && /[®™]/.test(line.text)) || title.includes(m[1])) add(`${m[1]} (${m[2]})`);
  }
  // A brand the title names, with its generic wherever the policy first pairs them.
  for (const m of allText.matchAll(PAIR)) {
    if (title.includes(m[1]) && !out.some((o) => o.startsWith(m[1]))) add(`${m[1]} (${m[2]})`);
  }
  // Titles that put the generic first ("Clinical Policy: Blinatumomab (Blincyto)", Centene's layout).
  if (!out.length) for (const m of title.matchAll(GENERIC_FIRST)) add(`${m[2]} (${m[1].toLowerCase()})`);
  return out;
}

export function findTitle(firstPageLines: readonly PolicyLine[]): string {
  const top = firstPageLines.slice(0, 25);
  const policy = labelValue(top, /^(?:policy(?: title| name)?|title|subject|drug policy|medical policy|coverage policy|pharmacy policy)\s*[:|]\s*(.+)$/i);
  if (policy) return policy.replace(/[®™]/g, "");
  const medication = labelValue(top, /^(?:medications?|drugs?|target (?:agents?|drugs?)(?:\(s\))?)\s*[:|]\s*(.+)$/i);
  const program = labelValue(top, /^program\s*[:|]\s*(.+)$/i);
  if (medication) return `${medication.replace(/[®™]/g, "")}${program ? ` – ${program}` : ""}`;
  // A line naming the drug ("Epidiolex (cannabidiol)") near the top is the title of most drug policies.
  const named = top.slice(0, 10).find((l) => /^[A-Z][A-Za-z0-9-]+[®™]?\s*\([a-z][a-z0-9 ,-]+\)/.test(l.text) && l.text.length <= 120);
  if (named) return named.text.replace(/[®™]/g, "");
  const titled = firstPageLines.slice(0, 15).find((l) => /\b(?:policy|prior authori[sz]ation|medical necessity|criteria|coverage)\b/i.test(l.text) && l.text.length <= 120 && !/^page\b/i.test(l.text));
  return (titled ?? firstPageLines[0])?.text.replace(/[®™]/g, "") ?? "Untitled policy";
}

export function findEffectiveDate(lines: readonly PolicyLine[]): string | null {
  const value =
    labelValue(lines, /^(?:.*\s)?effective(?: date)?\s*[:|]?\s*(\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2}|[A-Z][a-z]+\.? \d{1,2},? \d{4})/i) ??
    labelValue(lines, /^(?:.*\s)?(?:last )?(?:review(?:ed)?|revision|revised|approval|p&t approval) date\s*[:|]?\s*(\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2}|[A-Z][a-z]+\.? \d{1,2},? \d{4})/i);
  return value ? isoDate(value) : null;
}

export function findCodes(pages: readonly { text: string }[]): { ndc: string[]; cpt: string[]; hcpcs: string[] } {
  const ndc = new Set<string>();
  const cpt = new Set<string>();
  const hcpcs = new Set<string>();
  for (const page of pages) {
    for (const m of findNdcs(page.text)) ndc.add(m.ndc);
    for (const m of findProcedureCodes(page.text)) (m.system === "CPT" ? cpt : hcpcs).add(m.code);
    // J-codes are specific enough to take without a keyword.
    for (const m of page.text.matchAll(/(?<![A-Za-z0-9])(J\d{4})(?![A-Za-z0-9])/g)) hcpcs.add(m[1]);
  }
  return { ndc: [...ndc], cpt: [...cpt], hcpcs: [...hcpcs] };
}
