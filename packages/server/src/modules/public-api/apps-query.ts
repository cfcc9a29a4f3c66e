// The public API's product search (public-api.md §2.5): `q` of GET /api/apps/ parsed into a
// typed filter, and the listing it selects, newest product first, a page at a time.
import { and, asc, desc, eq, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError } from '../../lib/errors.ts';
import { BUSY_SCAN_STATUSES, scanCustomData, scans } from '../../db/schema/index.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import { type ProductRecord, toProductEntry } from './product-entry.ts';

/**
 * Every term must match, each as a substring in any case (as the commercial product matches, so
 * clients filter exactly again on their side):
 * - `meta:KEY=VALUE`: custom data KEY (`-` read as `_`, any case) whose value holds VALUE;
 *   `meta:KEY` alone: the product has KEY;
 * - `file:NAME`: the file name holds NAME;
 * - any other word: the name holds it.
 */
export interface AppsFilter {
  meta: { key: string; value: string | undefined }[];
  files: string[];
  words: string[];
}

/** More terms than any client sends; a bound on the query one request makes. */
export const MAX_APPS_TERMS = 20;

export function parseAppsQuery(q: string | undefined): AppsFilter {
  const filter: AppsFilter = { meta: [], files: [], words: [] };
  const terms = (q ?? '').split(/\s+/).filter(Boolean).map(decodedTerm);
  if (terms.length > MAX_APPS_TERMS) throw new AppError('api_query_invalid', `Search with at most ${MAX_APPS_TERMS} terms.`);
  for (const term of terms) {
    const meta = /^meta:([^=]*)(?:=(.*))?$/is.exec(term);
    if (meta) {
      const key = (meta[1] ?? '').replaceAll('-', '_').toUpperCase();
      if (!/^[A-Z0-9_]+$/.test(key)) throw new AppError('api_query_invalid', `"${term.slice(0, 80)}": meta: takes a key of letters, digits, - or _, e.g. meta:RELEASE=2.1.`);
      filter.meta.push({ key, value: meta[2] === undefined || meta[2] === '' ? undefined : meta[2] });
      continue;
    }
    const file = /^file:(.*)$/is.exec(term);
    if (file) {
      if (file[1]) filter.files.push(file[1]);
      continue;
    }
    filter.words.push(term);
  }
  return filter;
}

/**
 * A term whose colon arrived encoded twice (`file%3Aimage:1.0`, public-api.md §2.8) is decoded
 * once more; a term that is not valid percent-encoding stays as written.
 */
function decodedTerm(term: string): string {
  if (!/%3A/i.test(term)) return term;
  try {
    return decodeURIComponent(term);
  } catch {
    return term;
  }
}

export interface AppsPage {
  /** The products after the cursor, newest (highest id) first. */
  rows: ProductRecord[];
  /** The cursor of the next page; undefined on the last. */
  next: number | undefined;
}

export interface AppsRepository {
  /**
   * The products the viewer sees (in `groupId` only, when given) that match the filter, with ids
   * below `after`; `busy`: only those still queued or being scanned.
   */
  list(viewer: Viewer, options: { groupId?: number | undefined; filter: AppsFilter; after?: number | undefined; limit: number; busy?: boolean }): Promise<AppsPage>;
  /** Products by id, without a visibility check (the caller resolved them), in the order given. */
  find(ids: readonly number[]): Promise<ProductRecord[]>;
}

const columns = {
  id: scans.id,
  groupId: scans.groupId,
  filename: scans.filename,
  sha1: scans.sha1,
  status: scans.status,
  createdAt: scans.createdAt,
  finishedAt: scans.finishedAt,
  binaryRemovedAt: scans.binaryRemovedAt,
};

function filterWhere(filter: AppsFilter): SQL[] {
  return [
    ...filter.meta.map(({ key, value }) =>
      sql`exists (select 1 from ${scanCustomData} where ${scanCustomData.scanId} = ${scans.id} and ${scanCustomData.key} = ${key}${
        value === undefined ? sql`` : sql` and ${scanCustomData.value} ilike ${containing(value)}`
      })`),
    ...[...filter.files, ...filter.words].map((text) => ilike(scans.filename, containing(text))),
  ];
}

export function createAppsRepository(db: Db): AppsRepository {
  const withCustomData = async (rows: Omit<ProductRecord, 'customData'>[]): Promise<ProductRecord[]> => {
    if (rows.length === 0) return [];
    const entries = await db
      .select({ scanId: scanCustomData.scanId, key: scanCustomData.key, value: scanCustomData.value })
      .from(scanCustomData)
      .where(inArray(scanCustomData.scanId, rows.map((row) => row.id)))
      .orderBy(asc(scanCustomData.key));
    const byScan = new Map<number, Record<string, string>>();
    for (const entry of entries) {
      const data = byScan.get(entry.scanId) ?? {};
      data[entry.key] = entry.value;
      byScan.set(entry.scanId, data);
    }
    return rows.map((row) => ({ ...row, customData: byScan.get(row.id) ?? {} }));
  };

  return {
    async list(viewer, { groupId, filter, after, limit, busy = false }) {
      const rows = await db
        .select(columns)
        .from(scans)
        .where(and(
          inVisibleGroupWhere(db, viewer, scans.groupId),
          groupId === undefined ? undefined : eq(scans.groupId, groupId),
          busy ? inArray(scans.status, [...BUSY_SCAN_STATUSES]) : undefined,
          after === undefined ? undefined : lt(scans.id, after),
          ...filterWhere(filter),
        ))
        .orderBy(desc(scans.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { rows: await withCustomData(page), next: rows.length > limit ? page.at(-1)?.id : undefined };
    },
    async find(ids) {
      if (ids.length === 0) return [];
      const rows = await db.select(columns).from(scans).where(inArray(scans.id, [...ids]));
      const found = await withCustomData(rows);
      return ids.flatMap((id) => found.filter((row) => row.id === id));
    },
  };
}

/** The default and largest page of GET /api/apps/. */
export const APPS_PAGE = { default: 100, max: 500 };

/**
 * One page of the listing as the clients read it (public-api.md §2.1): `products`, and `next`,
 * the absolute URL of the following page with the same search, absent on the last page.
 */
export async function appsPage(
  apps: Pick<AppsRepository, 'list'>,
  viewer: Viewer,
  query: { q?: string | undefined; after?: number | undefined; limit?: number | undefined },
  groupId: number | undefined,
  pageUrl: string,
  busy = false,
): Promise<{ products: ReturnType<typeof toProductEntry>[]; next?: string }> {
  const limit = Math.min(query.limit ?? APPS_PAGE.default, APPS_PAGE.max);
  const page = await apps.list(viewer, { groupId, filter: parseAppsQuery(query.q), after: query.after, limit, busy });
  const products = page.rows.map(toProductEntry);
  if (page.next === undefined) return { products };
  const next = new URL(pageUrl);
  if (query.q) next.searchParams.set('q', query.q);
  next.searchParams.set('after', String(page.next));
  next.searchParams.set('limit', String(limit));
  return { products, next: next.toString() };
}
