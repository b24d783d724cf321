import { z } from "zod";

/** Spec 2.7. */
export const ZDetermination = z.looseObject({
  status: z.string(),
  reasoning: z.array(z.looseObject({ step: z.number().int(), description: z.string(), source: z.string() })),
  recommendation: z.string(),
  references: z.array(z.string()),
  /** ISO 8601 with zone designator. */
  generated_at: z.string(),
});

export const ZDeterminationResponse = z.looseObject({ determination: ZDetermination });

export const ZDeterminationList = z.object({ data: z.array(z.looseObject({ id: z.uuid(), status: z.string(), created_at: z.string() })) });
