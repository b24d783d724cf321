// The question a reviewer asks for a criterion: "Is the patient 1 year of age or older?", "Does the patient have a
// diagnosis of Lennox-Gastaut Syndrome?", or the criterion's own statement turned into a question.
import { describeAgeBounds } from "./checks/answer-age";
import { describeStepRequirement } from "./checks/answer-step-therapy";
import { listWords } from "./case-context";
import { withoutConnector } from "./list-markers";
import type { CriterionNode } from "./types";

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const PERFECT = /^(?:been|had|tried|failed|received|experienced|undergone|completed|not|documented|shown|demonstrated|progressed|relapsed)\b/i;

/** "Patient is ≥ 1 year of age" -> "Is the patient ≥ 1 year of age?"; null when no rule fits. */
export function statementToQuestion(statement: string): string | null {
  const s = withoutConnector(statement).replace(/[.;:]+$/, "").replace(/\s+/g, " ").trim();
  let m = /^(?:the )?(patient|member|individual)'?s? has (\w+) or is (.+)$/i.exec(s);
  if (m) return `Has the ${m[1].toLowerCase()} ${m[2]}, or is the ${m[1].toLowerCase()} ${m[3]}?`;
  m = /^(?:the )?(patient|member|individual|disease|tumou?r|cancer|condition|prescriber|physician|medication|drug|requested drug|request) (is|was|are|were|has|had|does|did|will|can) (.+)$/i.exec(s);
  if (m) {
    const subject = `the ${m[1].toLowerCase()}`;
    const verb = m[2].toLowerCase();
    if (verb === "has" && !PERFECT.test(m[3])) return `Does ${subject} have ${m[3]}?`;
    if (verb === "had" && !PERFECT.test(m[3])) return `Did ${subject} have ${m[3]}?`;
    return `${cap(verb)} ${subject} ${m[3]}?`;
  }
  m = /^(?:used|given|administered) (.+)$/i.exec(s);
  if (m) return `Is the medication ${s.split(" ")[0].toLowerCase()} ${m[1]}?`;
  m = /^(?:diagnosis|dx) of (.+)$/i.exec(s);
  if (m) return `Does the patient have a diagnosis of ${m[1]}?`;
  m = /^(?:documentation|evidence|presence|history) of (.+)$/i.exec(s);
  if (m) return `Is there documentation of ${m[1]}?`;
  return null;
}

export function questionFor(criterion: CriterionNode): string {
  const { check, text } = criterion;
  switch (check.kind) {
    case "age":
      return `Is the patient ${describeAgeBounds(check)}?`;
    case "diagnosis":
      return `Does the patient have a diagnosis of ${listWords(check.names, "or") || check.icd10Prefixes.join(" or ")}?`;
    case "prescriber_specialty":
      return check.specialties.length
        ? `Is the medication prescribed by${check.consultationAllowed ? " or in consultation with" : ""} ${/^[aeiou]/i.test(check.specialties[0]) ? "an" : "a"} ${listWords(check.specialties, "or")}?`
        : (statementToQuestion(text) ?? `Is the prescriber a specialist in the condition treated?`);
    case "step_therapy":
      return statementToQuestion(text) ?? `Has the patient tried ${describeStepRequirement(check)}?`;
    case "combination_therapy":
      return statementToQuestion(text) ?? `Is the medication used in combination with ${listWords(check.drugs, "or")}?`;
    case "concurrent_therapy_exclusion":
      return statementToQuestion(text) ?? `Is the patient free of concurrent therapy with ${listWords([...check.drugs, ...(check.drugClasses ?? [])], "or")}?`;
    case "lab_threshold": {
      const unit = check.unit ? ` ${check.unit}` : "";
      const limit = check.relativeTo
        ? `${check.value === 1 ? "" : `${check.value} times `}the ${check.relativeTo === "upper_limit_of_normal" ? "upper" : "lower"} limit of normal`
        : check.byDiagnosis?.length
          ? check.byDiagnosis.map((b) => `${b.value}${unit} for ${listWords(b.names.length ? b.names : b.icd10Prefixes, "or")}`).join(", or ")
          : `${check.value}${unit}`;
      const window = check.withinDays ? `, in a result from the past ${check.withinDays} days` : "";
      return `Is the patient's ${check.analyte} ${{ "<": "below", "<=": "at or below", ">": "above", ">=": "at or above", "=": "equal to" }[check.comparator]} ${limit}${window}?`;
    }
    case "quantity_limit":
      return `Is the requested quantity within ${check.value} ${check.unit}${check.perDays ? ` per ${check.perDays} days` : ""}?`;
    case "dose_limit":
      return `Is the requested dose at most ${check.value} ${check.unit}${check.perDays ? ` per ${check.perDays} days` : ""}?`;
    case "labeled_dose_limit":
      return "Is the requested daily dose within the FDA-labeled maximum for the patient?";
    case "duration_limit":
      return `Is the requested treatment duration at most ${check.value} ${check.unit}${check.value === 1 ? "" : "s"}?`;
    case "continuation":
      if (check.requirement === "on_therapy") return `Is the patient currently receiving ${check.drug ?? "the requested drug"}?`;
      if (check.requirement === "no_progression") return `Is there no evidence of disease progression while on ${check.drug ?? "the requested drug"}?`;
      return statementToQuestion(text) ?? `Is the patient responding to ${check.drug ?? "the requested drug"}?`;
    case "documentation":
      return statementToQuestion(check.what) ?? statementToQuestion(text) ?? `Do the documents show: ${check.what}?`;
    default:
      return statementToQuestion(text) ?? `Is this criterion met: “${withoutConnector(text).replace(/[.;:]+$/, "")}”?`;
  }
}
