// Stored counts against a concurrent adjustment: an evaluation that began before a mark as stale
// must not store its counts over it, or the re-evaluation the change requested finds nothing to do.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, openTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import { groups, scans } from '../../db/schema/index.ts';
import { createStaleScans } from '../adjustments/stale-scans.ts';
import { createScanJobRepository } from './job-repository.ts';

const ONE_HIGH = { critical: 0, high: 1, medium: 0, low: 0, missing: 0 };
const NONE = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };

describe.each(DATABASES)('stored vulnerability counts on %s', (kind) => {
  let test: TestDatabase;
  let scanId: number;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    const db = test.database.db;
    const [group] = await db.insert(groups).values({ name: 'Apps', searchPath: '', depth: 0 }).returning({ id: groups.id });
    if (!group) throw new Error('no group');
    const [scan] = await db
      .insert(scans)
      .values({ groupId: group.id, filename: 'app.tar', size: 10, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), blobKey: 'k', status: 'R' })
      .returning({ id: scans.id });
    if (!scan) throw new Error('no scan');
    scanId = scan.id;
  });
  afterEach(() => test.dispose());

  const stored = async () => {
    const [row] = await test.database.db.select({ counts: scans.vulnerabilityCounts, evaluatedAt: scans.evaluatedAt }).from(scans).where(eq(scans.id, scanId));
    return row;
  };

  it('are stored when no mark came between the start of the evaluation and its end', async () => {
    const repository = createScanJobRepository(test.database.db);
    const marks = await repository.staleMarks(scanId);
    expect(marks).toBe(0);
    const at = new Date('2026-12-01T10:00:00Z');
    expect(await repository.setVulnerabilityCounts(scanId, ONE_HIGH, at, 0)).toBe(true);
    expect(await stored()).toEqual({ counts: ONE_HIGH, evaluatedAt: at });
    expect(await repository.staleScanIds(0, 10, null)).toEqual([]);
  });

  it('are not stored over a mark made while the evaluation ran: the scan stays stale', async () => {
    const repository = createScanJobRepository(test.database.db);
    const stale = createStaleScans(test.database.db);
    await repository.setVulnerabilityCounts(scanId, ONE_HIGH, new Date('2026-12-01T10:00:00Z'), 0);

    const before = await repository.staleMarks(scanId);
    await stale.mark([{ kind: 'scan', scanId }]);
    expect(await repository.setVulnerabilityCounts(scanId, NONE, new Date('2026-12-01T11:00:00Z'), before ?? -1)).toBe(false);
    expect(await stored()).toEqual({ counts: ONE_HIGH, evaluatedAt: null });
    expect(await repository.staleScanIds(0, 10, null)).toEqual([scanId]);

    const after = await repository.staleMarks(scanId);
    expect(after).toBe(1);
    expect(await repository.setVulnerabilityCounts(scanId, NONE, new Date('2026-12-01T12:00:00Z'), after ?? -1)).toBe(true);
    expect(await stored()).toEqual({ counts: NONE, evaluatedAt: new Date('2026-12-01T12:00:00Z') });
  });

  it('answer no marks for a scan that is gone', async () => {
    expect(await createScanJobRepository(test.database.db).staleMarks(scanId + 1000)).toBeUndefined();
  });
});
