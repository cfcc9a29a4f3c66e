import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutate, rng } from '../../test/mutations.ts';
import { scan } from '../pipeline.ts';

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
});
