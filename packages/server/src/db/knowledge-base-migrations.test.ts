// The knowledge-base tables come from one schema (packages/vulndb/src/db/schema.ts) but
// two migration sets: the server's own, and vulndb's for the CLI's PGlite. drizzle-kit
// generates both; this keeps them from drifting apart by comparing the catalogs they build.
import { sql } from 'drizzle-orm';
import { openKnowledgeBase } from '@binlens/vulndb';
import { expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const CATALOG = sql`
  SELECT 'column' AS kind, table_name AS "table", column_name || ' ' || data_type || ' ' || is_nullable
         || ' ' || coalesce(column_default, '') AS definition
    FROM information_schema.columns WHERE table_schema = 'public' AND table_name LIKE 'vuln\\_%'
  UNION ALL
  SELECT 'index', tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename LIKE 'vuln\\_%'
  ORDER BY 1, 2, 3`;

it('the server and the CLI create the same knowledge-base tables', async () => {
  const server = await openDatabase({});
  const cli = await openKnowledgeBase(null);
  try {
    await migrateDatabase(server);
    const serverCatalog = rowsOf(await server.db.execute(CATALOG));
    const cliCatalog = rowsOf(await cli.db.execute(CATALOG));
    expect(serverCatalog.length).toBeGreaterThan(50);
    expect(serverCatalog).toEqual(cliCatalog);
  } finally {
    await server.close();
    await cli.close();
  }
});

/** PGlite and node-postgres both answer `{rows}`; the driver-neutral type does not say so. */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}
