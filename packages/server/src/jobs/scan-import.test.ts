import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { IDENTIFICATION_SCHEMA_VERSION, type Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedFile, readIfPortableScan } from './scan-import.ts';

const identification: Identification = {
  schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
  input: { name: 'C:\\builds\\fw\u0007.bin', size: 42, sha1: '1'.repeat(40), sha256: '2'.repeat(64) },
  files: [],
  components: [],
  problems: [],
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
};

describe('readIfPortableScan and importedFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-scan-import-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, bytes: Buffer) => {
    await writeFile(join(dir, name), bytes);
    return join(dir, name);
  };
  const signal = new AbortController().signal;

  it('reads a portable scan file; any other file, a .tar.gz too, is left to the engine', async () => {
    const document = { format: 'binlens-scan', version: 1, exported_at: '2026-02-01T10:00:00.000Z', identification };
    expect(await readIfPortableScan(await file('a.bdba', gzipSync(JSON.stringify(document))), signal)).toEqual({ version: 1, exportedAt: '2026-02-01T10:00:00.000Z', identification });
    expect(await readIfPortableScan(await file('b.tar.gz', gzipSync('ustar')), signal)).toBeUndefined();
    expect(await readIfPortableScan(await file('c.bin', Buffer.from([1, 2, 3])), signal)).toBeUndefined();
    expect(await readIfPortableScan(await file('empty', Buffer.alloc(0)), signal)).toBeUndefined();
  });

  it('stands the scan for the original input, its name cleaned as an upload name is', () => {
    expect(importedFile({ version: 1, exportedAt: '', identification })).toEqual({ filename: 'fw.bin', size: 42, sha1: '1'.repeat(40), sha256: '2'.repeat(64) });
  });

  it('keeps the uploaded file for an input without hashes (a directory the CLI scanned)', () => {
    expect(importedFile({ version: 1, exportedAt: '', identification: { ...identification, input: { name: 'rootfs', size: 0, sha1: '', sha256: '' } } })).toBeUndefined();
  });
});
