import { type CustomPattern as EnginePattern, customPatternError } from '@binlens/engine';
import { type CustomPatternJobData, type CustomPatternJobOutput, SEARCH_FAILURE } from '../../lib/custom-pattern-queue.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { CustomPatternChanges, CustomPatternRecord, CustomPatternsRepository } from './repository.ts';
import type { CustomPatternScansRepository } from './scan-repository.ts';
import type { CustomPattern, CustomPatternCreate, CustomPatternListQuery, CustomPatternRun, CustomPatternRunState, CustomPatternUpdate } from './schemas.ts';

/** The account's patterns at most; also what one scan searches for at most. */
export const MAX_PATTERNS = 500;
/** Spec §9: ids are fetched in chunks of 100. */
const MAX_IDS = 100;
const PATH = '/rest/regular-expressions/';

/** The account's custom leak patterns (spec: custom patterns), and their search of stored scans. */
export interface CustomPatternsService {
  list(query: CustomPatternListQuery, page: PageRequest): Promise<Page<CustomPattern>>;
  get(id: number): Promise<CustomPattern>;
  create(viewer: Viewer, body: CustomPatternCreate): Promise<CustomPattern>;
  /** Only the fields given change; a change of nothing records nothing. */
  update(viewer: Viewer, id: number, body: CustomPatternUpdate): Promise<CustomPattern>;
  remove(viewer: Viewer, id: number): Promise<void>;
  /** The enabled patterns as the engine takes them: what a new scan searches for (jobs/scan.ts). */
  forScans(): Promise<EnginePattern[]>;
  /** Queues the search of a ready scan's stored file for the enabled patterns; the guard has resolved the scan. */
  apply(viewer: Viewer, scanId: number): Promise<CustomPatternRun>;
  /** A search of the scan queued by apply; 404 for one of another scan or none. */
  run(scanId: number, runId: string): Promise<CustomPatternRun>;
}

/** A search job as the queue knows it (pg-boss's state and output). */
export interface QueuedSearch {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: CustomPatternJobData;
  output: unknown;
}

export interface CustomPatternsServiceDeps {
  patterns: CustomPatternsRepository;
  scans: CustomPatternScansRepository;
  change: AuditedChange<{ patterns: CustomPatternsRepository }>;
  /** Queues the search; the job's id. */
  enqueueSearch: (data: CustomPatternJobData) => Promise<string>;
  /** The search job of that id; null when the queue has none. */
  findSearch: (id: string) => Promise<QueuedSearch | null>;
  /** A line of the scan's own log. */
  scanLog: (scanId: number, message: string) => Promise<void>;
}

