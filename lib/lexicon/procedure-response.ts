// Criteria that ask for an inadequate response to a procedure, and how notes write one (data/procedure-response.json):
// "Must not have had an adequate clinical response to surgery, radiation" is read as the procedures it names, and a
// note's "persistent acromegaly after surgery", "adenectomy ... residual tumour", "IGF-1 remains elevated post-op"
// as an inadequate response to the surgery.
import data from "./data/procedure-response.json";

export interface ProcedureWords {
  id: string;
  name: string;
  /** A sentence naming the procedure (its words, or a word with one of its endings: "adenectomy"). */
  evidence: RegExp;
}

const words = (items: readonly string[]) => items.join("|");

const INADEQUATE = new RegExp(`\\b(?:${words(data.criterionInadequate)})\\b`, "i");
const OUTCOME = new RegExp(`\\b(?:${words(data.inadequateOutcomes)})\\b`, "i");

const PROCEDURES: readonly (ProcedureWords & { criterion: RegExp })[] = data.procedures.map((p) => ({
  id: p.id,
  name: p.name,
  criterion: new RegExp(`\\b(?:${words(p.criterionWords)})\\b`, "i"),
  evidence: new RegExp(`\\b(?:${words(p.evidenceWords)}${p.evidenceSuffixes.length ? `|[a-z]+(?:${words(p.evidenceSuffixes)})` : ""})\\b`, "i"),
}));

/**
 * The procedures whose inadequate response a criterion asks for ("Must not have had an adequate clinical response to
 * surgery, radiation, bromocriptine" -> surgery, radiation); none when it asks no such thing ("surgery is not an
 * option" names a procedure, no response to it).
 */
export function inadequateResponseProcedures(criterion: string): ProcedureWords[] {
  if (!INADEQUATE.test(criterion)) return [];
  return PROCEDURES.filter((p) => p.criterion.test(criterion)).map(({ id, name, evidence }) => ({ id, name, evidence }));
}

/** Does the sentence state an inadequate outcome ("persistent", "residual", "remains elevated", "not curative")? */
export const statesInadequateOutcome = (sentence: string) => OUTCOME.test(sentence);
