import { z } from "zod";

export const ZWorkspace = z.object({
  id: z.uuid(),
  name: z.string(),
  sla_hours_expedited: z.number().int(),
  sla_hours_standard: z.number().int(),
  require_clinician_for_adverse: z.boolean(),
});
