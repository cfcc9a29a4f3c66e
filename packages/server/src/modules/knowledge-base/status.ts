// The knowledge base's state, from what the sync and bundle uploads recorded (kb_sync_sources)
// and what is live (vulndb's per-source counts and last complete imports). Pure: the
// service reads, this decides.
import { SYNC_SOURCES, type SourceStatus } from '@binlens/vulndb';
import type { KbSyncRow } from '../../db/schema/index.ts';
import type {
  KnowledgeBaseSummary, KnowledgeBaseBundle, KnowledgeBaseProgress, KnowledgeBaseSource, KnowledgeBaseSourceState, KnowledgeBaseState, KnowledgeBaseStatus,
} from './schemas.ts';

/** The row of bundle uploads in kb_sync_sources. */
export const BUNDLE_ROW = 'bundle';
/** A row still busy but untouched this long belongs to a process that ended (busy rows are touched every 30 s). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
export const INTERRUPTED = 'interrupted: the server stopped during this import';

export interface StatusInput {
  readonly rows: readonly KbSyncRow[];
  readonly data: readonly SourceStatus[];
  readonly automaticSync: boolean;
  readonly now: Date;
}

export function knowledgeBaseStatus(input: StatusInput): KnowledgeBaseStatus {
  const rows = new Map(input.rows.map((row) => [row.source, alive(row, input.now)]));
  const data = new Map(input.data.map((d) => [d.source, d]));
  const bundleRow = rows.get(BUNDLE_ROW);
  const bundle = bundleOf(bundleRow);
  const names = [...new Set([...SYNC_SOURCES, ...input.data.filter((d) => d.rows > 0 && d.source !== BUNDLE_ROW).map((d) => d.source)])];
  const sources = names.map((name) => sourceOf(name, rows.get(name), data.get(name), bundleRow));
  const hasData = sources.some((s) => s.records > 0);
  const busy = bundle.state === 'importing' || sources.some((s) => s.state === 'waiting' || s.state === 'importing' || s.state === 'retrying');
  const failed = bundle.state === 'failed' || sources.some((s) => s.state === 'failed');
  const state = overallState(busy, hasData, failed);
  return { state, updated: hasData ? latest(input.data.map((d) => d.lastImport?.finishedAt ?? null)) : null, automatic_sync: input.automaticSync, sources, bundle };
}

/** The same state from cheaper inputs (no counts): what every scan result carries. */
export function knowledgeBaseSummary(input: { rows: readonly KbSyncRow[]; hasData: boolean; updated: Date | null; now: Date }): KnowledgeBaseSummary {
  const rows = input.rows.map((row) => alive(row, input.now));
  const busy = rows.some((row) => row.state === 'waiting' || row.state === 'running' || row.state === 'retrying');
  const failed = rows.some((row) => row.state === 'failed');
  return { state: overallState(busy, input.hasData, failed), updated: input.hasData ? iso(input.updated) : null };
}

/** Busy first: a sync or bundle under way says so even while older data is in use. */
function overallState(busy: boolean, hasData: boolean, failed: boolean): KnowledgeBaseState {
  return busy ? 'importing' : hasData ? 'ready' : failed ? 'failed' : 'empty';
}

/** A busy row nobody touched for STALE_AFTER_MS is reported failed. */
function alive(row: KbSyncRow, now: Date): KbSyncRow {
  const busy = row.state === 'waiting' || row.state === 'running' || row.state === 'retrying';
  if (!busy || now.getTime() - row.updatedAt.getTime() < STALE_AFTER_MS) return row;
  return { ...row, state: 'failed', lastError: INTERRUPTED, progress: null, nextAttemptAt: null };
}

function sourceOf(name: string, row: KbSyncRow | undefined, data: SourceStatus | undefined, bundleRow: KbSyncRow | undefined): KnowledgeBaseSource {
  const records = data?.rows ?? 0;
  const imported = records > 0 || data?.lastImport != null;
  const state: KnowledgeBaseSourceState =
    row?.state === 'running' ? 'importing'
    : row?.state === 'waiting' || row?.state === 'retrying' || row?.state === 'failed' ? row.state
    : imported ? 'ready' : 'empty';
  // After a bundle, a source's data is the bundle's: its date is the bundle's unless a sync came since.
  const fromBundle = !row && records > 0 && bundleRow?.state === 'complete';
  return {
    name,
    state,
    records,
    last_success: data?.lastImport?.finishedAt ?? iso(row?.lastSuccessAt),
    feed_date: iso(row?.feedDate) ?? (fromBundle ? iso(bundleRow.feedDate) : null),
    last_error: row?.state === 'complete' ? null : (row?.lastError ?? null),
    next_attempt: row?.state === 'retrying' ? iso(row.nextAttemptAt) : null,
    progress: row?.state === 'running' && row.progress ? progressOf(row.progress) : null,
  };
}

function bundleOf(row: KbSyncRow | undefined): KnowledgeBaseBundle {
  const state = !row ? 'none' : row.state === 'complete' ? 'ready' : row.state === 'failed' ? 'failed' : 'importing';
  return { state, last_success: iso(row?.lastSuccessAt), feed_date: iso(row?.feedDate), last_error: state === 'failed' ? (row?.lastError ?? null) : null };
}

function progressOf(p: NonNullable<KbSyncRow['progress']>): KnowledgeBaseProgress {
  const percent = p.phase === 'download' && p.totalBytes ? p.bytes / p.totalBytes : p.phase === 'import' && p.totalRecords ? p.records / p.totalRecords : null;
  return {
    phase: p.phase,
    records: p.records,
    total_records: p.totalRecords,
    bytes: p.bytes,
    total_bytes: p.totalBytes,
    percent: percent === null ? null : Math.min(100, Math.floor(percent * 100)),
  };
}

function latest(dates: readonly (string | null)[]): string | null {
  const times = dates.filter((d): d is string => d !== null).map((d) => Date.parse(d));
  return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
}

function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
