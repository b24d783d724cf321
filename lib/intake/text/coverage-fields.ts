// Coverage from a form's labelled fields: member ID, payer, plan and group. A bare "Plan" label is also a note's
// heading ("Plan: start adalimumab"), so it counts only on a page that also has another coverage field (member ID,
// payer or group). Pure.
import type { Evidence, IntakeCoverage } from "@/lib/intake/types";
import type { FieldHit } from "./read-labelled-fields";

export interface CoverageHit {
  hit: FieldHit;
  /** Which page the hit is on (pages are compared by identity). */
  page: unknown;
}

const COVERAGE_KINDS = new Set(["memberId", "payer", "plan", "group"]);
/** An identifier: letters and digits with at least one digit ("W123456789", "GRP-0042"). */
const IDENTIFIER = /[A-Za-z0-9][A-Za-z0-9-]{1,39}/;

export function coverageFromFields<H extends CoverageHit>(hits: H[], evidence: (hit: H, field: string) => Evidence): IntakeCoverage | null {
  const coverage: IntakeCoverage = { memberId: null, payer: null, plan: null, group: null, evidence: [] };
  const mine = hits.filter((h) => h.hit.role === "patient" && COVERAGE_KINDS.has(h.hit.kind) && h.hit.value.trim());
  for (const h of mine) {
    const value = h.hit.value.trim();
    if (h.hit.kind === "memberId" && !coverage.memberId) {
      const id = IDENTIFIER.exec(value)?.[0];
      if (id && id.length >= 3 && /\d/.test(id)) set(coverage, "memberId", id, evidence(h, "memberId"));
    } else if (h.hit.kind === "group" && !coverage.group) {
      const id = IDENTIFIER.exec(value)?.[0];
      if (id && /\d/.test(id)) set(coverage, "group", id, evidence(h, "group"));
    } else if (h.hit.kind === "payer" && !coverage.payer && isName(value)) {
      set(coverage, "payer", value, evidence(h, "payer"));
    } else if (h.hit.kind === "plan" && !coverage.plan && isName(value)) {
      const bare = /^plan$/i.test(h.hit.label.trim());
      const besideCoverage = mine.some((o) => o !== h && o.page === h.page && o.hit.kind !== "plan");
      if (!bare || besideCoverage) set(coverage, "plan", value, evidence(h, "plan"));
    }
  }
  return coverage.evidence.length ? coverage : null;
}

function set(coverage: IntakeCoverage, field: "memberId" | "payer" | "plan" | "group", value: string, ev: Evidence) {
  coverage[field] = value;
  coverage.evidence.push(ev);
}

/** A payer or plan name: has letters, is not a check box answer or a placeholder, and is not a sentence. */
function isName(value: string): boolean {
  if (!/[A-Za-z]{2}/.test(value) || value.length > 80) return false;
  if (/^(?:yes|no|n\/?a|none|unknown|other|tbd|-+)$/i.test(value)) return false;
  return value.split(/\s+/).length <= 10;
}
