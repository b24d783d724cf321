import { z } from "zod";
import { VOCABULARY_KINDS } from "@/lib/lexicon/search-vocabulary";

/** GET /vocabulary?kind=&q=&limit=: what a person types into a correction's look-up. */
export const ZVocabularyQuery = z.strictObject({
  kind: z.enum(VOCABULARY_KINDS, { error: `must be one of ${VOCABULARY_KINDS.join(", ")}` }),
  q: z.string({ error: "must say what to look up" }).trim().min(2, "must have at least 2 characters").max(100, "must have at most 100 characters"),
  limit: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(50, "must be at most 50").default(20),
});
export type TVocabularyQuery = z.infer<typeof ZVocabularyQuery>;

export const ZVocabularyTerm = z.object({
  value: z.string().describe("What POST /corrections takes: the drug's name as listed, the dotted ICD-10-CM code, or the NUCC taxonomy code"),
  label: z.string().describe("The name a person reads"),
  detail: z.string().nullable().describe("A brand's generic and classes, or the NUCC grouping"),
  billable: z.boolean().describe("ICD-10-CM: false for a category, which a correction refuses; true for drugs and specialties"),
});

export const ZVocabularyList = z.object({ data: z.array(ZVocabularyTerm) });
