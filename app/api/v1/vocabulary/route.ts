import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZVocabularyQuery } from "@/lib/schemas/vocabulary";
import { searchVocabulary } from "@/lib/lexicon/search-vocabulary";

export const dynamic = "force-dynamic";

// GET /vocabulary?kind=drug|diagnosis|specialty&q= - the lexicon's drugs, ICD-10-CM codes or NUCC specialties
// matching what was typed (a correction's look-up), best first
export const GET = withWorkspace(async ({ req }) => {
  const query = ZVocabularyQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return json({ data: searchVocabulary({ kind: query.kind, query: query.q, limit: query.limit }) });
});
