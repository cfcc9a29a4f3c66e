import type { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import { nonBlank } from './messages-service.ts';
import type { AnnouncementRow, AnnouncementsRepository } from './repository.ts';
import type { SystemStatus, SystemStatusCreate } from './schemas.ts';

/**
 * The system status (spec §7 GET /system-status/): the server's own state (the knowledge
 * base, the scan queue) as the first entries, then what administrators set, newest first.
 */
export interface SystemStatusService {
  list(): Promise<SystemStatus[]>;
  create(viewer: Viewer, body: SystemStatusCreate): Promise<SystemStatus>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface ScanQueueState {
  /** Scans waiting or running. */
  busy: number;
  /** When the longest-waiting of them was uploaded. */
  oldest: Date | null;
}

export interface SystemStatusServiceDeps {
  announcements: AnnouncementsRepository;
  change: AuditedChange<{ announcements: AnnouncementsRepository }>;
  knowledgeBase: { summary(): Promise<KnowledgeBaseSummary> };
  scanQueue(): Promise<ScanQueueState>;
  now?: () => Date;
}

/** Vulnerability data older than this is called stale. */
export const KNOWLEDGE_BASE_STALE_DAYS = 7;
/** A scan waiting or running longer than this makes the queue a warning. */
export const SCAN_QUEUE_SLOW_MINUTES = 60;
/** Admin-set entries shown at most. */
const MAX_ENTRIES = 50;
const DAY_MS = 86_400_000;

export function createSystemStatusService(deps: SystemStatusServiceDeps): SystemStatusService {
  const now = deps.now ?? (() => new Date());
  return {
    async list() {
      const [summary, queue, entries] = await Promise.all([
        deps.knowledgeBase.summary(),
        deps.scanQueue(),
        deps.announcements.list('status', { limit: MAX_ENTRIES, offset: 0 }),
      ]);
      const at = now();
      return [knowledgeBaseEntry(summary, at), scanQueueEntry(queue, at), ...entries.rows.map(toSystemStatus)];
    },
    async create(viewer, body) {
      const text = nonBlank(body.text);
      const row = await deps.change(
        (tx) => tx.announcements.create({
          kind: 'status', level: body.level ?? 'info', tags: body.tags ?? [], title: '', text, startsAt: null, endsAt: null, createdBy: viewer.userId,
        }),
        (created) => ({ actorId: viewer.userId, action: 'system_status.create', object: `system_status:${created.id}`, level: 3, details: { level: created.level, text } }),
      );
      return toSystemStatus(row);
    },
    async remove(viewer, id) {
      await deps.change(
        async (tx) => {
          const removed = await tx.announcements.remove('status', id);
          if (!removed) throw new AppError('not_found');
          return removed;
        },
        (removed) => ({ actorId: viewer.userId, action: 'system_status.delete', object: `system_status:${id}`, level: 3, details: { text: removed.text } }),
      );
    },
  };
}

export function knowledgeBaseEntry(summary: KnowledgeBaseSummary, now: Date): SystemStatus {
  const entry = (level: SystemStatus['level'], text: string): SystemStatus =>
    ({ id: 'knowledge-base', level, tags: ['knowledge-base'], text, source: 'server', created: null });
  if (summary.state === 'empty') return entry('warning', 'The vulnerability knowledge base has never been synced: scans show no vulnerabilities until it is.');
  if (summary.state === 'failed') return entry('error', 'The vulnerability knowledge base could not be synced: scans show no vulnerabilities.');
  if (summary.state === 'importing') return entry('info', 'The vulnerability knowledge base is being updated.');
  const updated = summary.updated ? new Date(summary.updated) : null;
  const ageDays = updated ? Math.floor((now.getTime() - updated.getTime()) / DAY_MS) : Number.POSITIVE_INFINITY;
  if (ageDays >= KNOWLEDGE_BASE_STALE_DAYS) {
    return entry('warning', `The vulnerability knowledge base is stale: last updated ${updated ? `${ageDays} days ago (${updated.toISOString().slice(0, 10)})` : 'at an unknown time'}.`);
  }
  return entry('info', `The vulnerability knowledge base is up to date${updated ? ` (updated ${updated.toISOString().slice(0, 10)})` : ''}.`);
}

export function scanQueueEntry(queue: ScanQueueState, now: Date): SystemStatus {
  const entry = (level: SystemStatus['level'], text: string): SystemStatus =>
    ({ id: 'scan-queue', level, tags: ['scans'], text, source: 'server', created: null });
  if (queue.busy === 0) return entry('info', 'No scans are waiting.');
  const scans = queue.busy === 1 ? '1 scan is' : `${queue.busy} scans are`;
  const waitedMinutes = queue.oldest ? Math.floor((now.getTime() - queue.oldest.getTime()) / 60_000) : 0;
  if (waitedMinutes >= SCAN_QUEUE_SLOW_MINUTES) return entry('warning', `${scans} waiting or running; the oldest was uploaded ${waitedMinutes} minutes ago.`);
  return entry('info', `${scans} waiting or running.`);
}

function toSystemStatus(row: AnnouncementRow): SystemStatus {
  return { id: String(row.id), level: row.level, tags: row.tags, text: row.text, source: 'administrator', created: row.createdAt.toISOString() };
}
