import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { scans } from './scans.ts';
import { scopedRuleColumns } from './scoped-rule-columns.ts';
import { users } from './users.ts';

// What users say about components instead of the engine (spec §3, §9), each applied at
// evaluation time by modules/adjustments/apply.ts and never written into a result.

/** Spec §9 version override scopes: 1 result, 2 group, 3 global (each allowed by its company switch). */
export type VersionOverrideScope = 1 | 2 | 3;

/** The version of a component, for the files it was found in (keyed by their SHA-1s). */
export const versionOverrides = pgTable(
  'version_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    componentName: text('component_name').notNull(),
    /** SHA-1s of the component's files (extended objects) the override holds for. */
    hashes: text('hashes').array().notNull(),
    version: text('version').notNull(),
    scope: integer('scope').$type<VersionOverrideScope>().notNull(),
    groupScope: integer('group_scope').references(() => groups.id, { onDelete: 'cascade' }),
    resultScope: integer('result_scope').references(() => scans.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('version_overrides_name_idx').on(table.componentName)],
);

/** A component's licence, the newest override first; removing one falls back to the next or to the detected licence. */
export const licenseOverrides = pgTable(
  'license_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The scan it was made on (spec field `scan`). */
    scanId: integer('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    componentName: text('component_name').notNull(),
    /** Null: every version. */
    componentVersion: text('component_version'),
    scope: integer('scope').$type<VersionOverrideScope>().notNull(),
    groupScope: integer('group_scope').references(() => groups.id, { onDelete: 'cascade' }),
    resultScope: integer('result_scope').references(() => scans.id, { onDelete: 'cascade' }),
    /** An SPDX expression or LicenseRef. */
    licenseName: text('license_name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('license_overrides_name_idx').on(table.componentName)],
);

/** The name a component is shown by: for one catalogue entry, or for what the engine calls it (the mimir fields). */
export const componentNameOverrides = pgTable('component_name_overrides', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  displayName: text('display_name').notNull(),
  /** The catalogue entry (modules/components/catalogue.ts); or null and the mimir fields below. */
  componentId: text('component_id'),
  mimirName: text('mimir_name'),
  mimirCodetype: text('mimir_codetype'),
  mimirVendor: text('mimir_vendor'),
  mimirVariant: text('mimir_variant'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A component left out of a scan's vulnerabilities and counts, with the triage scopes. */
export const componentIgnores = pgTable(
  'component_ignores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scanId: integer('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    componentName: text('component_name').notNull(),
    /** Null: every version. */
    componentVersion: text('component_version'),
    description: text('description').notNull().default(''),
    ...scopedRuleColumns(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('component_ignores_name_idx').on(table.componentName)],
);

/**
 * Files moved from one component of a result to another (their evidence goes with them); a
 * component left with no evidence disappears from the result.
 */
export const componentObjectMoves = pgTable(
  'component_object_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    fromUid: text('from_uid').notNull(),
    toUid: text('to_uid').notNull(),
    /** SHA-1s of the files moved. */
    hashes: text('hashes').array().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('component_object_moves_scan_idx').on(table.scanId)],
);

export type VersionOverrideRow = typeof versionOverrides.$inferSelect;
export type LicenseOverrideRow = typeof licenseOverrides.$inferSelect;
export type ComponentNameOverrideRow = typeof componentNameOverrides.$inferSelect;
export type ComponentIgnoreRow = typeof componentIgnores.$inferSelect;
export type ComponentObjectMoveRow = typeof componentObjectMoves.$inferSelect;
