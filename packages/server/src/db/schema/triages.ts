import { index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { scans } from './scans.ts';
import { scopedRuleColumns } from './scoped-rule-columns.ts';
import { users } from './users.ts';

/** Spec §9 triage rationales; CO (a comment) is the one that does not resolve. */
export const TRIAGE_RATIONALES = ['VP', 'FD', 'OT', 'CO', 'FP', 'PA', 'NA', 'WF', 'IG', 'MI'] as const;
export type TriageRationale = (typeof TRIAGE_RATIONALES)[number];

/**
 * A decision on one vulnerability of one component (spec §3 Triage): resolving (every rationale
 * but CO), a comment (CO), or a re-scoring (adjusted severity or CVSS environmental metrics, with
 * the rationale as its reason). It names one version, or a range that carries it across
 * upgrades inside it. Applied at evaluation time (modules/adjustments/apply.ts), never stored in
 * a result.
 */
export const triages = pgTable(
  'triages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The scan it was made on; kept (null) when that scan is removed, unless it is the rule's own result scope. */
    scanId: integer('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    componentName: text('component_name').notNull(),
    /** The catalogue entry of the component, when known (modules/components/catalogue.ts). */
    mappedComponentId: text('mapped_component_id'),
    /** The exact version; null when versionRange is given. */
    componentVersion: text('component_version'),
    /** A range in the component's version scheme, e.g. `>=1.2.0 <1.3.0` (vulndb versions/range.ts). */
    versionRange: text('version_range'),
    vulnId: text('vuln_id').notNull(),
    description: text('description').notNull().default(''),
    rationale: text('rationale').$type<TriageRationale>().notNull(),
    ...scopedRuleColumns(),
    /** The object triaged as sent (FH: the file's SHA-1). */
    triagedObj: text('triaged_obj'),
    /** Re-scoring: the severity the vulnerability counts with instead (critical/high/medium/low/none). */
    adjustedSeverity: text('adjusted_severity'),
    /** Re-scoring: a CVSS v3.1 vector whose environmental metrics give the adjusted score. */
    environmentalVector: text('environmental_vector'),
    adjustedScore: real('adjusted_score'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('triages_component_idx').on(table.componentName, table.vulnId), index('triages_scope_idx').on(table.scope)],
);

export type TriageRow = typeof triages.$inferSelect;
