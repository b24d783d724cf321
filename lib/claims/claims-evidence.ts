// What a claim history proves for a policy check: drug trials (paid fills only), how long each lasted, whether the
// requested drug was used before (continuation) and what the test claim says. Pure.
//
// Duration of a trial = first fill date to last fill date + the last fill's days supply. When a record carries no
// days_supply, DEFAULT_DAYS_SUPPLY (30, the common retail fill) is assumed and the trial says so. Denied and
// pending claims are never trials: they are returned apart so an answer can say they were not counted.
import { normalizeNdc } from "@/lib/lexicon/codes/ndc";
import { classesInText, className, isInClass } from "@/lib/lexicon/drug-classes";
import { findDrugEntry, genericName } from "@/lib/lexicon/drugs";
import { sameDrug } from "@/lib/lexicon/same-drug";
import type { ClaimRecord, TestClaim } from "./types";

export const DEFAULT_DAYS_SUPPLY = 30;

/** HCPCS codes of drugs given in a clinic (medical claims): the code names the drug. */
const DRUG_HCPCS: Record<string, string> = {
  J0135: "adalimumab", J1745: "infliximab", J1438: "etanercept", J0717: "certolizumab pegol", J1602: "golimumab",
  J3357: "ustekinumab", J3358: "ustekinumab", J9035: "bevacizumab", J9310: "rituximab", J9312: "rituximab", J0129: "abatacept",
  J3262: "tocilizumab", J9000: "doxorubicin", J9060: "cisplatin", J9045: "carboplatin", J9208: "ifosfamide", J9250: "methotrexate",
  J9260: "methotrexate", J1100: "dexamethasone", J2930: "methylprednisolone", J1040: "methylprednisolone", J9070: "cyclophosphamide",
  J9181: "etoposide", J9267: "paclitaxel", J9171: "docetaxel", J9201: "gemcitabine", J9190: "fluorouracil",
};

export interface DrugTrial {
  /** Generic name (vocabulary) or the normalised written name. */
  drug: string;
  /** The name as the first claim wrote it. */
  written: string;
  claimIds: string[];
  firstFill: string;
  lastFill: string;
  fills: number;
  durationDays: number;
  /** True when a fill had no days_supply and DEFAULT_DAYS_SUPPLY was used. */
  daysSupplyAssumed: boolean;
}

/** What counts toward a step-therapy criterion: named drugs, classes (with the policy's examples), exclusions. */
export interface TrialRequirement {
  drugs?: string[];
  drugClasses?: string[];
  /** Drugs the policy lists as examples of the class ("Examples of other antiseizure medications include ..."). */
  examples?: string[];
  /** Drugs that never count ("other" than the requested drug). */
  exclude?: string[];
  /**
   * With no drug and no class named: whether any drug counts. Only a caller that means "any drug" (prior use of the
   * requested drug, a history listing) sets it; a criterion naming nothing never counts arbitrary drugs.
   */
  anyDrug?: boolean;
}

const DAY = 86_400_000;
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** The drug a claim is for: its drug name, its NDC's name elsewhere in the history, or its HCPCS drug code. */
export function claimDrugName(claim: ClaimRecord, history: readonly ClaimRecord[] = []): string | null {
  if (claim.drug_name?.trim()) return claim.drug_name.trim();
  const ndc = claim.ndc ? normalizeNdc(claim.ndc) : null;
  if (ndc) {
    const named = history.find((c) => c.drug_name && c.ndc && normalizeNdc(c.ndc) === ndc);
    if (named?.drug_name) return named.drug_name;
  }
  if (claim.procedure_code) return DRUG_HCPCS[claim.procedure_code.toUpperCase()] ?? null;
  return null;
}

/** True when a drug name satisfies the requirement (named drug, class member or listed example) and is not excluded. */
export function drugMeetsRequirement(name: string, req: TrialRequirement): boolean {
  if ((req.exclude ?? []).some((x) => sameDrug(name, x))) return false;
  const drugs = req.drugs ?? [];
  const classes = req.drugClasses ?? [];
  if (!drugs.length && !classes.length) return Boolean(req.anyDrug);
  if (drugs.some((d) => sameDrug(name, d) || classesInText(d).some((c) => isInClass(name, c)))) return true;
  if (classes.some((c) => isInClass(name, c))) return true;
  return classes.length > 0 && (req.examples ?? []).some((e) => sameDrug(name, e));
}

