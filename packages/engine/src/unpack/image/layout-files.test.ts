// OCI image layouts as separate files: a directory given to scan(), and a folder
// inside an archive (fixtures/unpack/oci-layout-zip: a umoci layout zipped under
// `image/`). The layout is rebuilt on disk from the fixture for the directory case.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../pipeline.ts';
import { zip } from '../formats/archive/zip.ts';
import { DEFAULT_LIMITS, LimitTracker } from '../limits.ts';
import { ExtractSink, WorkDir } from '../safe-fs.ts';
import { HEAD_BYTES } from '../types.ts';
import { openReader } from '../../util/reader.ts';
import { mutate, rng } from '../../../test/fuzz.ts';
import { buildTar } from '../../../test/builders/tar.ts';

const FIXTURE = fileURLToPath(new URL('../../../fixtures/unpack/oci-layout-zip/image-layout.zip', import.meta.url));
const CONFIG = 'c8c832f57bae218a280915769672ffbd2af11d84a2fe59daa678dad8ef0b86c2';
const L1 = 'b0ab8517f694c53f590c7ee45b649795b16b5914ab5b524c3b8536deb1d98143';
const L2 = 'f101bffba47ef0b3b289e1903461e348f3274d6e04204c86452382208ccdbebc';
const MANIFEST = 'c2264aade1b00db7185611845df53a78573ec285f425488ffece321751a61c11';
/** umoci records each repack as the build step of the layer it wrote. */
const HISTORY = [
  { createdBy: 'umoci repack', created: '2023-11-14T22:13:20Z' },
  { createdBy: 'umoci repack', created: '2023-11-14T22:13:20Z' },
];

let work: string;

/** The fixture's members written out as real files under `<dir>/image/`. */
async function layoutDirectory(dir: string): Promise<string> {
  const reader = await openReader(FIXTURE);
  try {
    const sink = new ExtractSink(new WorkDir(await mkdtemp(join(work, 'zip-'))), new LimitTracker(DEFAULT_LIMITS), [], zip.name, () => undefined);
    const chunk = await zip.identify(await reader.read(0, HEAD_BYTES), reader);
    if (!chunk) throw new Error('fixture is not a zip');
    await zip.extract({ reader, chunk, location: [], fileName: 'image-layout.zip', sink, signal: new AbortController().signal, report: () => undefined });
    for (const entry of sink.entries()) {
      await mkdir(dirname(join(dir, entry.name)), { recursive: true });
      await copyFile(entry.diskPath ?? '', join(dir, entry.name));
    }
  } finally {
    await reader.close();
  }
  return join(dir, 'image');
}

/** Path → [layer, whiteout, link target] of the merged files, and what else the scan saw. */
async function scanned(dir: string) {
  const id = await scan(dir, { tempDir: work });
  const merged = Object.fromEntries(id.files.filter((f) => f.layer !== undefined).map((f) => [f.path.join('/'), [f.layer, f.whiteout ?? null, f.linkTarget ?? null]]));
  return { id, merged };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'binlens-layout-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('OCI image layout directories', () => {
  it('a layout directory as the input: layers applied with whiteouts, blobs not unpacked one by one', async () => {
    const { id, merged } = await scanned(await layoutDirectory(await mkdtemp(join(work, 'in-'))));
    expect(merged).toEqual({
      bin: [L1, null, 'usr/bin'],
      'etc/os-release': [L1, null, null],
      'etc/secret.txt': [L1, L2, null],
      'opt/app/new.txt': [L2, null, null],
      'opt/app/old.txt': [L1, L2, null],
      'usr/bin/tool': [L2, null, null],
    });
    expect(id.dockerImages).toEqual([{ path: [], id: CONFIG, repoTags: ['1.0'], layers: [L1, L2], layerHistory: HISTORY }]);
    expect(id.input.format).toBe('directory');
    // The gzip blobs are listed but not unpacked on their own (their content is the merged tree).
    expect(id.files.filter((f) => f.path.length > 1)).toEqual([]);
    expect(id.problems.filter((p) => p.level !== 'info')).toEqual([]);
  });

  it('the merged file keeps the upper layer content', async () => {
    const dir = await layoutDirectory(await mkdtemp(join(work, 'in-')));
    const id = await scan(dir, { tempDir: work });
    const tool = id.files.find((f) => f.path.join('/') === 'usr/bin/tool');
    expect(tool?.size).toBe('tool v2\n'.length);
  });

  it('a tar holding the layout under a folder: the merged tree joins the tar members under that folder', async () => {
    const dir = await layoutDirectory(await mkdtemp(join(work, 'in-')));
    const blobs = await readdir(join(dir, 'blobs/sha256'));
    const entries = await Promise.all(
      ['oci-layout', 'index.json', ...blobs.map((b) => `blobs/sha256/${b}`)].map(async (name) => ({ name: `layout/${name}`, data: await readFile(join(dir, name)) })),
    );
    const tarPath = join(work, 'layout-in-folder.tar');
    await writeFile(tarPath, buildTar(entries));
    const { id, merged } = await scanned(tarPath);
    expect(Object.keys(merged).sort()).toEqual(['layout/bin', 'layout/etc/os-release', 'layout/etc/secret.txt', 'layout/opt/app/new.txt', 'layout/opt/app/old.txt', 'layout/usr/bin/tool']);
    expect(merged['layout/etc/secret.txt']).toEqual([L1, L2, null]);
    expect(id.dockerImages).toEqual([{ path: [], id: CONFIG, repoTags: ['1.0'], layers: [L1, L2], layerHistory: HISTORY }]);
  });

  it('a layout whose manifest is missing is a located problem and its blobs are unpacked one by one', async () => {
    const dir = await layoutDirectory(await mkdtemp(join(work, 'in-')));
    await rm(join(dir, 'blobs/sha256', MANIFEST));
    const { id, merged } = await scanned(dir);
    expect(merged).toEqual({});
    expect(id.problems).toContainEqual({ level: 'error', location: [], plugin: 'container/oci-layout', code: 'malformed', message: `image archive has no blobs/sha256/${MANIFEST}` });
    expect(id.files.find((f) => f.path[0] === `blobs/sha256/${L1}`)?.format).toBe('compress/gzip');
  });

  it('a blob that is a symlink is not followed', async () => {
    const dir = await layoutDirectory(await mkdtemp(join(work, 'in-')));
    const outside = join(work, `outside-${L2}`);
    await copyFile(join(dir, 'blobs/sha256', L2), outside);
    await rm(join(dir, 'blobs/sha256', L2));
    await symlink(outside, join(dir, 'blobs/sha256', L2));
    const { id, merged } = await scanned(dir);
    expect(merged).toEqual({});
    expect(id.problems.map((p) => p.code)).toContain('malformed');
  });

  it('fuzzed index.json and manifests end as problems, never crashes', async () => {
    const dir = await layoutDirectory(await mkdtemp(join(work, 'in-')));
    const index = await readFile(join(dir, 'index.json'));
    const manifest = await readFile(join(dir, 'blobs/sha256', MANIFEST));
    const next = rng(0x0c1);
    for (let i = 0; i < 12; i++) {
      await writeFile(join(dir, 'index.json'), i % 2 === 0 ? mutate(index, next) : index);
      await writeFile(join(dir, 'blobs/sha256', MANIFEST), i % 2 === 1 ? mutate(manifest, next) : manifest);
      const id = await scan(dir, { tempDir: work });
      for (const f of id.files) expect(f.path.every((p) => !p.split('/').includes('..'))).toBe(true);
    }
  }, 60_000);
});
