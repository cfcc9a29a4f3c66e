import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from './model/index.ts';
import { scan } from './pipeline.ts';
import { DEFAULT_LIMITS } from './unpack/limits.ts';
import { buildTar } from '../test/builders/tar.ts';
import { buildZip } from '../test/builders/zip.ts';

const DEB = fileURLToPath(new URL('../fixtures/unpack/deb-xz/binlens-hello_1.0.0-1_amd64.deb', import.meta.url));
let dir: string;
let temp: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'binlens-pipeline-'));
  temp = join(dir, 'temp');
  await mkdir(temp);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function write(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

describe('scan', () => {
  it('scans an empty file to no components and one warning', async () => {
    const id = await scan(await write('empty.bin', Buffer.alloc(0)), { tempDir: temp });
    expect([id.components, id.problems]).toEqual([[], [{ level: 'warning', location: [], plugin: 'engine/pipeline', code: 'empty-input', message: 'the input is empty' }]]);
  });

  it('records the settings it ran with: the limits in force, input-scaled budgets applied, and the leak options', async () => {
    const id = await scan(await write('settings.bin', Buffer.from('hello')), {
      tempDir: temp,
      limits: { maxDepth: 4 },
      infoleak: { decoys: false, customPatterns: [{ id: 'build-token', pattern: 'tok_[a-z]+' }, { id: 'off', pattern: 'x', enabled: false }] },
    });
    expect(id.analysis).toEqual({
      limits: { ...DEFAULT_LIMITS, maxTotalBytes: 256 * 1024 ** 2, maxFiles: 200_000, maxDepth: 4 },
      infoleakDecoyFilter: false,
      customPatterns: ['build-token'],
    });
  });

  it('reports progress per stage and removes its work directory', async () => {
    const seen: Progress[] = [];
    const id = await scan(DEB, { tempDir: temp }, (p) => seen.push(p));
    expect(id.components.map((c) => c.name)).toEqual(['binlens-hello', 'left-pad']);
    expect([...new Set(seen.map((p) => p.stage))]).toEqual(['file extractors', 'static analysis', 'infoleak', 'BOM matching', 'BOM postprocessing']);
    // Bytes: every file of the tree, the input and what was unpacked from it.
    const bytes = id.files.reduce((sum, file) => sum + file.size, 0);
    const extractors = seen.filter((p) => p.stage === 'file extractors');
    expect(extractors.at(-1)).toEqual({ stage: 'file extractors', done: 9, total: 9, bytesDone: bytes, bytesTotal: bytes });
    // After the .deb: its bytes done, its three members found.
    expect(extractors[1]).toEqual({ stage: 'file extractors', done: 1, total: 4, bytesDone: id.input.size, bytesTotal: 4500 });
    expect(await readdir(temp)).toEqual([]);
  });

  it('removes the work directory when aborted, and rejects', async () => {
    const controller = new AbortController();
    const scanning = scan(DEB, { tempDir: temp, signal: controller.signal }, (p) => {
      if (p.stage === 'file extractors' && p.done === 2) controller.abort(new Error('stop'));
    });
    await expect(scanning).rejects.toThrow('stop');
    expect(await readdir(temp)).toEqual([]);
  });

  it('throws for a path that cannot be read', async () => {
    await expect(scan(join(dir, 'missing.bin'))).rejects.toThrow(/ENOENT/);
    await expect(scan('/dev/null')).rejects.toThrow('is not a regular file or a directory');
  });

  it('stops at maxDepth with a located problem', async () => {
    let bytes = gzipSync('innermost');
    for (let i = 0; i < 4; i++) bytes = gzipSync(bytes);
    const id = await scan(await write('deep.gz', bytes), { limits: { maxDepth: 2 } });
    expect(id.files.map((f) => f.path)).toEqual([[], ['deep'], ['deep', 'deep.out']]);
    expect(id.problems).toEqual([
      { level: 'warning', location: ['deep', 'deep.out'], plugin: 'compress/gzip', code: 'limit-exceeded', message: "nested deeper than 2; not unpacked (maxDepth): raise with --limit maxDepth=N on the command line, or the scan's limits setting" },
    ]);
  });

  it('finds packages inside a zip inside a tar.gz and resolves os-release through a link', async () => {
    const rootfs = buildTar([
      { name: 'var/lib/dpkg/status', data: 'Package: bash\nStatus: install ok installed\nVersion: 5.2.15-2+b7\nArchitecture: arm64\n' },
      { name: 'etc/os-release', type: '2', linkName: '../usr/lib/os-release' },
      { name: 'usr/lib/os-release', data: 'ID=debian\nVERSION_ID="12"\n' },
      { name: 'app.zip', data: buildZip([{ name: 'node_modules/debug/package.json', data: '{"name":"debug","version":"4.3.4","license":"MIT"}' }]) },
    ]);
    const id = await scan(await write('image.tar.gz', gzipSync(rootfs)));
    expect(id.problems).toEqual([]);
    expect(id.components.map((c) => [c.purl, c.evidence[0]?.path])).toEqual([
      ['pkg:deb/debian/bash@5.2.15-2+b7?arch=arm64&distro=debian-12', ['image.tar', 'var/lib/dpkg/status']],
      ['pkg:npm/debug@4.3.4', ['image.tar', 'app.zip', 'node_modules/debug/package.json']],
    ]);
  });

  it('the maxFiles limit is reported once and the scan completes', async () => {
    const tar = buildTar(Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, data: String(i) })));
    const id = await scan(await write('many.tar', tar), { limits: { maxFiles: 3 } });
    expect(id.files.length).toBe(4);
    expect(id.problems.map((p) => [p.code, p.location])).toEqual([['limit-exceeded', ['f3']]]);
  });

  it('bad options throw', async () => {
    await expect(scan(DEB, { limits: { maxDepth: -1 } })).rejects.toThrow(TypeError);
  });
});
