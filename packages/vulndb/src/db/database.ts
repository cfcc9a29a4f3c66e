// The Drizzle handle the knowledge base works on: the server's database (PGlite or
// PostgreSQL) or the CLI's own PGlite. Only pg-core features are used.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the server passes its full one
export type KbDatabase = PgDatabase<PgQueryResultHKT, any>;
