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
  /** The decision clock stops while a case waits for requested information. */
  pause_clock_while_waiting: z.boolean(),
  /** Denial reasons reviewers pick from (the workspace's list, or the built-in one). */
  denial_reason_codes: z.array(z.object({ code: z.string(), text: z.string() })),
  /** How to appeal, printed on denial notices. */
  appeal_instructions: z.string(),
});
