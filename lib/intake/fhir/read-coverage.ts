// Coverage from a FHIR R4 Coverage resource: the member ID (subscriberId, else an identifier typed MB / SN or with a
// member system), the payer (payor's display, else the name of the Organization it points to), and the plan and
// group from Coverage.class (type "plan" / "group": the name when given, else the value). Pure.
import type { Evidence, IntakeCoverage } from "@/lib/intake/types";
import { asArray, codings, isObject, str, type Json } from "./fhir-codes";

/** `evidence(rest, value, field)` quotes a JSON path under the Coverage. `resolveName` names a referenced payer. */
export function readCoverage(
  resource: Json,
  evidence: (rest: string, value: unknown, field: string) => Evidence,
  resolveName: (reference: unknown) => string | null,
): IntakeCoverage | null {
  const coverage: IntakeCoverage = { memberId: null, payer: null, plan: null, group: null, evidence: [] };
  const subscriberId = str(resource.subscriberId);
  if (subscriberId) {
    coverage.memberId = subscriberId;
    coverage.evidence.push(evidence("subscriberId", subscriberId, "memberId"));
  } else {
    asArray(resource.identifier).forEach((id, i) => {
      if (coverage.memberId || !isObject(id)) return;
      const types = codings(id.type).map((c) => c.coding.code);
      const value = str(id.value);
      if (value && (types.includes("MB") || types.includes("SN") || /member|subscriber/i.test(str(id.system) ?? ""))) {
        coverage.memberId = value;
        coverage.evidence.push(evidence(`identifier[${i}].value`, value, "memberId"));
      }
    });
  }
  asArray(resource.payor).forEach((payor, i) => {
    if (coverage.payer || !isObject(payor)) return;
    const display = str(payor.display);
    const name = display ?? resolveName(payor);
    if (name) {
      coverage.payer = name;
      coverage.evidence.push(evidence(display ? `payor[${i}].display` : `payor[${i}]`, name, "payer"));
    }
  });
  asArray(resource.class).forEach((cls, i) => {
    if (!isObject(cls)) return;
    const type = codings(cls.type).map((c) => c.coding.code);
    const field = type.includes("plan") ? "plan" : type.includes("group") ? "group" : null;
    if (!field || coverage[field]) return;
    const value = field === "plan" ? (str(cls.name) ?? str(cls.value)) : (str(cls.value) ?? str(cls.name));
    if (!value) return;
    coverage[field] = value;
    coverage.evidence.push(evidence(`class[${i}].${value === str(cls.value) ? "value" : "name"}`, value, field));
  });
  return coverage.evidence.length ? coverage : null;
}
