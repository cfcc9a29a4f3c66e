// docker-save and OCI archives: the merged tree of three layers with a whiteout,
// an opaque directory, a shadowed file and a hard link (fixtures/unpack/docker-save).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
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
import { buildTar } from '../../../../test/builders/tar.ts';

const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../../../../fixtures/unpack/${name}`, import.meta.url)));
const DOCKER = fixture('docker-save/image.tar');
const OCI = fixture('oci-archive/image-oci.tar');

/** Docker < 25 layer ids (v1 chain ids) of the fixture, bottom first. */
const L1 = 'd3f283157fac946d90a1a1975203674218de6145181ae92e44a9806ebfd7c2af';
const L2 = '2f929decd8ec6856962e56fa847e2977888c322a6e30a397340f377b3bf7cb93';
const L3 = '9c5e924a446474cc2d4a76c09ee9d1964c7b69609e1d0761a5061c7dc389c757';
const CONFIG = 'ee01679a12ee531c063fb57562fa5a9b59df3310167918c611d344fac8330944';

/** The config's history without its ENV and CMD steps (empty_layer): one build step per layer. */
const HISTORY = [
  { createdBy: 'ADD rootfs.tar / # buildkit', created: '2023-11-14T22:13:20Z', comment: 'buildkit.dockerfile.v0' },
  {
    createdBy: "RUN /bin/sh -c rm /etc/secret.txt && rm -rf /opt/app && mkdir /opt/app && echo 'added in layer 2' > /opt/app/new.txt && echo 'tool v2' > /usr/bin/tool # buildkit",
    created: '2023-11-14T22:13:20Z',
    comment: 'buildkit.dockerfile.v0',
  },
  { createdBy: 'RUN /bin/sh -c echo welcome > /etc/motd && ln /usr/bin/tool /usr/bin/tool2 # buildkit', created: '2023-11-14T22:13:20Z', comment: 'buildkit.dockerfile.v0' },
];

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
    expect(images).toEqual([{ path: [], id: CONFIG, repoTags: ['binlens/demo:1.0'], layers: [L1, L2, L3], layerHistory: HISTORY }]);
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
    expect(image?.layerHistory).toEqual(HISTORY);
    expect(members['etc/secret.txt']).toEqual([image?.layers[0], image?.layers[1], null]);
    expect(Object.keys(members).sort()).toEqual(['bin', 'etc/motd', 'etc/os-release', 'etc/secret.txt', 'opt/app/new.txt', 'opt/app/old.txt', 'usr/bin/tool', 'usr/bin/tool2', 'var/lib/dpkg/status']);
  });

  it('an image whose config is missing keeps its merged tree; its build steps are unknown, with a warning', async () => {
    const layer = buildTar([{ name: 'etc/hostname', data: 'box\n' }]);
    const id = 'a'.repeat(64);
    const archive = buildTar([
      { name: `${id}/layer.tar`, data: layer },
      { name: 'manifest.json', data: JSON.stringify([{ Config: `${'c'.repeat(64)}.json`, RepoTags: ['box:1'], Layers: [`${id}/layer.tar`] }]) },
    ]);
    const { members, images, problems } = await layersOf(dockerArchive, archive);
    expect(members).toEqual({ 'etc/hostname': [id, null, null] });
    expect(images).toEqual([{ path: [], id: 'c'.repeat(64), repoTags: ['box:1'], layers: [id] }]);
    expect(problems).toEqual([
      { level: 'warning', location: [], plugin: 'container/docker-archive', code: 'malformed', message: `image archive has no ${'c'.repeat(64)}.json: the layers' build steps are unknown` },
    ]);
  });

  it('a gzip layer that breaks off ends the image as a located truncation', async () => {
    const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
    const whole = gzipSync(buildTar([{ name: 'etc/hostname', data: 'x'.repeat(4000) }]));
    const layer = whole.subarray(0, whole.length - 40);
    const config = JSON.stringify({ history: [{ created_by: 'ADD rootfs.tar /' }] });
    const manifest = JSON.stringify({ schemaVersion: 2, config: { digest: `sha256:${sha(config)}` }, layers: [{ digest: `sha256:${sha(layer)}` }] });
    const archive = buildTar([
      { name: 'oci-layout', data: '{"imageLayoutVersion": "1.0.0"}' },
      { name: 'index.json', data: JSON.stringify({ schemaVersion: 2, manifests: [{ digest: `sha256:${sha(manifest)}` }] }) },
      ...[layer, config, manifest].map((data) => ({ name: `blobs/sha256/${sha(data)}`, data })),
    ]);
    const out = await runUnpacker(ociArchive, archive);
    expect(out.error).toBe(`truncated: layer ${sha(layer).slice(0, 12)}: unexpected end of file`);
  });

  it('a plain tar is left to archive/tar; each layout only claims its own', async () => {
    expect((await runUnpacker(tar, tarOf('etc/hosts'))).identified).toBe(true);
    const plain = await runUnpacker(dockerArchive, tarOf('etc/hosts'));
    expect(plain.identified).toBe(false);
    expect((await runUnpacker(ociArchive, DOCKER)).identified).toBe(false);
    expect((await runUnpacker(dockerArchive, OCI)).identified).toBe(false);
  });

  it('toScanResult lists docker-images with each layer\'s build step, and each object says whether it was whited out', () => {
    const identification: Identification = {
      schemaVersion: 1,
      input: { name: 'image.tar', size: 1, sha1: '', sha256: '' },
      files: [{ path: ['etc/secret.txt'], size: 1, sha1: 'a', sha256: 'b', layer: L1, whiteout: L2 }],
      components: [{ id: 'c', name: 'x', version: '1', codetype: 'NA', vendor: '', purl: 'pkg:generic/x@1', cpes: [], licenses: [], evidence: [{ method: 'filename', foundBy: 't', path: ['etc/secret.txt'] }] }],
      problems: [],
      dockerImages: [{ path: [], id: CONFIG, repoTags: ['binlens/demo:1.0'], layers: [L1, L2, L3], layerHistory: [...HISTORY.slice(0, 2), {}] }],
      startedAt: '',
      finishedAt: '',
    };
    const result = toScanResult(identification);
    const step = (layer: string, index: number) => ({ layer, created_by: HISTORY[index]?.createdBy, created: '2023-11-14T22:13:20Z', comment: 'buildkit.dockerfile.v0' });
    expect(result['docker-images']).toEqual([
      {
        image_id: CONFIG,
        repo_tags: ['binlens/demo:1.0'],
        layers: [L1, L2, L3],
        extended_fullpath: ['image.tar'],
        layer_history: [step(L1, 0), step(L2, 1), { layer: L3, created_by: null, created: null, comment: null }],
      },
    ]);
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
