// Staged rows inserted as one JSON parameter per batch. Building a statement with one
// parameter per value costs more than the database's own work on large imports (the
// query builder checks every value), so a batch travels as a single jsonb document that
// jsonb_to_recordset spreads into typed columns.
import { SQL, getTableColumns, is, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** `insert ... select ... from jsonb_to_recordset($1)`; column defaults filled in for absent values. */
export function insertAsJson(table: PgTable, rows: readonly Record<string, unknown>[]): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !column.generatedIdentity);
  for (const [, column] of columns) {
    if (column.defaultFn || is(column.default, SQL)) throw new Error(`${column.name}: only literal defaults can be filled in`);
  }
  const documents = rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [
    column.name, row[key] !== undefined ? row[key] : (column.default ?? null),
  ])));
  const names = sql.join(columns.map(([, column]) => sql.identifier(column.name)), sql`, `);
  const types = sql.join(columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`), sql`, `);
  return sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(documents)}::jsonb) as x(${types})`;
}
