import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageCatalog } from '../../test/message-catalog.ts';
import { mutate, rng } from '../../test/mutations.ts';
import { inputContext } from '../../test/scan-context.ts';
import { ustar } from '../../test/ustar.ts';
import { gzipSync } from 'node:zlib';
import { scan } from '../pipeline.ts';
import { extractStage } from './extract-stage.ts';
import type { TreeFile } from './tree.ts';

const LAYOUT_ZIP = readFileSync(new URL('../../fixtures/unpack/oci-layout-zip/image-layout.zip', import.meta.url));

describe('extract stage', () => {
  it('calls a layer whose gzip fails its check corrupt, not an internal error', async () => {
    // The fuzz run's case unpack/oci-layout-zip@2: a byte of a gzip'd layer overwritten.
    const damaged = mutate(LAYOUT_ZIP, rng((2 * 0x9e3779b1) ^ 0xb41ea078));
    const dir = await mkdtemp(join(tmpdir(), 'binlens-extract-'));
    try {
      await writeFile(join(dir, 'image-layout.zip'), damaged);
      const identification = await scan(join(dir, 'image-layout.zip'));
      const codes = identification.problems.map((p) => `${p.plugin} ${p.code}`);
      expect(codes).not.toContain('container/oci-layout internal-error');
      expect(identification.problems.filter((p) => p.plugin === 'container/oci-layout').map((p) => [p.code, p.message])).toEqual([['corrupt', 'layer b0ab8517f694: incorrect data check']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  const unpackTar = async (dir: string, retain: boolean) => {
    const input = join(dir, 'input.tar');
    const text = Buffer.from('hello, kept in memory\n'.repeat(40));
    const archive = ustar({ 'a.txt': text, 'b.txt.gz': gzipSync(text), 'big.bin': Buffer.alloc(200 * 1024, 7) });
    await writeFile(input, archive);
    const ctx = await inputContext(dir, input, archive.length);
    const passed: TreeFile[] = [];
    await extractStage(ctx, { retain, passed: (file) => void passed.push(file) });
    const byName = new Map(ctx.tree.files.map((f) => [f.entry.path.join('!'), f]));
    return { ctx, passed, text, byName };
  };

  it('retain: small files keep their bytes and are never written; large files are on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-retain-'));
    try {
      const { ctx, passed, text, byName } = await unpackTar(dir, true);
      expect(passed).toEqual(ctx.tree.files);
      const kept = (name: string) => {
        const file = byName.get(name);
        return { contents: file?.contents?.equals(text) ?? false, onDisk: existsSync(file?.diskPath ?? '') };
      };
      expect([...byName.keys()]).toEqual(['', 'a.txt', 'b.txt.gz', 'big.bin', 'b.txt.gz!b.txt']);
      expect(kept('a.txt')).toEqual({ contents: true, onDisk: false });
      expect(kept('b.txt.gz!b.txt')).toEqual({ contents: true, onDisk: false });
      // A gzip is read through its Reader: kept, it was never written either.
      expect(byName.get('b.txt.gz')?.contents?.length).toBe(byName.get('b.txt.gz')?.entry.size);
      expect(kept('b.txt.gz')).toEqual({ contents: false, onDisk: false });
      expect(kept('big.bin')).toEqual({ contents: false, onDisk: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('without retain: no bytes kept, every member written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-retain-'));
    try {
      const { ctx } = await unpackTar(dir, false);
      expect(ctx.tree.files.slice(1).map((f) => [f.contents === undefined, existsSync(f.diskPath ?? '')])).toEqual([
        [true, true],
        [true, true],
        [true, true],
        [true, true],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('carves a blob of no format, but not a message catalog holding the same bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-catalog-'));
    try {
      const payload = gzipSync(Buffer.from('a file packed in the blob\n'.repeat(100)));
      const catalog = messageCatalog([['Hello', 'Bonjour']], 'le', Buffer.concat([Buffer.alloc(64), payload, Buffer.alloc(4096)]));
      const blob = Buffer.concat([Buffer.from([0, 1, 2, 3]), catalog.subarray(4)]);
      const input = join(dir, 'input.tar');
      const archive = ustar({ 'fr.mo': catalog, 'blob.bin': blob });
      await writeFile(input, archive);
      const ctx = await inputContext(dir, input, archive.length);
      await extractStage(ctx, { retain: true });
      expect(ctx.tree.files.map((f) => f.entry.path.join('!')).filter((path) => path.includes('!'))).toEqual(['blob.bin!0x7a.gz', 'blob.bin!0x7a.gz!0x7a']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
