import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExecutableInfo, Problem, Progress } from '../model/index.ts';
import { DEFAULT_LIMITS, LimitTracker } from '../unpack/limits.ts';
import { signatureStage } from './signature-stage.ts';
import type { ScanContext } from './context.ts';
import { FileTree } from './tree.ts';

const dir = await mkdtemp(join(tmpdir(), 'binlens-sig-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function context(files: Record<string, { bytes: Buffer; format?: string; needed?: string[] }>): Promise<{ ctx: ScanContext; progress: Progress[] }> {
  const tree = new FileTree();
  tree.add({ entry: { path: [], size: 0, sha1: '', sha256: '' }, depth: 0, innerPath: 'in.tar' });
  for (const [i, [name, f]] of Object.entries(files).entries()) {
    const disk = join(dir, String(i));
    await writeFile(disk, f.bytes);
    const executable = f.needed ? { executable: { needed: f.needed } as ExecutableInfo } : {};
    tree.add({ entry: { path: [name], size: f.bytes.length, sha1: '', sha256: '', ...(f.format ? { format: f.format } : {}), ...executable }, diskPath: disk, depth: 1, innerPath: name });
  }
  const progress: Progress[] = [];
  const problems: Problem[] = [];
  const ctx = { inputName: 'in.tar', tree, tracker: new LimitTracker(DEFAULT_LIMITS), signal: new AbortController().signal, problems, progress: (p: Progress) => progress.push(p) } as unknown as ScanContext;
  return { ctx, progress };
}

describe('signature stage', () => {
  it('matches executables and binary blobs, never text; file-name-only entries get no version', async () => {
    const real = '\0BusyBox v1.35.0 (Debian 1:1.35.0-4+deb12u1+b1)\0';
    const { ctx, progress } = await context({
      'bin/busybox': { bytes: Buffer.from(`\x7fELF${real}`, 'latin1'), format: 'executable/elf' },
      'usr/sbin/hostapd': { bytes: Buffer.from('\x7fELF\0hostapd v%s\0', 'latin1'), format: 'executable/elf' },
      'firmware.bin': { bytes: Buffer.from(`\x27\x05\x19\x56${real}`, 'latin1') },
      'usr/share/doc/NEWS': { bytes: Buffer.from('BusyBox v1.36.1 was released\n') },
    });
    const components = await signatureStage(ctx);
    expect(components.map((c) => [c.name, c.version, c.evidence[0]?.method, c.evidence[0]?.path, c.purl])).toEqual([
      ['busybox', '1.35.0', 'signature', ['bin/busybox'], 'pkg:generic/busybox@1.35.0'],
      ['hostapd', '', 'filename', ['usr/sbin/hostapd'], 'pkg:generic/hostapd'],
      ['busybox', '1.35.0', 'signature', ['firmware.bin'], 'pkg:generic/busybox@1.35.0'],
    ]);
    expect(components[0]?.cpes).toEqual(['cpe:2.3:a:busybox:busybox:1.35.0:*:*:*:*:*:*:*']);
    expect(progress.at(-1)).toEqual({ stage: 'BOM matching', done: 4, total: 4, bytesDone: 150, bytesTotal: 150, message: 'signatures' });
  });

  it('ignores the version string of a library the file only links against, not the library itself', async () => {
    // Debian 12 ntpsec's ntpd prints the OpenSSL it was built with; libcrypto.so.3 is the library.
    const text = '\0OpenSSL 3.0.9 30 May 2023\0';
    const { ctx } = await context({
      'usr/sbin/ntpd': { bytes: Buffer.from(`\x7fELF${text}`, 'latin1'), format: 'executable/elf', needed: ['libcrypto.so.3', 'libc.so.6'] },
      'usr/lib/libcrypto.so.3': { bytes: Buffer.from(`\x7fELF${text}`, 'latin1'), format: 'executable/elf', needed: ['libc.so.6'] },
      'opt/static-tool': { bytes: Buffer.from(`\x7fELF${text}`, 'latin1'), format: 'executable/elf', needed: ['libc.so.6'] },
    });
    const components = await signatureStage(ctx);
    expect(components.map((c) => [c.name, c.version, c.evidence[0]?.path])).toEqual([
      ['openssl', '3.0.9', ['usr/lib/libcrypto.so.3']],
      ['openssl', '3.0.9', ['opt/static-tool']],
    ]);
  });

  it('keeps a static copy: Debian 12 mosquitto defines libwebsockets itself and does not NEED it', async () => {
    // /usr/sbin/mosquitto of mosquitto 2.0.11-1.2+deb12u2: its DT_NEEDED list, and the bytes at
    // 526294 (lws_context_destroy's log message, then lws's version string). Its dynamic symbol
    // table defines 277 lws_* functions in .text: libwebsockets 4.1.6 is linked in statically.
    const needed = ['libwrap.so.0', 'libsystemd.so.0', 'libdlt.so.2', 'libssl.so.3', 'libcrypto.so.3', 'libm.so.6', 'libcap.so.2', 'libc.so.6'];
    const text = ' %5lu bytes + protocol rx buf\n\0lws_free\0%s: ctx %p freed\n\x004.1.6-\0cpdcheck\0';
    const { ctx } = await context({
      'usr/sbin/mosquitto': { bytes: Buffer.from(`\x7fELF\0${text}`, 'latin1'), format: 'executable/elf', needed },
      // The same bytes in a program that NEEDs libwebsockets.so.17 are dropped (Debian 12's driftnet,
      // which does, carries no lws string at all: the message is the library's own code).
      'usr/bin/lws-client': { bytes: Buffer.from(`\x7fELF\0${text}`, 'latin1'), format: 'executable/elf', needed: ['libwebsockets.so.17', 'libc.so.6'] },
    });
    const components = await signatureStage(ctx);
    expect(components.map((c) => [c.name, c.version, c.evidence[0]?.path, c.evidence[0]?.offset, c.licenses])).toEqual([
      ['libwebsockets', '4.1.6', ['usr/sbin/mosquitto'], 45, ['MIT']],
    ]);
  });
});
