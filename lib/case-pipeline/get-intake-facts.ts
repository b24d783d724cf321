// A case's stored intake (stage 2's record), read by the later stages and GET /intake.
import { prisma } from "@/lib/db/prisma";
import { IntakeNotReady } from "@/lib/errors/domain-errors";
import { applyCorrections, toAppliedCorrection, type AppliedCorrection, type CorrectedFacts } from "@/lib/intake/corrections";
import { readIntakeFacts } from "@/lib/intake/intake-facts-schema";

/** The client or a transaction: only the two tables read here. */
type Db = Pick<typeof prisma, "intake" | "intakeCorrection">;

/** A case's corrections in the order they were made (the latest of each field wins when applied). */
export async function loadCorrections(db: Db, priorAuthId: string): Promise<AppliedCorrection[]> {
  const rows = await db.intakeCorrection.findMany({ where: { priorAuthId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(toAppliedCorrection);
}

/** The stored intake with the reviewer's corrections laid over it, or null before intake. */
export async function correctedFactsOf(db: Db, priorAuthId: string): Promise<CorrectedFacts | null> {
  const intake = await db.intake.findUnique({ where: { priorAuthId } });
  if (!intake) return null;
  return applyCorrections(readIntakeFacts(intake.facts, `prior authorization ${priorAuthId}`), await loadCorrections(db, priorAuthId));
}

/**
 * The intake of a case whose processing succeeded, with its corrections on top; IntakeNotReady while it is processing, failed
 * or cancelled.
 */
export async function getIntakeFactsOrThrow(priorAuth: { id: string; intakeStatus: string; failureReason: string | null }): Promise<CorrectedFacts> {
  if (priorAuth.intakeStatus === "Processing") throw new IntakeNotReady("Intake is still processing; retry when intake_status is Succeeded.");
  if (priorAuth.intakeStatus !== "Succeeded") {
    throw new IntakeNotReady(`Intake is ${priorAuth.intakeStatus}${priorAuth.failureReason ? `: ${priorAuth.failureReason}` : ""}.`);
  }
  const facts = await correctedFactsOf(prisma, priorAuth.id);
  if (!facts) throw new IntakeNotReady("Intake is not available for this prior authorization.");
  return facts;
}
