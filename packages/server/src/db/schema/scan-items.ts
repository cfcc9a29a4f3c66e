import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { scans } from './scans.ts';

/** The lists of a ready scan that are read a page at a time (spec §7 analyser calls, problems, the file tree, container images). */
export type ScanItemSection = 'infoleak' | 'executable' | 'code_finding' | 'mobile_app' | 'problem' | 'file' | 'image';

/**
 * One entry of a ready scan's list, in its API shape. Written once when the scan turns
 * ready (the Identification never changes), so a page is an index range, not a rebuild of
 * the whole result per request.
 */
export const scanItems = pgTable(
  'scan_items',
  {
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    section: text('section').$type<ScanItemSection>().notNull(),
    /** Position in the section's list, from 1: an infoleak's id. */
    idx: integer('idx').notNull(),
    /** What lists filter by: an infoleak's kind, a problem's level, the key of a file-tree node's folder. */
    kind: text('kind'),
    /** A documentation example (infoleak decoy), left out unless asked for. */
    decoy: boolean('decoy').notNull().default(false),
    // Positions, from 1, in the other lists a page is read from, so that any page of any of
    // them is an index seek and its count the last position (result-items.ts ranks them):
    /** Among the section's items that are not decoys; null for a decoy. */
    shownIdx: integer('shown_idx'),
    /** Among the items of its kind; null without a kind. */
    kindIdx: integer('kind_idx'),
    /** Among the items of its kind that are not decoys; null for a decoy or without a kind. */
    kindShownIdx: integer('kind_shown_idx'),
    /** Lower-cased text a search matches (see result-items.ts searchText). */
    search: text('search'),
    item: jsonText<unknown>('item').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scanId, table.section, table.idx] }),
    index('scan_items_shown_idx').on(table.scanId, table.section, table.shownIdx),
    index('scan_items_kind_idx').on(table.scanId, table.section, table.kind, table.kindIdx),
    index('scan_items_kind_shown_idx').on(table.scanId, table.section, table.kind, table.kindShownIdx),
  ],
);
