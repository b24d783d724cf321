-- Close spellings in the work queue search (word_similarity). The embedded database loads the extension too
-- (lib/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
