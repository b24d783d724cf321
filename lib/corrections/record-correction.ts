// A reviewer corrects one intake fact: the correction is stored beside the facts read (never over them), audited with
// who, when, the value before and after and where the new value comes from, and the case is re-evaluated at once with
// the corrected facts (a corrected drug, age or diagnosis can change the decision).
import { isCaseNoLongerOpen, NoApplicablePolicy } from "@/lib/errors/domain-errors";
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { currentValue, drugNameOf, patientNameOf, applyCorrections, toAppliedCorrection, type CorrectionSource } from "@/lib/intake/corrections";
import { loadCaseMaterial } from "@/lib/case-pipeline/load-case-material";
import { PRIOR_AUTH_INCLUDE, presentPriorAuth } from "@/lib/prior-auths/present-prior-auth";
import { runDetermination } from "@/lib/case-pipeline/run-determination";
import type { TCorrectionRequest } from "@/lib/schemas/corrections";
import { presentCorrection } from "./present-correction";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

/** A 400 naming the field, as zod's own refusals are (the one error table maps it). */
const invalid = (path: (string | number)[], message: string) => new z.ZodError([{ code: "custom", path, message, input: undefined }]);

const squash = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** The quoted words on the named page of a document of the case, with where they are; 400 when they are not there. */
function documentSource(documents: readonly SourceDocument[], source: Extract<TCorrectionRequest["source"], { kind: "document" }>): CorrectionSource {
  const doc = documents.find((d) => d.id === source.document_id);
  if (!doc) throw invalid(["source", "document_id"], "is not a document of this case (GET /prior_auths/{id}/documents)");
  if (!doc.pages.length) return { kind: "document", document_id: doc.id, page: null, quote: source.quote, start: 0, end: source.quote.length };
  const page = doc.pages.find((p) => p.page === (source.page ?? 1));
  if (!page) throw invalid(["source", "page"], `${doc.name} has no page ${source.page ?? 1} (pages 1-${doc.pages.length})`);
  // Whitespace and case as the reviewer typed them may differ from the page's text: compare squashed, point at the page's own words.
  const want = squash(source.quote);
  const text = page.text;
  for (let start = 0; start < text.length; start++) {
    if (/\s/.test(text[start])) continue;
    let i = start;
    let got = "";
    while (i < text.length && got.length < want.length) {
      const ch = /\s/.test(text[i]) ? " " : text[i].toLowerCase();
      if (!(ch === " " && got.endsWith(" "))) got += ch;
      i++;
    }
    if (got === want) return { kind: "document", document_id: doc.id, page: page.page, quote: text.slice(start, i), start, end: i };
  }
  throw invalid(["source", "quote"], `these words are not on page ${page.page} of ${doc.name}`);
}

/** What re-evaluating did: a new determination, or why none could be made now (no policy for the drug, ...). */
async function reEvaluate(opts: { workspaceId: string; priorAuthId: string; actor: Actor; requireClinicianForAdverse: boolean }) {
  try {
    return { status: "evaluated" as const, reason: null, determination: await runDetermination(opts) };
  } catch (error) {
    // No applicable policy, or a case that changed meanwhile: the correction stands; say why nothing was decided.
    if (!(error instanceof NoApplicablePolicy) && !isCaseNoLongerOpen(error)) throw error;
    return { status: "not_evaluated" as const, reason: (error as Error).message, determination: null };
  }
}

export async function recordCorrection(opts: { workspaceId: string; priorAuthId: string; actor: Actor; input: TCorrectionRequest; requireClinicianForAdverse: boolean }) {
  const { input } = opts;
  // 404 for another workspace's case; 409 while it is read, failed or cancelled. Its facts carry earlier corrections.
  const material = await loadCaseMaterial(opts);
  const source: CorrectionSource = input.source.kind === "document" ? documentSource(material.documents, input.source) : { kind: input.source.kind };
  if ((input.field === "quantity" || input.field === "days_supply") && !drugNameOf(material.facts)) {
    throw invalid(["field"], "the case has no requested drug to hold a quantity or days supply: correct the drug first");
  }
  const before = currentValue(material.facts, input.field);
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.intakeCorrection.create({
      data: {
        workspaceId: opts.workspaceId, priorAuthId: material.priorAuth.id, field: input.field,
        value: input.value as Prisma.InputJsonValue, before: (before ?? undefined) as Prisma.InputJsonValue | undefined,
        sourceKind: source.kind, evidence: source.kind === "document" ? ({ document_id: source.document_id, page: source.page, quote: source.quote, start: source.start, end: source.end } as Prisma.InputJsonValue) : undefined,
        note: input.note ?? null, actorType: opts.actor.type, actor: opts.actor.label,
      },
    });
    // The queue and the engine's history lookup read the denormalised name and drug: they follow the correction.
    const corrected = applyCorrections(material.facts, [...(material.facts.corrections ?? []), toAppliedCorrection(created)]);
    if (input.field === "patient_name" || input.field === "drug") {
      await tx.priorAuth.update({ where: { id: material.priorAuth.id }, data: { patientName: patientNameOf(corrected), drugName: drugNameOf(corrected) } });
    }
    await recordAuditEvent(tx, {
      workspaceId: opts.workspaceId, priorAuthId: material.priorAuth.id, actor: opts.actor, action: "intake.corrected",
      details: { correction_id: created.id, field: input.field, before, after: input.value, source, note: input.note ?? null },
    });
    return created;
  });
  const evaluation = await reEvaluate(opts);
  const fresh = await prisma.priorAuth.findUniqueOrThrow({ where: { id: material.priorAuth.id }, include: PRIOR_AUTH_INCLUDE });
  return { correction: presentCorrection(row), evaluation, prior_auth: presentPriorAuth(fresh) };
}
