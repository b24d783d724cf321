// What a fixture builder of a policy family offers the evaluation (lib/evaluation/corpus.eval.test.ts): a policy
// document written in the family's layout and labelled cases against it, all as PDF bytes built in the test run.
// A module named `*.eval-fixture.ts` under lib/ exporting `evaluationFixtures` is picked up by the evaluation.
import type { PolicyFamily } from "@/lib/policies/read/types";

export interface EvaluationFixtureCase {
  /** Unique within the fixture: "januvia_a". */
  name: string;
  /** approved; denied (a criterion not met: not approved, the deciding step not met); request_for_information (the
   * deciding criterion has no evidence: the engine asks for it). */
  expected: "approved" | "denied" | "request_for_information";
  /** false: the document holds no section for the drug (a drug not in the list): the check must find none (422). */
  inDocument?: boolean;
  /** The drug as a request names it. */
  drug: string;
  /** YYYY-MM-DD: the day the request is decided on. */
  asOf: string;
  /** The criterion that decides the case, with its words in double quotes: "... \"Prior use of metformin\"". */
  decidingCriterion?: string;
  /** Fields the intake is scored on: patient_dob, dx_icd10, prescriber_specialty, drug, prescriber_npi, quantity. */
  label?: Record<string, unknown>;
  /** The case's documents (request form, notes, claims table) as PDFs. */
  documents: () => Promise<Uint8Array[]>;
}

export interface EvaluationFixture {
  family: PolicyFamily;
  /** "formulary-medicaid-pdl" */
  name: string;
  policy: () => Promise<Uint8Array>;
  cases: EvaluationFixtureCase[];
}
