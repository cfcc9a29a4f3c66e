// Inputs built from one Debian 12 minbase root filesystem, shared by the benchmarks that
// need a real root filesystem: the tree itself (debootstrap) and that tree as a
// `docker save` archive of a few layers. Both are cached in the caller's work directory.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** debootstrap once into `<work>/rootfs`; the result is cached. Throws when debootstrap fails. */
export function debianRootfs(work: string): string {
  const dir = join(work, 'rootfs');
  if (existsSync(dir)) return dir;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  console.log('building the root filesystem (debootstrap --variant=minbase bookworm)...');
  execFileSync('debootstrap', ['--variant=minbase', 'bookworm', partial, 'http://deb.debian.org/debian'], { stdio: 'ignore' });
  // The downloaded .debs stay in the apt cache; images (and firmware) ship without them.
  execFileSync('sh', ['-c', `rm -f "${partial}"/var/cache/apt/archives/*.deb`]);
  renameSync(partial, dir);
  return dir;
}

export interface DockerArchive {
  archive: string;
  /** Each layer's tar, kept beside the archive (a `tar -x` baseline unpacks them). */
  layers: string[];
}

/** usr; the rest but var; var. */
export const THREE_LAYERS: readonly (readonly string[])[] = [
  ['usr'],
  ['bin', 'boot', 'etc', 'home', 'lib', 'lib64', 'media', 'mnt', 'opt', 'root', 'run', 'sbin', 'srv', 'tmp'],
  ['var'],
];

/**
 * The root filesystem as `<work>/<name>`, laid out as `docker save` (docker < 25) writes it:
 * manifest.json, repositories, `<config sha256>.json`, `<layer id>/layer.tar`, with real
 * sha256 diff ids and chained layer ids. `groups` lists the top-level entries of each layer.
 */
export function buildDockerArchive(work: string, rootfs: string, groups: readonly (readonly string[])[] = THREE_LAYERS, name = 'docker.tar'): DockerArchive {
  const stem = name.replace(/\.tar$/, '');
  const stage = join(work, `${stem}.stage`);
  const archive = join(work, name);
  const ids: string[] = [];
  let parent = '';
  const diffIds: string[] = [];
  const layerTars: string[] = [];
  if (!existsSync(archive)) {
    rmSync(stage, { recursive: true, force: true });
    mkdirSync(stage);
  }
  for (const [i, group] of groups.entries()) {
    // The first archive of a work directory keeps the names the unpack bench always used.
    const layer = join(work, name === 'docker.tar' ? `layer${i + 1}.tar` : `${stem}-layer${i + 1}.tar`);
    const present = group.filter((g) => existsSync(join(rootfs, g)));
    if (!existsSync(layer)) execFileSync('tar', ['--numeric-owner', '--xattrs', '-C', rootfs, '-cf', layer, ...present]);
    const diffId = `sha256:${sha256File(layer)}`;
    diffIds.push(diffId);
    parent = createHash('sha256').update(parent + diffId).digest('hex');
    ids.push(parent);
    layerTars.push(layer);
  }
  if (existsSync(archive)) return { archive, layers: layerTars };
  const config = JSON.stringify({ architecture: 'amd64', os: 'linux', config: { Cmd: ['/bin/bash'] }, rootfs: { type: 'layers', diff_ids: diffIds } });
  const configName = `${createHash('sha256').update(config).digest('hex')}.json`;
  writeFileSync(join(stage, configName), config);
  for (const [i, id] of ids.entries()) {
    mkdirSync(join(stage, id));
    writeFileSync(join(stage, id, 'VERSION'), '1.0');
    writeFileSync(join(stage, id, 'json'), JSON.stringify({ id }));
    renameSync(layerTars[i] ?? '', join(stage, id, 'layer.tar'));
  }
  writeFileSync(join(stage, 'manifest.json'), JSON.stringify([{ Config: configName, RepoTags: ['binlens/bench:minbase'], Layers: ids.map((id) => `${id}/layer.tar`) }]));
  writeFileSync(join(stage, 'repositories'), JSON.stringify({ 'binlens/bench': { minbase: ids.at(-1) } }));
  const partial = `${archive}.partial`;
  execFileSync('tar', ['-C', stage, '-cf', partial, 'manifest.json', 'repositories', configName, ...ids]);
  renameSync(partial, archive);
  for (const [i, id] of ids.entries()) renameSync(join(stage, id, 'layer.tar'), layerTars[i] ?? '');
  rmSync(stage, { recursive: true, force: true });
  return { archive, layers: layerTars };
}

function sha256File(path: string): string {
  return execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0] ?? '';
}
