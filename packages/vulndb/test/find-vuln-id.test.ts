import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed } from '../src/import/import-file.ts';
import { findVulnId } from '../src/kb/knowledge-base.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

describe.each(DATABASES)('findVulnId on %s', (kind) => {
  let kb: TestKb;

  beforeAll(async () => {
    kb = await openTestKb(kind);
    await importFeed(kb.db, fixture('osv-ghsa-35jh-r3h4-6jhm.json'));
    await importFeed(kb.db, fixture('nvd-cve-2023-45853.json'));
  });
  afterAll(() => kb.dispose());

  it('finds a record id whatever its case', async () => {
    expect(await findVulnId(kb.db, 'CVE-2023-45853')).toBe('CVE-2023-45853');
    expect(await findVulnId(kb.db, 'cve-2023-45853')).toBe('CVE-2023-45853');
    expect(await findVulnId(kb.db, 'ghsa-35jh-r3h4-6jhm')).toBe('GHSA-35jh-r3h4-6jhm');
    expect(await findVulnId(kb.db, 'GHSA-35JH-R3H4-6JHM')).toBe('GHSA-35jh-r3h4-6jhm');
  });

  it('finds an id that only an alias names', async () => {
    expect(await findVulnId(kb.db, 'cve-2021-23337')).toBe('CVE-2021-23337');
  });

  it('answers null for an unknown id', async () => {
    expect(await findVulnId(kb.db, 'CVE-1999-0001')).toBeNull();
  });
});
