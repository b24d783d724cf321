import { z } from "zod";

export const ZWorkspace = z.object({
  id: z.uuid(),
  name: z.string(),
  sla_hours_expedited: z.number().int(),
  sla_hours_standard: z.number().int(),
  require_clinician_for_adverse: z.boolean(),
  /** Policy check and determination run in the background when intake finishes or new material arrives. */
  auto_evaluate: z.boolean(),
  /** Engine approvals that meet every safety invariant are final (false: every outcome waits for a reviewer). */
  engine_approvals_final: z.boolean(),
});
