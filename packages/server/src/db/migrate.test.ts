// A new PGlite database is a copy of a template (migrate.ts MIGRATED_CLUSTER): it must hold
// what a first start would make, the app's migrations and pg-boss's schema, and nothing else.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { openPglite } from '@binlens/vulndb';
import { expect, it } from 'vitest';
import { createQueueHandle } from '../jobs/queues.ts';
import { type Database, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import * as schema from './schema/index.ts';

const CATALOG = sql`
  SELECT table_schema || '.' || table_name || '.' || column_name || ' ' || data_type AS "column"
    FROM information_schema.columns WHERE table_schema IN ('public', 'pgboss')
  ORDER BY 1`;
const APPLIED = sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;

it('a new database holds the migrations and pg-boss\'s schema, as a first start on an empty one makes them', async () => {
  const fromTemplate = await openDatabase({});
  const empty = await openPglite(null);
  const firstStart: Database = { kind: 'pglite', db: drizzle({ client: empty, schema }), pglite: empty, close: () => empty.close() };
  try {
    // What a first start on an empty cluster does: migrate, then start the app's queue.
    await migrateDatabase(firstStart);
    const { boss } = createQueueHandle(firstStart, true);
    await boss?.start();
    await boss?.stop({ graceful: false });

    const expected = columnsOf(await firstStart.db.execute(CATALOG));
    expect(expected.some((column) => column.startsWith('pgboss.job.'))).toBe(true);
    expect(columnsOf(await fromTemplate.db.execute(CATALOG))).toEqual(expected);
    expect(rowsOf(await fromTemplate.db.execute(APPLIED))).toEqual(rowsOf(await firstStart.db.execute(APPLIED)));
  } finally {
    await fromTemplate.close();
    await firstStart.close();
  }
});

/**
 * The catalog's columns, with the day of pg-boss's daily statistics partitions (today's and
 * tomorrow's, queue_stats_YYYYMMDD) left out: a template made before midnight UTC holds the
 * previous day's pair, and pg-boss's maintenance adds the current pair when the server starts.
 */
function columnsOf(result: unknown): string[] {
  return rowsOf(result)
    .map((row) => String(row.column).replace(/^pgboss\.queue_stats_\d{8}\./, 'pgboss.queue_stats_<day>.'))
    .sort();
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}
