import { describe, expect, it } from 'vitest';
import { knowledgeBaseEntry, scanQueueEntry } from './system-status-service.ts';

const NOW = new Date('2026-11-27T12:00:00Z');

describe('system status entries of the server', () => {
  it.each([
    [{ state: 'empty', updated: null }, 'warning', 'The vulnerability knowledge base has never been synced: scans show no vulnerabilities until it is.'],
    [{ state: 'failed', updated: null }, 'error', 'The vulnerability knowledge base could not be synced: scans show no vulnerabilities.'],
    [{ state: 'importing', updated: '2026-11-27T10:00:00Z' }, 'info', 'The vulnerability knowledge base is being updated.'],
    [{ state: 'ready', updated: '2026-11-26T23:00:00Z' }, 'info', 'The vulnerability knowledge base is up to date (updated 2026-11-26).'],
    [{ state: 'ready', updated: '2026-11-20T12:00:00Z' }, 'warning', 'The vulnerability knowledge base is stale: last updated 7 days ago (2026-11-20).'],
  ] as const)('knowledge base %j is %s', (summary, level, text) => {
    expect(knowledgeBaseEntry(summary, NOW)).toEqual({ id: 'knowledge-base', level, tags: ['knowledge-base'], text, source: 'server', created: null });
  });

  it.each([
    [{ busy: 0, oldest: null }, 'info', 'No scans are waiting.'],
    [{ busy: 1, oldest: new Date('2026-11-27T11:59:00Z') }, 'info', '1 scan is waiting or running.'],
    [{ busy: 3, oldest: new Date('2026-11-27T10:30:00Z') }, 'warning', '3 scans are waiting or running; the oldest was uploaded 90 minutes ago.'],
  ] as const)('scan queue %j is %s', (queue, level, text) => {
    expect(scanQueueEntry(queue, NOW)).toEqual({ id: 'scan-queue', level, tags: ['scans'], text, source: 'server', created: null });
  });
});
