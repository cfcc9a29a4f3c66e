import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../model/index.ts';
import { DEFAULT_LIMITS, LimitTracker, type Limits } from './limits.ts';
import { ExtractSink, type SinkOptions, WorkDir, normalizeMemberPath } from './safe-fs.ts';
import { FormatError, HEAD_BYTES } from './types.ts';
import { WriteBehind } from './write-behind.ts';

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

async function withSink(
  limits: Partial<Limits>,
  run: (sink: ExtractSink, problems: Problem[]) => Promise<void>,
  options: SinkOptions = {},
): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-sink-'));
  try {
    const problems: Problem[] = [];
    const tracker = new LimitTracker({ ...DEFAULT_LIMITS, ...limits });
    const sink = new ExtractSink(new WorkDir(dir), tracker, ['outer.tar'], 'archive/tar', (p) => problems.push(p), options);
    await run(sink, problems);
    // The files' names, whichever of the work directory's subdirectories holds them.
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
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
        { level: 'warning', location: ['outer.tar', 'c'], plugin: 'archive/tar', code: 'limit-exceeded', message: "more than 2 files (maxFiles): raise with --limit maxFiles=N on the command line, or the scan's limits setting" },
      ]);
    });
  });

  it('maxFileBytes drops the oversized file and removes its bytes', async () => {
    const files = await withSink({ maxFileBytes: 10 }, async (sink, problems) => {
      expect(await sink.file('big', () => Readable.from([Buffer.alloc(8), Buffer.alloc(8)]))).toBe(false);
      expect(await sink.file('small', () => Readable.from([Buffer.alloc(4)]))).toBe(true);
      expect(problems.map((p) => [p.code, p.location, p.message])).toEqual([['limit-exceeded', ['outer.tar', 'big'], "file larger than 10 bytes (maxFileBytes): raise with --limit maxFileBytes=N on the command line, or the scan's limits setting"]]);
    });
    expect(files).toEqual(['1']);
  });

  it('maxTotalBytes ends the whole extraction', async () => {
    await withSink({ maxTotalBytes: 5 }, async (sink, problems) => {
      await sink.file('a', () => Readable.from([Buffer.alloc(4)]));
      await sink.file('b', () => Readable.from([Buffer.alloc(4)]));
      expect(sink.stopped).toBe(true);
      expect(problems.map((p) => p.message)).toEqual(["more than 5 bytes extracted (maxTotalBytes): raise with --limit maxTotalBytes=N on the command line, or the scan's limits setting"]);
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

  it('fileBytes records and writes a member as file does from a stream of the same bytes', async () => {
    await withSink({}, async (sink) => {
      expect(await sink.fileBytes('../x', Buffer.from('no'))).toBe(false);
      expect(await sink.fileBytes('a/b.txt', Buffer.from('abc'), { layer: 'L1' })).toBe(true);
      expect(await sink.fileBytes('empty', Buffer.alloc(0))).toBe(true);
      expect(sink.entries()).toEqual([
        {
          name: 'a/b.txt',
          diskPath: expect.stringMatching(/\/0$/),
          size: 3,
          sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d',
          sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
          layer: 'L1',
        },
        {
          name: 'empty',
          diskPath: expect.stringMatching(/\/1$/),
          size: 0,
          sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
          sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        },
      ]);
      expect(await readFile(sink.entries()[0]?.diskPath ?? '', 'utf8')).toBe('abc');
      expect(sink.headOf('a/b.txt')?.toString()).toBe('abc');
    });
  });

  it('fileBytes keeps to the limits: over maxTotalBytes the member is dropped with one problem', async () => {
    await withSink({ maxTotalBytes: 5 }, async (sink, problems) => {
      expect(await sink.fileBytes('a', Buffer.from('1234'))).toBe(true);
      expect(await sink.fileBytes('b', Buffer.from('5678'))).toBe(false);
      expect(sink.entries().map((e) => e.name)).toEqual(['a']);
      expect(problems.map((p) => [p.code, p.location, p.message])).toEqual([
        ['limit-exceeded', ['outer.tar', 'b'], "more than 5 bytes extracted (maxTotalBytes): raise with --limit maxTotalBytes=N on the command line, or the scan's limits setting"],
      ]);
    });
  });

  it('a failed write keeps the entry and throws a FormatError located at the member', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-sink-'));
    try {
      // The sink's next file name is taken already: the exclusive create fails.
      await mkdir(join(dir, 's0'));
      await writeFile(join(dir, 's0', '0'), 'there');
      const sink = new ExtractSink(new WorkDir(dir), new LimitTracker(DEFAULT_LIMITS), ['outer.tar'], 'archive/tar', () => undefined);
      const err = await sink.fileBytes('f', Buffer.from('abc')).catch((e: unknown) => e);
      expect([(err as FormatError).code, (err as FormatError).location]).toEqual(['corrupt', ['outer.tar', 'f']]);
      expect((err as FormatError).message).toMatch(/^EEXIST: .* after 3 bytes$/);
      expect(sink.entries().map((e) => [e.name, e.size])).toEqual([['f', 3]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writeBehind: members are on disk once settled, streamed or whole, and a later member of the same path replaces the earlier', async () => {
    const files = await withSink(
      {},
      async (sink) => {
        expect(await sink.file('s.txt', () => Readable.from([Buffer.from('stream')]))).toBe(true);
        expect(await sink.fileBytes('w.txt', Buffer.from('whole'))).toBe(true);
        expect(await sink.fileBytes('w.txt', Buffer.from('again'))).toBe(true);
        await sink.settled();
        const contents = await Promise.all(sink.entries().map(async (e) => [e.name, await readFile(e.diskPath ?? '', 'utf8')]));
        expect(contents).toEqual([
          ['s.txt', 'stream'],
          ['w.txt', 'again'],
        ]);
      },
      { writeBehind: new WriteBehind() },
    );
    // The replaced member's file is removed once written.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(files.sort()).toEqual(['0', '2']);
  });

  it('writeBehind: a failed background write makes settled throw a FormatError located at its member', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-sink-'));
    try {
      await mkdir(join(dir, 's1'));
      await writeFile(join(dir, 's1', '1'), 'there');
      const sink = new ExtractSink(new WorkDir(dir), new LimitTracker(DEFAULT_LIMITS), ['outer.tar'], 'archive/tar', () => undefined, { writeBehind: new WriteBehind() });
      expect(await sink.fileBytes('ok', Buffer.from('fine'))).toBe(true);
      expect(await sink.file('clash', () => Readable.from([Buffer.from('abc')]))).toBe(true);
      const err = await sink.settled().catch((e: unknown) => e);
      expect([(err as FormatError).code, (err as FormatError).location]).toEqual(['corrupt', ['outer.tar', 'clash']]);
      expect((err as FormatError).message).toMatch(/^EEXIST: .* after 3 bytes$/);
      expect(await readFile(join(dir, 's0', '0'), 'utf8')).toBe('fine');
      // The failure stays the member's: asking again answers the same.
      await expect(sink.settled()).rejects.toMatchObject({ code: 'corrupt', location: ['outer.tar', 'clash'] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keep: small members are kept whole while the budget grants it, others by their first bytes', async () => {
    let used = 0;
    const keep = {
      reserve: (bytes: number) => (used + bytes <= 1500 ? ((used += bytes), true) : false),
      release: (bytes: number) => void (used -= bytes),
    };
    await withSink(
      {},
      async (sink) => {
        const big = Buffer.alloc(1000, 0x61);
        await sink.fileBytes('a', big);
        await sink.file('b', () => Readable.from([big]));
        await sink.fileBytes('c', Buffer.from('short'));
        expect([sink.headOf('a')?.length, sink.headOf('b')?.length, sink.headOf('c')?.toString()]).toEqual([1000, HEAD_BYTES, 'short']);
        expect(used).toBe(1000);
        // Replaced: its kept bytes go back to the budget.
        await sink.fileBytes('a', Buffer.from('new'));
        expect(used).toBe(0);
      },
      { keep },
    );
  });
});
