// The work queue's search box: every word the reviewer typed must match, in any order ("Harold Mensah" finds
// "Harold J. Mensah"), as part of the case id, the patient's name or the drug; a word of four letters or more also
// matches a close spelling of a word of the patient's name or the drug ("Mensa", "Ozempik"), by trigram word
// similarity (pg_trgm, on the embedded database and on PostgreSQL alike).
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/prisma";

/** How close a misspelt word must be to a word of the name (pg_trgm's word_similarity, 0..1). */
export const CLOSE_SPELLING_SIMILARITY = 0.5;
/** Shorter words match only as typed: three letters are too few for a trigram comparison to mean anything. */
export const CLOSE_SPELLING_MIN_LENGTH = 4;
const MAX_WORDS = 8;

/** The words of a search: split on spaces and punctuation a name or a case id does not need; at most eight. */
export function searchWords(q: string): string[] {
  const words = q
    .normalize("NFC")
    .split(/[\s,;]+/u)
    .map((w) => w.replace(/^[.'"()]+|[.'"()]+$/gu, ""))
    .filter(Boolean);
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, MAX_WORDS);
}

/** The queue filter of a search: every word matches the case id, patient or drug, as typed or closely spelt. */
export async function queueSearchWhere(workspaceId: string, q: string): Promise<Prisma.PriorAuthWhereInput[]> {
  const words = searchWords(q);
  return Promise.all(
    words.map(async (word): Promise<Prisma.PriorAuthWhereInput> => {
      const typed: Prisma.PriorAuthWhereInput[] = [
        { caseId: { contains: word, mode: "insensitive" } },
        { patientName: { contains: word, mode: "insensitive" } },
        { drugName: { contains: word, mode: "insensitive" } },
      ];
      if ([...word].length < CLOSE_SPELLING_MIN_LENGTH) return { OR: typed };
      const close = await prisma.$queryRaw<{ id: string }[]>`
        SELECT id FROM "PriorAuth"
        WHERE "workspaceId" = ${workspaceId}::uuid
          AND (word_similarity(${word}, lower(coalesce("patientName", ''))) >= ${CLOSE_SPELLING_SIMILARITY}
            OR word_similarity(${word}, lower(coalesce("drugName", ''))) >= ${CLOSE_SPELLING_SIMILARITY})
        LIMIT 500`;
      return { OR: [...typed, ...(close.length ? [{ id: { in: close.map((r) => r.id) } }] : [])] };
    }),
  );
}
