import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../pipeline.ts';
import { LimitTracker, resolveLimits } from '../unpack/limits.ts';
import { readDirectoryInput } from './directory-input.ts';

const dir = await mkdtemp(join(tmpdir(), 'binlens-dir-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function tree(): Promise<string> {
  const root = await mkdtemp(join(dir, 'root-'));
  await mkdir(join(root, 'var/lib/dpkg'), { recursive: true });
  await mkdir(join(root, 'usr/lib'), { recursive: true });
  await writeFile(join(root, 'var/lib/dpkg/status'), 'Package: zlib1g\nStatus: install ok installed\nArchitecture: amd64\nVersion: 1:1.2.13.dfsg-1\n');
  await writeFile(join(root, 'usr/lib/os-release'), 'ID=debian\nVERSION_ID="12"\n');
  await mkdir(join(root, 'etc'));
  await symlink('../usr/lib/os-release', join(root, 'etc/os-release'));
  // A link out of the tree and a link to a directory: recorded, never followed.
  await symlink('/etc', join(root, 'outside'));
  await symlink('usr', join(root, 'loop'));
  return root;
}

describe('directory input', () => {
  it('lists regular files and links in path order, following no link', async () => {
    const root = await tree();
    const input = await readDirectoryInput(root, new LimitTracker(resolveLimits(undefined)), new AbortController().signal);
    expect(input.members.map((m) => [m.innerPath, m.entry.linkTarget ?? m.entry.size])).toEqual([
      ['etc/os-release', '../usr/lib/os-release'],
      ['loop', 'usr'],
      ['outside', '/etc'],
      ['usr/lib/os-release', 26],
      ['var/lib/dpkg/status', 90],
    ]);
    expect(input.problems).toEqual([]);
  });

  it('is scanned as one input: catalogers see siblings, links resolve inside the tree', async () => {
    const root = await tree();
    const id = await scan(root, { name: 'rootfs' });
    expect([id.input.name, id.input.format, id.files.length]).toEqual(['rootfs', 'directory', 6]);
    expect(id.components.map((c) => c.purl)).toEqual(['pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12']);
    // The same tree gives the same input hashes wherever it lies.
    const again = await scan(await tree());
    expect(again.input.sha256).toBe(id.input.sha256);
  });

  it('stops at maxFiles with a located problem', async () => {
    const root = await tree();
    const id = await scan(root, { limits: { maxFiles: 2 } });
    // Root entries are taken first (two links), then the limit stops the walk in etc/.
    expect(id.problems.map((p) => [p.code, p.location])).toEqual([
      ['limit-exceeded', ['etc/os-release']],
      ['empty-input', []],
    ]);
  });
});
