// Lookups answered as one json value per statement. PGlite decodes every field of a
// result on its own (a buffer copy and a text decoder call each): for the thousands of
// rows an evaluation reads, that cost several times the lookup itself. One json array of
// arrays is decoded once and parsed by JSON.parse. PostgreSQL answers the same shape.
import { type Column, type GetColumnData, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { KbDatabase } from '../db/database.ts';

export type RowOf<C extends Record<string, Column>> = { -readonly [K in keyof C]: GetColumnData<C[K]> };

/**
 * `select <columns> <from>` as objects keyed like `columns`, in `orderBy` order when given.
 * `from` holds the rest of the statement: `from ... [join ...] where ...`. Only for columns
 * whose JSON form is their Drizzle value (text, numbers, booleans, jsonb): a timestamp would
 * come back as text.
 */
export async function selectJson<C extends Record<string, Column>>(db: KbDatabase, columns: C, from: SQL, orderBy?: SQL): Promise<RowOf<C>[]> {
  const keys = Object.keys(columns);
  const values = sql.join(keys.map((k) => sql`${columns[k]}`), sql`, `);
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  // As text, parsed here: the drivers' own json parsing is theirs to configure.
  const result = await db.execute(sql`select coalesce(json_agg(json_build_array(${values})${order}), '[]')::text as rows ${from}`);
  const text = rowsOf<{ rows: string }>(result)[0]?.rows ?? '[]';
  const arrays = JSON.parse(text) as unknown[][];
  return arrays.map((array) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i] as string] = array[i];
    // Each value is its column's, in the column's JSON form (json_build_array keeps jsonb as is).
    return row as RowOf<C>;
  });
}

/**
 * `table join jsonb_to_recordset($keys) on column = key field ...`: the keys as one jsonb
 * parameter, each probing the index on `on`'s columns (a tuple `in` list gives the planner
 * a hashed semi-join it may run as a scan of the whole table instead).
 */
export function joinKeys<F extends string>(table: PgTable, on: Readonly<Record<F, Column>>, keys: readonly Readonly<Record<F, string>>[]): SQL {
  const fields = Object.keys(on) as F[];
  const documents = keys.map((k) => Object.fromEntries(fields.map((f) => [f, k[f]])));
  const types = sql.join(fields.map((f) => sql`${sql.identifier(f)} text`), sql`, `);
  const equal = sql.join(fields.map((f) => sql`${on[f]} = k.${sql.identifier(f)}`), sql` and `);
  return sql`${table} join jsonb_to_recordset(${JSON.stringify(documents)}::jsonb) as k(${types}) on ${equal}`;
}

/** node-postgres answers `{rows}`, PGlite too; both through Drizzle's execute. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
