import { z } from "zod";
import { ZDeterminationBody } from "@/lib/determinations/determination-record";

/** Spec 2.7, plus the record's id, the engine's own recommendation before the clinician rule, and its digests. */
export const ZDetermination = z.looseObject({
  id: z.uuid(),
  ...ZDeterminationBody.shape,
  /** ISO 8601 with zone designator. */
  generated_at: z.string(),
});

export const ZDeterminationResponse = z.object({ determination: ZDetermination });

export const ZDeterminationList = z.object({ data: z.array(ZDetermination) });
