// Stage 1, read the documents: each of a case's documents fetched (SSRF-safe) or taken from the workspace's uploads,
// stored, and read into pages in a worker thread by the `reader` engine (lib/documents/read-document-content.ts: PDF
// text, OCR, image pages). The stored document carries its reading; the case shows how far the reading has come.
import type { PriorAuth } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";
import { logger } from "@/lib/log";
import { obtainDocument } from "@/lib/documents/obtain-document";

export type IntakeProgress = {
  phase: "fetching" | "reading" | "recognizing" | "extracting";
  /** 1-based position of the document being read, of `documents`. */
  document: number;
  documents: number;
  pages_done: number;
  pages_total: number;
};

export type ProgressWriter = ReturnType<typeof progressWriter>;

/** Writes the case's reading progress, at most every PROGRESS_MS (and at once on a new phase); never fails the case. */
const PROGRESS_MS = 500;
export function progressWriter(priorAuthId: string, documents: number) {
  let last = 0;
  let lastPhase = "";
  return {
    async set(progress: Omit<IntakeProgress, "documents">, force = false) {
      const now = Date.now();
      const key = `${progress.phase}:${progress.document}`;
      const finished = progress.pages_total > 0 && progress.pages_done === progress.pages_total;
      if (!force && key === lastPhase && !finished && now - last < PROGRESS_MS) return;
      last = now;
      lastPhase = key;
      await prisma.priorAuth
        .updateMany({ where: { id: priorAuthId, status: "Processing" }, data: { intakeProgress: { ...progress, documents } } })
        .catch((error) => logger.warn("progress not saved", { priorAuthId, error }));
    },
  };
}

/**
 * The case's documents in order, each stored and read. `beforeEach` runs before every document (the intake stage
 * checks there that it still holds the case). Reading runs in a worker thread, outside any transaction.
 */
export async function readCaseDocuments(opts: { priorAuth: PriorAuth; progress: ProgressWriter; beforeEach: () => Promise<void> }) {
  const { priorAuth, progress } = opts;
  const documents = [];
  for (const [position, url] of priorAuth.documentUrls.entries()) {
    await opts.beforeEach();
    await progress.set({ phase: "fetching", document: position + 1, pages_done: 0, pages_total: 0 }, true);
    documents.push(await obtainDocument({
      priorAuth, url, position,
      onProgress: (p) => void progress.set({ phase: p.phase === "ocr" ? "recognizing" : "reading", document: position + 1, pages_done: p.done, pages_total: p.total }),
    }));
  }
  return documents;
}
