import { integer, text } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { scans } from './scans.ts';

/** Spec §9 triage and component-ignore scopes: CA account, G group, R result, FN application name, FH file hash. */
export const TRIAGE_SCOPES = ['CA', 'G', 'R', 'FN', 'FH'] as const;
export type TriageScope = (typeof TRIAGE_SCOPES)[number];

/**
 * The columns every scoped rule (triage, component ignore, infoleak triage) stores for its
 * reach (modules/adjustments/scope.ts decides what they mean). A rule of a group or a result
 * goes with it.
 */
export function scopedRuleColumns() {
  return {
    scope: text('scope').$type<TriageScope>().notNull(),
    groupScope: integer('group_scope').references(() => groups.id, { onDelete: 'cascade' }),
    resultScope: integer('result_scope').references(() => scans.id, { onDelete: 'cascade' }),
    /** FN: the application name the rule holds for. */
    applicationName: text('application_name'),
    /** FH: the SHA-1 of the file the rule holds for (lower-case hex). */
    fileHash: text('file_hash'),
  };
}