/** Paid claims grouped into one trial per drug (pharmacy fills and clinic-administered HCPCS drugs). */
export function drugTrials(claims: readonly ClaimRecord[], req: TrialRequirement = { anyDrug: true }): { trials: DrugTrial[]; notCounted: ClaimRecord[] } {
  const byDrug = new Map<string, { written: string; claims: ClaimRecord[] }>();
  const notCounted: ClaimRecord[] = [];
  const sorted = [...claims].sort((a, b) => a.date.localeCompare(b.date) || a.claim_id.localeCompare(b.claim_id));
  for (const claim of sorted) {
    const name = claimDrugName(claim, claims);
    if (!name || !drugMeetsRequirement(name, req)) continue;
    if (claim.status !== "paid") {
      notCounted.push(claim);
      continue;
    }
    const key = findDrugEntry(name)?.generic ?? genericName(name);
    const group = byDrug.get(key) ?? { written: name, claims: [] };
    group.claims.push(claim);
    byDrug.set(key, group);
  }
  const trials: DrugTrial[] = [];
  for (const [drug, group] of byDrug) {
    const first = group.claims[0];
    const last = group.claims[group.claims.length - 1];
    const supply = (c: ClaimRecord) => (c.type === "medical" ? 1 : (c.days_supply ?? DEFAULT_DAYS_SUPPLY));
    trials.push({
      drug,
      written: group.written,
      claimIds: group.claims.map((c) => c.claim_id),
      firstFill: first.date,
      lastFill: last.date,
      fills: group.claims.length,
      durationDays: daysBetween(first.date, last.date) + supply(last),
      daysSupplyAssumed: group.claims.some((c) => c.type === "pharmacy" && c.days_supply === undefined),
    });
  }
  return { trials, notCounted };
}

/** Why a paid fill of the right drug does not count under a look-back or a supply length. */
export interface ExcludedFill<C extends ClaimRecord = ClaimRecord> {
  claim: C;
  why: "outside_window" | "after_request" | "short_supply" | "supply_unknown";
  /** Days from the fill to the request date. */
  daysBefore: number;
}

export interface FillWindow {
  /** YYYY-MM-DD: the request date the look-back counts back from. */
  asOf: string;
  /** The fill must lie within this many days before `asOf`. */
  withinDays?: number;
  /** The fill must cover at least this many days. */
  minSupplyDays?: number;
}

/**
 * Paid claims of the requirement's drugs split by a look-back window and a supply length: those that count and those
 * that do not, each with why (older than the window, after the request, a shorter supply, no days supply stated).
 */
export function fillsInWindow<C extends ClaimRecord>(claims: readonly C[], req: TrialRequirement, window: FillWindow): { counted: C[]; excluded: ExcludedFill<C>[] } {
  const counted: C[] = [];
  const excluded: ExcludedFill<C>[] = [];
  for (const claim of claims) {
    const name = claimDrugName(claim, claims);
    if (claim.status !== "paid" || !name || !drugMeetsRequirement(name, req)) {
      counted.push(claim); // not a fill of the requirement: drugTrials sorts it out (denied ones are reported there)
      continue;
    }
    const daysBefore = daysBetween(claim.date, window.asOf);
    const why: ExcludedFill["why"] | null =
      daysBefore < 0 ? "after_request"
      : window.withinDays !== undefined && daysBefore > window.withinDays ? "outside_window"
      : window.minSupplyDays !== undefined && claim.type === "pharmacy" && claim.days_supply === undefined ? "supply_unknown"
      : window.minSupplyDays !== undefined && claim.type === "pharmacy" && (claim.days_supply ?? 0) < window.minSupplyDays ? "short_supply"
      : null;
    if (why) excluded.push({ claim, why, daysBefore });
    else counted.push(claim);
  }
  return { counted, excluded };
}

