import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The company's licence policy classes (spec §9: RE, RU, PE) per SPDX id, over the engine's
 * built-in table (packages/engine/src/licenses/policy.ts): one override per id, ignoring case.
 */
export const licensePolicyOverrides = pgTable(
  'license_policy_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** An SPDX id or LicenseRef as written, e.g. `MPL-2.0`, `LicenseRef-vendor-eula`. */
    licenseName: text('license_name').notNull(),
    /** `RE`, `RU` or `PE`. */
    policy: text('policy').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('license_policy_overrides_name_uq').on(sql`lower(${table.licenseName})`)],
);

export type LicensePolicyOverrideRow = typeof licensePolicyOverrides.$inferSelect;
