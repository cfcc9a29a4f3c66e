import { customType } from 'drizzle-orm/pg-core';

/**
 * A JSON value kept as its JSON text in a `text` column. Unlike jsonb, which refuses the
 * `\u0000` escape and unpaired surrogates, text holds whatever JSON.stringify wrote: NUL and
 * lone surrogates stay escaped in the text, so strings read from hostile inputs (evidence,
 * names, leak values) come back exactly as the engine produced them.
 */
export const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  })(name);
