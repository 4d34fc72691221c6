import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create, which an embedded database (PGlite) must load every time it
 * opens one: a data directory that has them cannot use their indexes otherwise. pg_trgm serves the admin searches
 * (docs/decisions.md D-306). Every PGlite that runs the migrations takes these: the service's, the test template's,
 * and the schema engine's main and shadow databases.
 */
export const EMBEDDED_EXTENSIONS = { pg_trgm };