export interface StepTherapyFromClaims {
  met: boolean;
  /** Distinct drugs whose trials count (and last long enough). */
  qualifying: DrugTrial[];
  /** Trials of the right drugs that were shorter than required. */
  tooShort: DrugTrial[];
  /** Denied or pending claims of the right drugs: not trials. */
  notCounted: ClaimRecord[];
  summary: string;
}

/** How far claims alone satisfy "N distinct drugs (of a class), each for at least D days". */
export function stepTherapyFromClaims(claims: readonly ClaimRecord[], req: TrialRequirement & { count: number; minDurationDays?: number }): StepTherapyFromClaims {
  const { trials, notCounted } = drugTrials(claims, req);
  const min = req.minDurationDays ?? 0;
  const qualifying = trials.filter((t) => t.durationDays >= min);
  const tooShort = trials.filter((t) => t.durationDays < min);
  const met = qualifying.length >= req.count;
  const describe = (t: DrugTrial) => `${t.written} (${t.fills} paid fill${t.fills === 1 ? "" : "s"} ${t.firstFill}${t.fills > 1 ? ` to ${t.lastFill}` : ""}, about ${t.durationDays} days${t.daysSupplyAssumed ? ` assuming ${DEFAULT_DAYS_SUPPLY}-day fills` : ""}; claims ${t.claimIds.join(", ")})`;
  const parts = [
    qualifying.length ? `trials: ${qualifying.map(describe).join("; ")}` : "no paid trial",
    tooShort.length ? `shorter than ${min} days: ${tooShort.map(describe).join("; ")}` : "",
    notCounted.length ? `not counted (${notCounted.map((c) => `${c.claim_id} ${c.status}`).join(", ")})` : "",
  ].filter(Boolean);
  return { met, qualifying, tooShort, notCounted, summary: `Claims: ${parts.join("; ")}.` };
}

/** Paid claims of the requested drug (by NDC, else by name): the case is a continuation of therapy. */
export function priorUseOfDrug(claims: readonly ClaimRecord[], drug: { name?: string | null; ndc?: string | null }): { used: boolean; trial: DrugTrial | null; claims: ClaimRecord[] } {
  const ndc = drug.ndc ? normalizeNdc(drug.ndc) : null;
  const matches = claims.filter((c) => {
    if (ndc && c.ndc && normalizeNdc(c.ndc) === ndc) return true;
    const name = claimDrugName(c, claims);
    return Boolean(drug.name && name && sameDrug(name, drug.name));
  });
  const paid = matches.filter((c) => c.status === "paid");
  if (!paid.length) return { used: false, trial: null, claims: matches };
  const { trials } = drugTrials(paid.map((c) => ({ ...c, drug_name: c.drug_name ?? drug.name ?? undefined })), { anyDrug: true });
  return { used: true, trial: trials[0] ?? null, claims: paid };
}

/** The test claim in words, and whether it shows coverage. */
export function testClaimOutcome(testClaim: TestClaim | null | undefined): { status: TestClaim["status"]; covered: boolean | null; summary: string } | null {
  if (!testClaim) return null;
  const covered = testClaim.status === "approved" ? true : testClaim.status === "denied" ? false : (testClaim.expected_coverage ?? null);
  const expected = testClaim.expected_coverage === undefined ? "" : `, coverage ${testClaim.expected_coverage ? "expected" : "not expected"}`;
  const notes = testClaim.adjudication_notes ? ` Notes: ${testClaim.adjudication_notes}` : "";
  return { status: testClaim.status, covered, summary: `Test claim ${testClaim.claim_id} (${testClaim.date}) is ${testClaim.status}${expected}.${notes}` };
}

/** Readable names of the classes and drugs a requirement asks for. */
export function describeRequirement(req: TrialRequirement): string {
  const classes = (req.drugClasses ?? []).map(className);
  return [...classes, ...(req.drugs ?? [])].join(" or ") || (req.anyDrug ? "prior therapy" : "no drug named");
}
