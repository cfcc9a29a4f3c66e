import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutations } from '../../test/fuzz.ts';
import { fixture } from '../../test/knowledge-bases.ts';
import type { FeedItem } from '../import/types.ts';
import { osvZipFeed } from './osv-zip.ts';
import { readMember, zipMembers } from './zip.ts';

// osv-all-zip64.zip comes from make-osv-zip64.sh (Info-ZIP `zip -fz`): every central entry
// carries a zip64 extra field and the archive ends with the zip64 end records.
const ZIP64 = fixture('osv-all-zip64.zip').path;

describe('zip reader on a zip64 archive', () => {
  it('lists the members with their zip64 sizes and offsets', async () => {
    const expected = JSON.parse(await readFile(fixture('osv-all-zip64.expected.json').path, 'utf8')) as { members: unknown[] };
    const handle = await open(ZIP64, 'r');
    try {
      expect(await zipMembers(handle)).toEqual(expected.members);
    } finally {
      await handle.close();
    }
  });

  it('inflates each member to its original bytes', async () => {
    const handle = await open(ZIP64, 'r');
    try {
      const [ghsa, go, broken] = await zipMembers(handle);
      if (!ghsa || !go || !broken) throw new Error('members missing');
      expect((await readMember(handle, ghsa)).equals(await readFile(fixture('osv-ghsa-35jh-r3h4-6jhm.json').path))).toBe(true);
      expect(JSON.parse((await readMember(handle, go)).toString('utf8'))).toMatchObject({ id: 'GO-2024-3293' });
      expect((await readMember(handle, broken)).toString('utf8')).toBe('{"id": ');
    } finally {
      await handle.close();
    }
  });

  it('reads as the OSV all.zip feed, skipping the malformed member', async () => {
    const items: FeedItem[] = [];
    await osvZipFeed.read({ path: ZIP64 }, async (item) => {
      items.push(item);
    });
    expect(items.map((i) => ('skip' in i ? [i.id, i.skip] : [i.id, i.rows.packageRanges?.map((r) => `${r.ecosystem}/${r.name}`)]))).toEqual([
      ['GHSA-35jh-r3h4-6jhm', ['npm/lodash', 'npm/lodash-es']],
      ['GO-2024-3293', ['Go/goyave.dev/goyave/v5']],
      ['BROKEN-1.json', 'malformed JSON'],
    ]);
  });
});

describe('zip reader on damaged archives', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-zip-fuzz-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('throws an Error (never hangs or crashes otherwise) on 200 seeded mutations', async () => {
    const sample = await readFile(ZIP64);
    let n = 0;
    for (const bytes of mutations([sample], 200, 0x21f64)) {
      const file = path.join(dir, `m${n++}.zip`);
      await writeFile(file, bytes);
      try {
        await osvZipFeed.read({ path: file }, async () => {});
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
      }
    }
  });

  it('refuses a truncated archive with a reason', async () => {
    const file = path.join(dir, 'truncated.zip');
    await writeFile(file, (await readFile(ZIP64)).subarray(0, 600));
    await expect(osvZipFeed.read({ path: file }, async () => {})).rejects.toThrow('not a zip archive (no end of central directory)');
  });
});
