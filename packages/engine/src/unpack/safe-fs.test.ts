import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../model/index.ts';
import { DEFAULT_LIMITS, LimitTracker, type Limits } from './limits.ts';
import { ExtractSink, WorkDir, normalizeMemberPath } from './safe-fs.ts';
import { FormatError } from './types.ts';

describe('normalizeMemberPath', () => {
  it.each([
    ['./usr//bin/ls', { path: 'usr/bin/ls' }],
    ['a/./b/', { path: 'a/b' }],
    ['./', null],
    ['../evil', { refused: 'contains `..`' }],
    ['a/b/../../../evil', { refused: 'contains `..`' }],
    ['..\\..\\evil.dll', { refused: 'contains `..`' }],
    ['/etc/passwd', { refused: 'is absolute' }],
    ['C:\\Windows\\evil.dll', { refused: 'is absolute' }],
    ['a\0b', { refused: 'contains a NUL byte' }],
    ['..foo/bar..', { path: '..foo/bar..' }],
  ])('%j', (raw, expected) => {
    expect(normalizeMemberPath(raw)).toEqual(expected);
  });
});

async function withSink(limits: Partial<Limits>, run: (sink: ExtractSink, problems: Problem[]) => Promise<void>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-sink-'));
  try {
    const problems: Problem[] = [];
    const sink = new ExtractSink(new WorkDir(dir), new LimitTracker({ ...DEFAULT_LIMITS, ...limits }), ['outer.tar'], 'archive/tar', (p) => problems.push(p));
    await run(sink, problems);
    return readdir(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('ExtractSink', () => {
  it('writes under generated names and hashes what it writes', async () => {
    const files = await withSink({}, async (sink) => {
      expect(await sink.file('../../x', () => Readable.from([Buffer.from('no')]))).toBe(false);
      expect(await sink.file('a/b.txt', () => Readable.from([Buffer.from('abc')]))).toBe(true);
      expect(sink.entries()).toEqual([
        {
          name: 'a/b.txt',
          diskPath: expect.stringMatching(/\/0$/),
          size: 3,
          sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d',
          sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
        },
      ]);
    });
    expect(files).toEqual(['0']);
  });

  it('records links as data', async () => {
    await withSink({}, async (sink) => {
      sink.link('etc/os-release', '../usr/lib/os-release');
      expect(sink.entries()).toEqual([{ name: 'etc/os-release', size: 0, sha1: '', sha256: '', linkTarget: '../usr/lib/os-release', linkKind: 'symlink' }]);
    });
  });

  it('maxFiles stops extraction with one problem', async () => {
    await withSink({ maxFiles: 2 }, async (sink, problems) => {
      for (const name of ['a', 'b', 'c', 'd']) await sink.file(name, () => Readable.from([Buffer.from(name)]));
      expect(sink.entries().map((e) => e.name)).toEqual(['a', 'b']);
      expect(sink.stopped).toBe(true);
      expect(problems).toEqual([
        { level: 'warning', location: ['outer.tar', 'c'], plugin: 'archive/tar', code: 'limit-exceeded', message: 'more than 2 files (maxFiles)' },
      ]);
    });
  });

  it('maxFileBytes drops the oversized file and removes its bytes', async () => {
    const files = await withSink({ maxFileBytes: 10 }, async (sink, problems) => {
      expect(await sink.file('big', () => Readable.from([Buffer.alloc(8), Buffer.alloc(8)]))).toBe(false);
      expect(await sink.file('small', () => Readable.from([Buffer.alloc(4)]))).toBe(true);
      expect(problems.map((p) => [p.code, p.location, p.message])).toEqual([['limit-exceeded', ['outer.tar', 'big'], 'file larger than 10 bytes (maxFileBytes)']]);
    });
    expect(files).toEqual(['1']);
  });

  it('maxTotalBytes ends the whole extraction', async () => {
    await withSink({ maxTotalBytes: 5 }, async (sink, problems) => {
      await sink.file('a', () => Readable.from([Buffer.alloc(4)]));
      await sink.file('b', () => Readable.from([Buffer.alloc(4)]));
      expect(sink.stopped).toBe(true);
      expect(problems.map((p) => p.message)).toEqual(['more than 5 bytes extracted (maxTotalBytes)']);
    });
  });

  it('a failing source keeps the partial file and throws a located FormatError', async () => {
    await withSink({}, async (sink) => {
      const failing = () =>
        Readable.from(
          (async function* () {
            yield Buffer.from('part');
            throw Object.assign(new Error('unexpected end of file'), { code: 'Z_BUF_ERROR' });
          })(),
        );
      const err = await sink.file('f', failing).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FormatError);
      expect([(err as FormatError).code, (err as FormatError).location, (err as FormatError).message]).toEqual([
        'truncated',
        ['outer.tar', 'f'],
        'unexpected end of file after 4 bytes',
      ]);
      expect(sink.entries().map((e) => [e.name, e.size])).toEqual([['f', 4]]);
    });
  });
});
