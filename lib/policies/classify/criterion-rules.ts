// The criterion rules of criterion-rules.json: validated with zod and compiled once (patterns, lexicon look-ups,
// phases), each bound to its extractor. A table that names an unknown pattern or extractor, or a kind its extractor
// does not yield, fails when loaded.
import { z } from "zod";
import { classesInText } from "@/lib/lexicon/drug-classes";
import { findDrugMentions } from "@/lib/lexicon/drugs";
import { findIcd10Codes } from "@/lib/lexicon/codes/icd10";
import { CHECK_KINDS, type CheckKind } from "../check-schema";
import data from "./criterion-rules.json";
import type { ChildKind, CriterionInput } from "./criterion-input";
import { criterionPattern } from "./criterion-patterns";
import { EXTRACTORS, type Extractor } from "./extractors";

const CHILD_KINDS = ["diagnosis", "step_therapy", "combination_therapy", "documentation", "concurrent_therapy_exclusion", "prescriber_specialty"] as const satisfies readonly ChildKind[];

const ZCue = z.string().min(1);
export const ZCriterionRule = z.strictObject({
  name: z.string().regex(/^[a-z]+(?:\.[a-z0-9-]+)+$/, "a dotted name such as step.tried-failed"),
  kind: z.enum(CHECK_KINDS),
  /** Only items of a list whose intro says they are of this kind (rules without it never read such items). */
  inherited: z.enum(CHILD_KINDS).optional(),
  /** All must hold. */
  requires: z.array(ZCue).optional(),
  /** One must match (none listed: the extractor decides alone). */
  cues: z.array(ZCue),
  /** None may match. */
  exclusions: z.array(ZCue),
  extract: z.string().min(1),
  why: z.string().min(1),
});
export const ZCriterionRuleTable = z.strictObject({
  $comment: z.string().optional(),
  patterns: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string().min(1)),
  rules: z.array(ZCriterionRule).min(1),
});
export type TCriterionRule = z.infer<typeof ZCriterionRule>;

type Cue = (input: CriterionInput) => boolean;

const LEXICON_CUES: Record<string, Cue> = {
  drugs: ({ text }) => findDrugMentions(text).length > 0,
  "drug-classes": ({ lower }) => classesInText(lower).length > 0,
  "icd10-codes": ({ text }) => findIcd10Codes(text).length > 0,
};

/** "@name": a pattern of the table; "lexicon:<list>": the lexicon finds one; "phase:<phase>"; else an expression. */
export function compileCue(cue: string): Cue {
  if (cue.startsWith("@")) {
    const re = criterionPattern(cue.slice(1));
    return ({ lower }) => re.test(lower);
  }
  if (cue.startsWith("lexicon:")) {
    const found = LEXICON_CUES[cue.slice("lexicon:".length)];
    if (!found) throw new Error(`criterion rule cue "${cue}": the lexicon has no such list`);
    return found;
  }
  if (cue.startsWith("phase:")) {
    const phase = cue.slice("phase:".length);
    if (!["initial", "continuation", "general"].includes(phase)) throw new Error(`criterion rule cue "${cue}": no such phase`);
    return ({ ctx }) => ctx.phase === phase;
  }
  const re = new RegExp(cue, "i");
  return ({ lower }) => re.test(lower);
}

export interface CompiledRule {
  name: string;
  kind: CheckKind;
  inherited?: ChildKind;
  requires: Cue[];
  cues: Cue[];
  exclusions: Cue[];
  extract: Extractor;
}

export function compileRules(table: unknown): CompiledRule[] {
  const parsed = ZCriterionRuleTable.parse(table);
  const names = new Set<string>();
  return parsed.rules.map((rule) => {
    if (names.has(rule.name)) throw new Error(`criterion rule "${rule.name}" is listed twice`);
    names.add(rule.name);
    const extractor = EXTRACTORS[rule.extract];
    if (!extractor) throw new Error(`criterion rule "${rule.name}": no extractor "${rule.extract}"`);
    if (extractor.kind !== rule.kind) throw new Error(`criterion rule "${rule.name}": extractor "${rule.extract}" yields ${extractor.kind}, not ${rule.kind}`);
    return {
      name: rule.name,
      kind: rule.kind,
      inherited: rule.inherited,
      requires: (rule.requires ?? []).map(compileCue),
      cues: rule.cues.map(compileCue),
      exclusions: rule.exclusions.map(compileCue),
      extract: extractor.extract,
    };
  });
}

export const CRITERION_RULES: readonly CompiledRule[] = compileRules(data);
