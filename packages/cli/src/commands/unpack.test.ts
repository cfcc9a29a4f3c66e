import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildDockerSave } from '../../../engine/test/builders/docker-save.ts';
import { buildTar } from '../../../engine/test/builders/tar.ts';
import { runCli } from '../testing/run-cli.ts';

const fixture = (path: string): string => fileURLToPath(new URL(`../../../engine/fixtures/unpack/${path}`, import.meta.url));
const DOCKER = fixture('docker-save/image.tar');
const FLASH = fixture('carve-flash/flash.bin');
const L1 = 'd3f283157fac946d90a1a1975203674218de6145181ae92e44a9806ebfd7c2af';
const L2 = '2f929decd8ec6856962e56fa847e2977888c322a6e30a397340f377b3bf7cb93';

describe('binlens unpack', () => {
  it('--list: one tab-separated line per file: path, type, size, handler, layer, deleted-by', async () => {
    const { code, stdout, stderr } = await runCli(['unpack', FLASH, '--list']);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout.split('\n')).toEqual([
      '0x10000.squashfs\tfilesystem/squashfs\t637\tcarve\t-\t-',
      '0x10000.squashfs/etc/os-release\t-\t67\tfilesystem/squashfs\t-\t-',
      '0x10000.squashfs/usr/lib/opkg/status\t-\t91\tfilesystem/squashfs\t-\t-',
      '0x200.gz\tcompress/gzip\t118\tcarve\t-\t-',
      '0x200.gz/0x200\t-\t3000\tcompress/gzip\t-\t-',
      '',
    ]);
  });

  it('--list escapes control characters in names: one row per file, no raw escape', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-unpack-cli-'));
    try {
      const tar = join(dir, 'names.tar');
      await writeFile(tar, buildTar([
        { name: 'a\nfake\tlink\t0\t-\t-', data: 'x' },
        { name: '\x1b[2J\x1b]0;owned\x07title', data: 'y' },
        { name: 'back\\slash\rcr\u009bdel\x7f', data: 'z' },
      ]));
      const { code, stdout, stderr } = await runCli(['unpack', tar, '--list']);
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout.split('\n')).toEqual([
        '\\e[2J\\e]0;owned\\x07title\t-\t1\tarchive/tar\t-\t-',
        'a\\nfake\\tlink\\t0\\t-\\t-\t-\t1\tarchive/tar\t-\t-',
        'back\\\\slash\\rcr\\x9bdel\\x7f\t-\t1\tarchive/tar\t-\t-',
        '',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the layer of every file of a container image, links typed as links', async () => {
    const { stdout } = await runCli(['unpack', DOCKER]);
    const lines = stdout.trim().split('\n');
    expect(lines).toContain(`bin\tlink\t0\tcontainer/docker-archive\t${L1}\t-`);
    expect(lines).toContain(`opt/app/new.txt\t-\t17\tcontainer/docker-archive\t${L2}\t-`);
  });

  it('--list marks the files a later layer deleted (whiteout, opaque directory) with that layer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-unpack-cli-'));
    try {
      const { archive, layers: [bottom = '', top = ''] } = buildDockerSave([
        [
          { name: 'etc/keep.txt', data: 'kept\n' },
          { name: 'etc/gone.txt', data: 'deleted\n' },
          { name: 'opt/app/old.txt', data: 'hidden\n' },
        ],
        [
          { name: 'etc/.wh.gone.txt' },
          { name: 'opt/app/.wh..wh..opq' },
          { name: 'opt/app/new.txt', data: 'new\n' },
        ],
      ]);
      const image = join(dir, 'image.tar');
      await writeFile(image, archive);
      const { code, stdout, stderr } = await runCli(['unpack', image, '--list']);
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout.split('\n')).toEqual([
        `etc/gone.txt\t-\t8\tcontainer/docker-archive\t${bottom}\t${top}`,
        `etc/keep.txt\t-\t5\tcontainer/docker-archive\t${bottom}\t-`,
        `opt/app/new.txt\t-\t4\tcontainer/docker-archive\t${top}\t-`,
        `opt/app/old.txt\t-\t7\tcontainer/docker-archive\t${bottom}\t${top}`,
        '',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--json: the same tree with parents, docker images and problems', async () => {
    const { code, stdout } = await runCli(['unpack', DOCKER, '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['input', 'files', 'docker-images', 'problems']);
    expect(json['docker-images'][0].repoTags).toEqual(['binlens/demo:1.0']);
    const secret = json.files.find((f: { extended_fullpath: string }) => f.extended_fullpath === 'etc/secret.txt');
    expect([secret.parent, secret.handler, secret.layer, secret.whiteout]).toEqual([[], 'container/docker-archive', L1, L2]);
  });

  it('--out DIR writes the tree, members of a container under NAME.extracted/', async () => {
    const out = await mkdtemp(join(tmpdir(), 'binlens-unpack-cli-'));
    try {
      const { code, stderr } = await runCli(['unpack', FLASH, '--out', out]);
      expect([code, stderr]).toEqual([0, '']);
      expect((await readdir(out, { recursive: true })).sort()).toEqual([
        '0x10000.squashfs',
        '0x10000.squashfs.extracted',
        '0x10000.squashfs.extracted/etc',
        '0x10000.squashfs.extracted/etc/os-release',
        '0x10000.squashfs.extracted/usr',
        '0x10000.squashfs.extracted/usr/lib',
        '0x10000.squashfs.extracted/usr/lib/opkg',
        '0x10000.squashfs.extracted/usr/lib/opkg/status',
        '0x200.gz',
        '0x200.gz.extracted',
        '0x200.gz.extracted/0x200',
      ]);
      expect(await readFile(join(out, '0x10000.squashfs.extracted/etc/os-release'), 'utf8')).toMatch(/^NAME="OpenWrt"/);
      // A second run never overwrites what is there.
      const again = await runCli(['unpack', FLASH, '--out', out]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^binlens: cannot write .*0x10000\.squashfs: EEXIST/);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it.each([
    [['unpack'], 'binlens: missing FILE'],
    [['unpack', 'a', 'b'], 'binlens: unexpected argument "b"'],
    [['unpack', 'a', '--list', '--json'], 'binlens: --list and --json exclude each other'],
  ])('usage error %j → exit 2', async (argv, message) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(message);
  });

  it('an unreadable file → exit 1', async () => {
    const { code, stderr } = await runCli(['unpack', '/nonexistent/file.bin']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^binlens: cannot unpack \/nonexistent\/file\.bin: ENOENT/);
  });
});
