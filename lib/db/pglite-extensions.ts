// The PostgreSQL extensions the schema's migrations create, loaded into every embedded (PGlite) database: the served
// one and the migration tool's shadow. A real PostgreSQL ships them in its contrib package (Debian's postgresql
// includes it); pg_trgm is a trusted extension, so the database owner may create it.
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm };
