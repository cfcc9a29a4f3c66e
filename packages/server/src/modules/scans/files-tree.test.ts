import { IDENTIFICATION_SCHEMA_VERSION, type FileEntry, type Identification } from '@binlens/engine/model';
import { describe, expect, it } from 'vitest';
import { component } from '../../../test/fake-engine.ts';
import { ancestorsOf, fileTreeNodes, nameOf, parentOf } from './files-tree.ts';

const file = (path: string[], fields: Partial<FileEntry> = {}): FileEntry => ({ path, size: 10, sha1: `sha1-${path.join('|')}`, sha256: `sha256-${path.join('|')}`, ...fields });

function identification(fields: Partial<Identification>): Identification {
  return {
    schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
    input: { name: 'router.bin', size: 4096, sha1: 'in1', sha256: 'in256', format: 'firmware/trx' },
    files: [],
    components: [],
    problems: [],
    startedAt: '',
    finishedAt: '',
    ...fields,
  };
}

const FIRMWARE = identification({
  files: [
    file([], { size: 4096, sha1: 'in1', sha256: 'in256', format: 'firmware/trx' }),
    file(['partition-1'], { format: 'filesystem/squashfs' }),
    file(['partition-1', 'usr/sbin/dropbear'], { format: 'executable/elf', executable: { format: 'elf', machine: 'mips', bits: 32, endianness: 'big', type: 'executable', missing: ['no-pie', 'no-relro'] } }),
    file(['partition-1', 'etc/passwd']),
    file(['partition-1', 'bin'], { size: 0, sha1: '', sha256: '', linkTarget: 'usr/bin' }),
    file(['partition-1', 'www/app.apk'], { format: 'archive/zip' }),
    file(['partition-1', 'www/app.apk', 'classes.dex']),
    file(['partition-0']),
  ],
  components: [
    component({ name: 'dropbear', version: '2022.83', evidence: [{ method: 'signature', foundBy: 'signature', path: ['partition-1', 'usr/sbin/dropbear'] }] }),
    component({ name: 'busybox', version: '1.36.1', evidence: [{ method: 'signature', foundBy: 'signature', path: ['partition-1', 'usr/sbin/dropbear'] }, { method: 'filename', foundBy: 'x', path: ['partition-1', 'usr/sbin/dropbear'] }] }),
  ],
  infoleaks: [
    { kind: 'passwords', detector: 'shadow', path: ['partition-1', 'etc/passwd'], line: 1, value: 'root:x', context: 'root:x:0:0' },
    { kind: 'emails', detector: 'email', path: ['partition-1', 'etc/passwd'], line: 2, value: 'a@example.com', context: 'a@example.com', decoy: true },
    { kind: 'urls', detector: 'url', path: ['partition-1', 'etc/passwd'], line: 3, value: 'http://x.test', context: 'http://x.test' },
  ],
  mobileApps: [{ platform: 'android', path: ['partition-1', 'www/app.apk'], id: 'org.demo', name: 'Demo', permissions: [] }],
});

describe('the file tree of a scan', () => {
  it('lists the input first, then depth first with folders before files, each by name', () => {
    expect(fileTreeNodes(FIRMWARE).map((node) => [node.path, node.type, node.child_count])).toEqual([
      [[], 'file', 2],
      [['partition-0'], 'file', 0],
      [['partition-1'], 'file', 4],
      [['partition-1', 'etc'], 'folder', 1],
      [['partition-1', 'etc/passwd'], 'file', 0],
      [['partition-1', 'usr'], 'folder', 1],
      [['partition-1', 'usr/sbin'], 'folder', 1],
      [['partition-1', 'usr/sbin/dropbear'], 'file', 0],
      [['partition-1', 'www'], 'folder', 1],
      [['partition-1', 'www/app.apk'], 'file', 1],
      [['partition-1', 'www/app.apk', 'classes.dex'], 'file', 0],
      [['partition-1', 'bin'], 'file', 0],
    ]);
  });

  it('gives each node what it is and what it carries', () => {
    const nodes = new Map(fileTreeNodes(FIRMWARE).map((node) => [JSON.stringify(node.path), node]));
    const at = (...path: string[]) => nodes.get(JSON.stringify(path));
    expect(at()).toEqual({
      name: 'router.bin', path: [], type: 'file', is_container: true, child_count: 2, format: 'firmware/trx', format_name: 'TRX firmware image',
      size: 4096, sha1: 'in1', sha256: 'in256', link_target: null, layer: null, whiteout: null, components: [], infoleaks: 0, infoleak_ids: [], executable: null, mobile_app: null,
    });
    expect(at('partition-1', 'usr/sbin/dropbear')).toMatchObject({
      name: 'dropbear',
      is_container: false,
      format_name: 'ELF executable',
      components: [{ uid: 'JS:busybox@1.36.1', lib: 'busybox', version: '1.36.1' }, { uid: 'JS:dropbear@2022.83', lib: 'dropbear', version: '2022.83' }],
      executable: { format: 'elf', machine: 'mips', bits: 32, type: 'executable', missing: ['no-pie', 'no-relro'] },
    });
    // The documentation example (the second leak) is left out; ids are positions in the scan's list.
    expect([at('partition-1', 'etc/passwd')?.infoleaks, at('partition-1', 'etc/passwd')?.infoleak_ids]).toEqual([2, [1, 3]]);
    expect(at('partition-1', 'usr')).toEqual({
      name: 'usr', path: ['partition-1', 'usr'], type: 'folder', is_container: false, child_count: 1, format: null, format_name: null,
      size: null, sha1: null, sha256: null, link_target: null, layer: null, whiteout: null, components: [], infoleaks: 0, infoleak_ids: [], executable: null, mobile_app: null,
    });
    expect([at('partition-1', 'www/app.apk')?.is_container, at('partition-1', 'www/app.apk')?.mobile_app]).toEqual([true, { platform: 'android', id: 'org.demo', name: 'Demo' }]);
    expect(at('partition-1', 'bin')?.link_target).toBe('usr/bin');
  });

  it('makes the input the root from its facts when no file names it, and a container without its entry a folder', () => {
    const nodes = fileTreeNodes(identification({ files: [file(['rootfs', 'etc/hosts'])] }));
    expect(nodes.map((node) => [node.path, node.type, node.size])).toEqual([
      [[], 'file', 4096],
      [['rootfs'], 'folder', null],
      [['rootfs', 'etc'], 'folder', null],
      [['rootfs', 'etc/hosts'], 'file', 10],
    ]);
  });

  it('keeps a hostile name with very many slashes as one name instead of thousands of folders', () => {
    const deep = Array.from({ length: 100 }, (_, i) => `d${i}`).join('/');
    const nodes = fileTreeNodes(identification({ files: [file(['fs', deep])] }));
    expect(nodes.map((node) => node.path)).toEqual([[], ['fs'], ['fs', deep]]);
    expect([nameOf(['fs', deep]), parentOf(['fs', deep])]).toEqual([deep, ['fs']]);
  });

  it('names the parent and the ancestors of a path', () => {
    expect(parentOf([])).toBeNull();
    expect(parentOf(['usr/bin/ls'])).toEqual(['usr/bin']);
    expect(parentOf(['fw.bin', 'rootfs'])).toEqual(['fw.bin']);
    expect(ancestorsOf(['fw.bin', 'etc/ssl/cert.pem'])).toEqual([[], ['fw.bin'], ['fw.bin', 'etc'], ['fw.bin', 'etc/ssl']]);
    expect(ancestorsOf([])).toEqual([]);
  });
});