export function createCustomPatternsService(deps: CustomPatternsServiceDeps): CustomPatternsService {
  const found = async (id: number): Promise<CustomPatternRecord> => {
    const row = await deps.patterns.find(id);
    if (!row) throw new AppError('not_found');
    return row;
  };
  const event = (viewer: Viewer, action: string, id: number, details: Record<string, unknown>) => ({
    actorId: viewer.userId,
    action: `custom_pattern.${action}`,
    object: `custom_pattern:${id}`,
    level: 2 as const,
    details,
  });

  return {
    async list(query, page) {
      const ids = query.id__in === undefined ? undefined : parseIds(query.id__in);
      const { rows, count } = await deps.patterns.list({ ids, ordering: query.ordering ?? 'id' }, page);
      return pageOf(rows.map(toCustomPattern), count, page, PATH, { id__in: query.id__in, ordering: query.ordering });
    },

    get: async (id) => toCustomPattern(await found(id)),

    async create(viewer, body) {
      const values = { name: checkedName(body.name), pattern: checkedPattern(body.pattern), description: body.description?.trim() ?? '', enabled: body.enabled ?? true };
      const id = await deps.change(
        async (tx) => {
          if ((await tx.patterns.count()) >= MAX_PATTERNS) throw new AppError('custom_pattern_limit');
          const created = await tx.patterns.create({ ...values, createdBy: viewer.userId });
          if (created === undefined) throw new AppError('custom_pattern_name_taken');
          return created;
        },
        (created) => event(viewer, 'create', created, values),
      );
      return toCustomPattern(await found(id));
    },

    async update(viewer, id, body) {
      const current = await found(id);
      const wanted: CustomPatternChanges = {
        ...(body.name === undefined ? {} : { name: checkedName(body.name) }),
        ...(body.pattern === undefined ? {} : { pattern: checkedPattern(body.pattern) }),
        ...(body.description === undefined ? {} : { description: body.description.trim() }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      };
      const changes = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => current[key as keyof CustomPatternChanges] !== value)) as CustomPatternChanges;
      if (Object.keys(changes).length === 0) return toCustomPattern(current);
      await deps.change(
        async (tx) => {
          const before = await tx.patterns.update(id, changes);
          if (before === undefined) throw new AppError('not_found');
          if (before === 'taken') throw new AppError('custom_pattern_name_taken');
          return before;
        },
        (before) => event(viewer, 'update', id, Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, [before[key as keyof CustomPatternChanges], value]]))),
      );
      return toCustomPattern(await found(id));
    },

    async remove(viewer, id) {
      await deps.change(
        async (tx) => {
          const deleted = await tx.patterns.delete(id);
          if (!deleted) throw new AppError('not_found');
          return deleted;
        },
        (deleted) => event(viewer, 'delete', id, { name: deleted.name, pattern: deleted.pattern }),
      );
    },

    forScans: async () => (await deps.patterns.enabled(MAX_PATTERNS)).map((row) => ({ id: String(row.id), pattern: row.pattern })),

    async apply(viewer, scanId) {
      const scan = await deps.scans.find(scanId);
      if (!scan) throw new AppError('not_found');
      if (scan.binaryRemovedAt !== null) throw new AppError('scan_binary_removed');
      if (scan.status !== 'R') throw new AppError('scan_not_ready');
      // An imported scan's blob is the portable scan file, not the file it analysed (its hashes are that file's).
      if (scan.sha256 !== scan.blobKey) throw new AppError('custom_pattern_scan_imported');
      const patterns = await deps.patterns.enabled(MAX_PATTERNS);
      const data: CustomPatternJobData = { scanId, requestedBy: viewer.userId, patterns };
      const ids = patterns.map((pattern) => pattern.id);
      // Logged before the job exists: a free worker may start it, and log its start, at once.
      await deps.scanLog(scanId, `Custom pattern search queued by ${viewer.email}: ${count(ids.length, 'enabled pattern')}`);
      const jobId = await deps.enqueueSearch(data);
      await deps.change(
        async () => jobId,
        () => ({ actorId: viewer.userId, action: 'custom_pattern.apply', object: `scan:${scanId}`, level: 2, details: { patterns: ids, job: jobId } }),
      );
      return { id: jobId, scan: scanId, state: 'queued', patterns: ids, findings: null, error: null };
    },

    async run(scanId, runId) {
      const job = await deps.findSearch(runId);
      if (!job || job.data.scanId !== scanId) throw new AppError('not_found');
      const state = RUN_STATES[job.state];
      return {
        id: job.id,
        scan: scanId,
        state,
        patterns: job.data.patterns.map((pattern) => pattern.id),
        findings: state === 'completed' ? ((job.output as Partial<CustomPatternJobOutput> | null)?.findings ?? 0) : null,
        error: state === 'failed' ? failureOf(job) : null,
      };
    },
  };
}

const RUN_STATES: Record<QueuedSearch['state'], CustomPatternRunState> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'failed',
};

/** The job's own reason (jobs/custom-patterns.ts throws only reasons fit to show), or a generic one. */
function failureOf(job: QueuedSearch): string {
  const output = job.output as { name?: unknown; message?: unknown } | null;
  if (job.state === 'failed' && output?.name === SEARCH_FAILURE && typeof output.message === 'string') return output.message;
  return 'The search stopped before it finished (the worker running it ended). Apply the patterns again.';
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new AppError('custom_pattern_name_blank');
  return trimmed;
}

/**
 * The pattern as saved, or 400 naming RE2's error and where it is, e.g. `Invalid RE2 pattern at
 * position 3: invalid escape sequence: \1` for `(a)\1`.
 */
function checkedPattern(pattern: string): string {
  const error = customPatternError(pattern);
  if (!error) return pattern;
  if (error.position !== null) throw new AppError('custom_pattern_invalid', `Invalid RE2 pattern at position ${error.position}: ${error.reason}`);
  const why = error.reason === 'the pattern matches the empty string' ? 'The pattern matches the empty string, so it would match everywhere.' : `${capitalised(error.reason)}.`;
  throw new AppError('custom_pattern_invalid', why);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function parseIds(value: string): number[] {
  const parts = value.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.some((part) => !/^\d{1,10}$/.test(part))) throw new AppError('id_list_invalid');
  if (parts.length > MAX_IDS) throw new AppError('id_list_invalid', `At most ${MAX_IDS} ids per request.`);
  return [...new Set(parts.map(Number))];
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function toCustomPattern(row: CustomPatternRecord): CustomPattern {
  return {
    id: row.id,
    name: row.name,
    pattern: row.pattern,
    description: row.description,
    enabled: row.enabled,
    created_by: row.createdBy !== null && row.createdByEmail !== null ? { id: row.createdBy, email: row.createdByEmail } : null,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  };
}
