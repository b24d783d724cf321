// The input of stages 3-5 (resolve the policy, policy check, determination): what a check reads of a case.
import { prisma } from "@/lib/db/prisma";
import { CaseClosed, NotFound } from "@/lib/errors/domain-errors";
import { toSourceDocument } from "@/lib/documents/to-source-document";
import { getIntakeFactsOrThrow } from "./get-intake-facts";
import { readStoredClaims } from "@/lib/schemas/supporting-information";

/** Everything the policy check and the determination read of a case: intake, documents, claims. IntakeNotReady before intake, CaseClosed once cancelled. */
export async function loadCaseMaterial(opts: { workspaceId: string; priorAuthId: string }) {
  const priorAuth = await prisma.priorAuth.findFirst({ where: { id: opts.priorAuthId, workspaceId: opts.workspaceId } });
  if (!priorAuth) throw new NotFound(`Prior authorization ${opts.priorAuthId}`);
  if (priorAuth.status === "Cancelled") throw new CaseClosed("The prior authorization is Cancelled.");
  const facts = await getIntakeFactsOrThrow(priorAuth);
  const links = await prisma.priorAuthDocument.findMany({ where: { priorAuthId: priorAuth.id }, orderBy: { position: "asc" }, include: { document: true } });
  const claimRows = await prisma.claimRecord.findMany({ where: { priorAuthId: priorAuth.id }, orderBy: [{ date: "asc" }, { claimId: "asc" }] });
  return {
    priorAuth,
    facts,
    documents: links.map((l) => toSourceDocument(l.document)),
    ...readStoredClaims(claimRows),
  };
}

export type CaseMaterial = Awaited<ReturnType<typeof loadCaseMaterial>>;
