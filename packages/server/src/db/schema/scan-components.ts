import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { scans } from './scans.ts';

/**
 * One component of a ready scan, as the component catalogue and the vulnerability page read
 * them across scans (modules/components/scan-index.ts): which catalogue entry it is, and the
 * names it may be matched by. Written from the scan's result core on the first read after
 * the scan turned ready (scan_component_index says which scans are indexed).
 */
export const scanComponents = pgTable(
  'scan_components',
  {
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    /** The component's id in the scan's result (`uid`). */
    uid: text('uid').notNull(),
    /** The catalogue entry (modules/components/catalogue.ts); null for a package no entry stands for. */
    catalogueId: text('catalogue_id'),
    name: text('name').notNull(),
    version: text('version').notNull(),
    /**
     * Normalised names a vulnerability's knowledge-base rows may name it by (its name, its
     * purl's name and upstream source, its CPE products): a superset, confirmed by evaluation.
     */
    matchKeys: text('match_keys').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scanId, table.uid] }),
    index('scan_components_catalogue_idx').on(table.catalogueId, table.scanId),
    index('scan_components_match_keys_idx').using('gin', table.matchKeys),
  ],
);

/** Which ready scans scan_components holds, and for which result (a rescan makes a new one). */
export const scanComponentIndex = pgTable('scan_component_index', {
  scanId: integer('scan_id')
    .primaryKey()
    .references(() => scans.id, { onDelete: 'cascade' }),
  /** The scan's finished_at when it was indexed: another value means the scan was scanned again. */
  scanFinishedAt: timestamp('scan_finished_at', { withTimezone: true }),
  /** INDEX_VERSION of the code that wrote the rows; an older one is indexed again. */
  version: integer('version').notNull(),
});
