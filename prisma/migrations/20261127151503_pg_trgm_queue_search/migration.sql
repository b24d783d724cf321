-- Close spellings in the work queue's search (word_similarity); loaded into the embedded database too
-- (lib/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
