import { and, asc, desc, eq, exists, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { groups, scanCustomData, scans, type ScanStatus } from '../../db/schema/index.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';

/**
 * The scan list's filters and orderings (GET /rest/scans/ and /rest/scans/statistics/).
 *
 * `q` takes one of these forms:
 * - 40 or 64 hex digits: the scans of exactly that SHA-1 or SHA-256 (any case);
 * - `name:NAME`: the scans whose file name is exactly NAME (case and all);
 * - `meta:KEY` or `meta:KEY=VALUE`: the scans with custom data KEY (upper-cased, spec §5), and
 *   with that value when one is given (trimmed, any case);
 * - any other text: the names holding it (any case), a name equal to it (any case) listed first.
 */
export interface ScanListFilter {
  groupId?: number | undefined;
  q?: string | undefined;
  status?: ScanStatus | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  verdict?: ScanVerdict | undefined;
}

export type ScanVerdict = 'na' | 'verify' | 'pass' | 'vulns';

export type ScanSearch =
  | { kind: 'sha1' | 'sha256' | 'name'; text: string }
  | { kind: 'meta'; key: string; value: string | undefined }
  | { kind: 'text'; text: string };

/** What `q` asks for; undefined for an empty search. */
export function parseScanSearch(q: string | undefined): ScanSearch | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (/^[0-9a-f]{40}$/i.test(text)) return { kind: 'sha1', text: text.toLowerCase() };
  if (/^[0-9a-f]{64}$/i.test(text)) return { kind: 'sha256', text: text.toLowerCase() };
  const name = /^name:(.+)$/is.exec(text);
  if (name?.[1]?.trim()) return { kind: 'name', text: name[1].trim() };
  const meta = /^meta:([^=]*)(?:=(.*))?$/is.exec(text);
  if (meta?.[1]?.trim()) return { kind: 'meta', key: meta[1].trim().toUpperCase(), value: meta[2]?.trim() };
  return { kind: 'text', text };
}

function searchWhere(search: ScanSearch | undefined): SQL | undefined {
  if (!search) return undefined;
  switch (search.kind) {
    case 'sha1':
      return eq(scans.sha1, search.text);
    case 'sha256':
      return eq(scans.sha256, search.text);
    case 'name':
      return eq(scans.filename, search.text);
    case 'meta':
      return exists(
        sql`(select 1 from ${scanCustomData} where ${scanCustomData.scanId} = ${scans.id} and ${scanCustomData.key} = ${search.key}${
          search.value === undefined ? sql`` : sql` and lower(${scanCustomData.value}) = lower(${search.value})`
        })`,
      );
    case 'text':
      return ilike(scans.filename, containing(search.text));
  }
}

/** The rows of the list for this viewer and these filters. */
export function scanListWhere(db: Db, viewer: Viewer, filter: ScanListFilter): SQL | undefined {
  return and(
    inVisibleGroupWhere(db, viewer, scans.groupId),
    filter.groupId === undefined ? undefined : eq(scans.groupId, filter.groupId),
    filter.status === undefined ? undefined : eq(scans.status, filter.status),
    filter.createdFrom === undefined ? undefined : gte(scans.createdAt, filter.createdFrom),
    filter.createdTo === undefined ? undefined : lte(scans.createdAt, filter.createdTo),
    filter.verdict === undefined ? undefined : sql`${SCAN_VERDICT} = ${filter.verdict}`,
    searchWhere(parseScanSearch(filter.q)),
  );
}

const vulnerabilityTotal = sql.join(
  ['critical', 'high', 'medium', 'low', 'missing'].map((key) => sql`coalesce((${scans.vulnerabilityCounts} ->> ${sql.raw(`'${key}'`)})::int, 0)`),
  sql` + `,
);

/**
 * The verdict as verdict.ts's verdictOf tells it, in SQL (null until ready). Written without
 * parameters so that statistics can group by it (PostgreSQL matches GROUP BY to the SELECT text).
 */
export const SCAN_VERDICT = sql<ScanVerdict | null>`(case when ${scans.status} <> 'R' then null when ${scans.componentCount} = 0 then 'na' when ${scans.vulnerabilityCounts} is null then 'verify' when (${vulnerabilityTotal}) > 0 then 'vulns' else 'pass' end)`;

/**
 * Spec §9's scan sort key: the severity counts each padded to 4 digits, in the order critical,
 * high, medium, low, missing, triages, historicals. Triages and historical vulnerabilities are
 * not counted per scan yet, so their places hold 0000; a scan not yet evaluated sorts as all
 * zeros. PostgreSQL keeps it in scans.sort_key (a generated column, db/schema/scans.ts), indexed.
 */
export const SCAN_SORT_KEY = sql<string>`${scans.sortKey}`;

export const SCAN_ORDERINGS = [
  'created', '-created', 'name', '-name', 'size', '-size', 'status', '-status', 'group_name', '-group_name', 'id', '-id',
  'finished', '-finished', 'component_count', '-component_count', 'sort_key', '-sort_key',
] as const;
export type ScanOrdering = (typeof SCAN_ORDERINGS)[number];

const COLUMNS: Record<string, { sql: SQL; nullable?: true }> = {
  created: { sql: sql`${scans.createdAt}` },
  name: { sql: sql`${scans.filename}` },
  size: { sql: sql`${scans.size}` },
  status: { sql: sql`${scans.status}` },
  group_name: { sql: sql`${groups.name}` },
  finished: { sql: sql`${scans.finishedAt}`, nullable: true },
  component_count: { sql: sql`${scans.componentCount}`, nullable: true },
  sort_key: { sql: SCAN_SORT_KEY },
};

/** ORDER BY for an ordering, the id breaking ties; a plain-text search lists a name equal to it first. */
export function scanListOrder(ordering: ScanOrdering, q: string | undefined): SQL[] {
  const descending = ordering.startsWith('-');
  const column = COLUMNS[descending ? ordering.slice(1) : ordering];
  const tieBreak = descending ? desc(scans.id) : asc(scans.id);
  const order = [tieBreak];
  if (column) {
    // Missing values (unfinished scans, counts not yet known) go last either way; NOT NULL
    // columns keep plain ASC/DESC, which their indexes serve.
    const nulls = column.nullable ? sql` nulls last` : sql``;
    order.unshift(descending ? sql`${column.sql} desc${nulls}` : sql`${column.sql} asc${nulls}`);
  }
  const search = parseScanSearch(q);
  if (search?.kind !== 'text') return order;
  return [sql`(lower(${scans.filename}) = lower(${search.text})) desc`, ...order];
}

/** The filters of a list or statistics query string. */
export function scanListFilter(query: {
  group?: number | undefined;
  q?: string | undefined;
  status?: ScanStatus | undefined;
  verdict?: ScanVerdict | undefined;
  created__gte?: string | undefined;
  created__lte?: string | undefined;
}): ScanListFilter {
  return {
    groupId: query.group,
    q: query.q,
    status: query.status,
    verdict: query.verdict,
    createdFrom: query.created__gte === undefined ? undefined : new Date(query.created__gte),
    createdTo: query.created__lte === undefined ? undefined : new Date(query.created__lte),
  };
}
