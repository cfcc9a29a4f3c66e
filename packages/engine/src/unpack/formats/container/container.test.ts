// docker-save and OCI archives: the merged tree of three layers with a whiteout,
// an opaque directory, a shadowed file and a hard link (fixtures/unpack/docker-save).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dockerArchive } from './docker-archive.ts';
import { ociArchive } from './oci-archive.ts';
import type { Identification, Problem } from '../../../model/index.ts';
import { toScanResult } from '../../../report/scan-result.ts';
import { DEFAULT_LIMITS, LimitTracker } from '../../limits.ts';
import { ExtractSink, WorkDir } from '../../safe-fs.ts';
import { HEAD_BYTES, type Unpacker } from '../../types.ts';
import { openReader } from '../../../util/reader.ts';
import { tar } from '../archive/tar.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../../../../fixtures/unpack/${name}`, import.meta.url)));
const DOCKER = fixture('docker-save/image.tar');
const OCI = fixture('oci-archive/image-oci.tar');

/** Docker < 25 layer ids (v1 chain ids) of the fixture, bottom first. */
const L1 = 'd3f283157fac946d90a1a1975203674218de6145181ae92e44a9806ebfd7c2af';
const L2 = '2f929decd8ec6856962e56fa847e2977888c322a6e30a397340f377b3bf7cb93';
const L3 = '9c5e924a446474cc2d4a76c09ee9d1964c7b69609e1d0761a5061c7dc389c757';
const CONFIG = '0e554abbbc05a2be31d5ce20d2f8069bad823618dc0362bb87d722603b7a311f';

/** Member → [layer, whiteout] (and link target), plus the images recorded. */
async function layersOf(unpacker: Unpacker, bytes: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-image-'));
  try {
    await writeFile(join(dir, 'in'), bytes);
    const reader = await openReader(join(dir, 'in'));
    const problems: Problem[] = [];
    const sink = new ExtractSink(new WorkDir(dir), new LimitTracker(DEFAULT_LIMITS), [], unpacker.name, (p) => void problems.push(p));
    const chunk = await unpacker.identify(await reader.read(0, HEAD_BYTES), reader);
    if (!chunk) throw new Error('not identified');
    await unpacker.extract({ reader, chunk, location: [], fileName: 'in', sink, signal: new AbortController().signal, report: (p) => void problems.push({ ...p, plugin: unpacker.name }) });
    await reader.close();
    const members = Object.fromEntries(sink.entries().map((e) => [e.name, [e.layer, e.whiteout ?? null, e.linkTarget ?? null]]));
    return { members, images: sink.images(), problems };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('container images', () => {
  it('docker save: layers applied top first, whiteouts and opaque directories recorded as deletions', async () => {
    const { members, images, problems } = await layersOf(dockerArchive, DOCKER);
    expect(members).toEqual({
      'etc/motd': [L3, null, null],
      'usr/bin/tool2': [L3, null, 'usr/bin/tool'],
      'opt/app/new.txt': [L2, null, null],
      'usr/bin/tool': [L2, null, null],
      'etc/os-release': [L1, null, null],
      'etc/secret.txt': [L1, L2, null],
      'opt/app/old.txt': [L1, L2, null],
      bin: [L1, null, 'usr/bin'],
      'var/lib/dpkg/status': [L1, null, null],
    });
    expect(images).toEqual([{ path: [], id: CONFIG, repoTags: ['binlens/demo:1.0'], layers: [L1, L2, L3] }]);
    expect(problems).toEqual([]);
  });

  it('the shadowed file keeps the upper layer content', async () => {
    const out = await runUnpacker(dockerArchive, DOCKER);
    expect(out.members['usr/bin/tool']).toBe('tool v2\n');
    expect(out.members['opt/app/new.txt']).toBe('added in layer 2\n');
  });

  it('OCI archive: gzip layers named by their blob digests, tag from the index annotations', async () => {
    const { members, images } = await layersOf(ociArchive, OCI);
    const [image] = images;
    expect(image?.repoTags).toEqual(['docker.io/binlens/demo:1.0']);
    expect(image?.id).toBe(CONFIG);
    expect(image?.layers).toHaveLength(3);
    expect(members['etc/secret.txt']).toEqual([image?.layers[0], image?.layers[1], null]);
    expect(Object.keys(members).sort()).toEqual(['bin', 'etc/motd', 'etc/os-release', 'etc/secret.txt', 'opt/app/new.txt', 'opt/app/old.txt', 'usr/bin/tool', 'usr/bin/tool2', 'var/lib/dpkg/status']);
  });

  it('a plain tar is left to archive/tar; each layout only claims its own', async () => {
    expect((await runUnpacker(tar, tarOf('etc/hosts'))).identified).toBe(true);
    const plain = await runUnpacker(dockerArchive, tarOf('etc/hosts'));
    expect(plain.identified).toBe(false);
    expect((await runUnpacker(ociArchive, DOCKER)).identified).toBe(false);
    expect((await runUnpacker(dockerArchive, OCI)).identified).toBe(false);
  });

  it('toScanResult lists docker-images and each object says whether it was whited out', () => {
    const identification: Identification = {
      schemaVersion: 1,
      input: { name: 'image.tar', size: 1, sha1: '', sha256: '' },
      files: [{ path: ['etc/secret.txt'], size: 1, sha1: 'a', sha256: 'b', layer: L1, whiteout: L2 }],
      components: [{ id: 'c', name: 'x', version: '1', codetype: 'NA', vendor: '', purl: 'pkg:generic/x@1', cpes: [], licenses: [], evidence: [{ method: 'filename', foundBy: 't', path: ['etc/secret.txt'] }] }],
      problems: [],
      dockerImages: [{ path: [], id: CONFIG, repoTags: ['binlens/demo:1.0'], layers: [L1, L2, L3] }],
      startedAt: '',
      finishedAt: '',
    };
    const result = toScanResult(identification);
    expect(result['docker-images']).toEqual([{ image_id: CONFIG, repo_tags: ['binlens/demo:1.0'], layers: [L1, L2, L3], extended_fullpath: ['image.tar'] }]);
    expect(result.components[0]?.objects[0]?.docker).toEqual({ 'whiteout-id': L2 });
  });

  it('a truncated archive is a located problem, never a crash', async () => {
    const cut = await runUnpacker(dockerArchive, DOCKER.subarray(0, 9000));
    expect(cut.identified ? (cut.error ?? 'ok') : 'not identified').toMatch(/truncated|malformed|not identified/);
  });

  it('fuzzed archives never throw or escape', async () => {
    await fuzzUnpacker(dockerArchive, [DOCKER], 60, 512);
    await fuzzUnpacker(ociArchive, [OCI], 60, 512);
  }, 60_000);
});

/** A one-member ustar archive. */
function tarOf(name: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write('00000000000\0', 124);
  header.write('ustar\u000000', 257);
  header[156] = 0x30;
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return Buffer.concat([header, Buffer.alloc(1024)]);
}
