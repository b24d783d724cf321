// A case's stored intake (stage 2's record), read by the later stages and GET /intake.
import { prisma } from "@/lib/db/prisma";
import { conflict } from "@/lib/api/errors";
import type { IntakeFacts } from "@/lib/intake/types";

/** The stored intake of a case whose processing succeeded; 409 while it is processing, failed or cancelled. */
export async function getIntakeFactsOrThrow(priorAuth: { id: string; intakeStatus: string; failureReason: string | null }): Promise<IntakeFacts> {
  if (priorAuth.intakeStatus === "Processing") throw conflict("Intake is still processing; retry when intake_status is Succeeded.");
  if (priorAuth.intakeStatus !== "Succeeded") {
    throw conflict(`Intake is ${priorAuth.intakeStatus}${priorAuth.failureReason ? `: ${priorAuth.failureReason}` : ""}.`);
  }
  const intake = await prisma.intake.findUnique({ where: { priorAuthId: priorAuth.id } });
  if (!intake) throw conflict("Intake is not available for this prior authorization.");
  return intake.facts as unknown as IntakeFacts;
}
