// Numbered Yes/No step logic, as clinical-edit documents print it ("Step 1: Is the member 18 years of age or older?
// Yes - Go to Step 2; No - Deny request"), read as a criteria tree (pure): the ways from Step 1 to "Approve" are ANY
// of paths, each ALL of its answers. An answer "Yes" is the question's criterion; an answer "No" is the question's
// negation: concurrent use of drugs becomes an exclusion of them, anything else a manual step saying what must not
// apply (never met by the classifier's reading of the positive question). Deny branches are no path; a step whose
// answers both lead on asks nothing. An outcome no rule reads, a missing step or a loop gives null: the caller keeps
// the text as manual steps.
import { readCriterion } from "@/lib/policies/classify-criterion";
import type { CriteriaNode, CriterionNode, Quote } from "@/lib/policies/types";

export type StepOutcome = { goto: number } | "approve" | "deny";

export interface LogicStep {
  number: number;
  question: string;
  quote: Quote;
  yes: StepOutcome;
  no: StepOutcome;
}

/** "Step 3", "Go to Step 3", "go to #3": the step an answer leads to; "Approve ...", "Deny ...": the end. */
const GOTO = /\b(?:go|proceed|continue|move)\s+(?:on\s+)?to\s+(?:step|question|#)\s*#?\s*(\d{1,2})\b|^\s*(?:step|question|#)\s*#?\s*(\d{1,2})\b/i;
const APPROVE = /\b(?:approve|approved|approval|authori[sz]e|grant)\b/i;
const DENY = /\b(?:deny|denied|denial|reject|not\s+approved|does\s+not\s+meet)\b/i;

/** What an answer's words lead to, or null when they say none of these. */
export function readOutcome(text: string): StepOutcome | null {
  const go = GOTO.exec(text);
  if (go) return { goto: Number(go[1] ?? go[2]) };
  if (DENY.test(text)) return "deny";
  if (APPROVE.test(text)) return "approve";
  return null;
}

/** One printed line: "Step 2: question?", "Yes – Go to Step 3", "No: Deny request", "If yes, approve". */
const STEP_LINE = /^\s*(?:step|question)\s*#?\s*(\d{1,2})\s*[:.)\u2013\u2014-]?\s*(.+)$/i;
const ANSWER_LINE = /^\s*(?:if\s+)?(yes|no)\b\s*[,:.\u2013\u2014\u2192>-]*\s*(.+)$/i;

/** Steps of a document's lines (page, text), answers read from the lines under each question; null when an answer is unread. */
export function readSteps(lines: readonly { page: number; text: string }[]): LogicStep[] | null {
  const steps: (Omit<LogicStep, "yes" | "no"> & { yes?: StepOutcome; no?: StepOutcome })[] = [];
  for (const line of lines) {
    const step = STEP_LINE.exec(line.text);
    if (step && !ANSWER_LINE.test(line.text)) {
      steps.push({ number: Number(step[1]), question: step[2].trim(), quote: { page: line.page, text: line.text.trim() } });
      continue;
    }
    const answer = ANSWER_LINE.exec(line.text);
    const current = steps[steps.length - 1];
    if (!answer || !current) continue;
    const outcome = readOutcome(answer[2]);
    if (!outcome) return null;
    current[answer[1].toLowerCase() as "yes" | "no"] = outcome;
  }
  if (!steps.length) return null;
  if (steps.some((s) => !s.yes || !s.no)) return null;
  return steps as LogicStep[];
}

/** The criterion an answer to a step is: the question read, or its negation. */
function answerCriterion(step: LogicStep, answer: "yes" | "no", id: string): CriterionNode {
  const read = readCriterion(step.question.replace(/\?\s*$/, ""));
  if (answer === "yes") return { kind: "criterion", id, text: step.question, quote: step.quote, check: read.check, rule: `step-logic.yes/${read.rule}` };
  const check = read.check;
  if (check.kind === "combination_therapy" || check.kind === "concurrent_therapy_exclusion") {
    return { kind: "criterion", id, text: `No: ${step.question}`, quote: step.quote, check: { kind: "concurrent_therapy_exclusion", drugs: check.drugs, ...(check.kind === "concurrent_therapy_exclusion" && check.drugClasses ? { drugClasses: check.drugClasses } : {}) }, rule: "step-logic.no-concurrent" };
  }
  return { kind: "criterion", id, text: `Must not apply (the document denies on "Yes"): ${step.question}`, quote: step.quote, check: { kind: "manual" }, rule: "step-logic.no-manual" };
}

/** The criteria tree of the steps (from the first), or null when a step is missing or the steps loop. */
export function stepTree(steps: readonly LogicStep[], id: string): CriteriaNode | null {
  const byNumber = new Map(steps.map((s) => [s.number, s]));
  const from = (number: number, seen: ReadonlySet<number>, path: string): CriteriaNode | null | "deny" => {
    const step = byNumber.get(number);
    if (!step || seen.has(number)) return null;
    const next = new Set([...seen, number]);
    const lead = (outcome: StepOutcome): CriteriaNode | null | "deny" | "approve" => (outcome === "approve" || outcome === "deny" ? outcome : from(outcome.goto, next, path));
    const yes = lead(step.yes);
    const no = lead(step.no);
    if (yes === null || no === null) return null;
    // Both answers lead the same way: the question decides nothing.
    if (typeof step.yes === "object" && typeof step.no === "object" && step.yes.goto === step.no.goto) return from(step.yes.goto, next, path);
    const branch = (answer: "yes" | "no", rest: CriteriaNode | "deny" | "approve"): CriteriaNode | null => {
      if (rest === "deny") return null;
      const leaf = answerCriterion(step, answer, `${id}.s${number}.${answer}`);
      return rest === "approve" ? leaf : { kind: "group", id: `${id}.s${number}.${answer}.all`, logic: "all", text: null, quote: null, children: [leaf, ...(rest.kind === "group" && rest.logic === "all" ? rest.children : [rest])] };
    };
    const ways = [branch("yes", yes), branch("no", no)].filter((w): w is CriteriaNode => w !== null);
    if (!ways.length) return "deny";
    return ways.length === 1 ? ways[0] : { kind: "group", id: `${id}.s${number}.any`, logic: "any", text: null, quote: null, children: ways };
  };
  const first = Math.min(...steps.map((s) => s.number));
  const tree = from(first, new Set(), id);
  return tree === "deny" ? null : tree;
}
