import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peekText, textLines } from './input.ts';

describe('feed input', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-input-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const lines = async (path: string): Promise<string[]> => {
    const out: string[] = [];
    for await (const line of textLines({ path })) out.push(line);
    return out;
  };

  it('reads plain and gzip files alike, by the magic bytes, CRLF or LF', async () => {
    await writeFile(join(dir, 'plain.csv'), 'cve,epss,percentile\r\nCVE-2022-34668,0.00313,0.70\n');
    await writeFile(join(dir, 'packed.csv'), gzipSync('cve,epss,percentile\nCVE-2022-34668,0.00313,0.70'));
    const expected = ['cve,epss,percentile', 'CVE-2022-34668,0.00313,0.70'];
    expect(await lines(join(dir, 'plain.csv'))).toEqual(expected);
    expect(await lines(join(dir, 'packed.csv'))).toEqual(expected);
    expect(await peekText({ path: join(dir, 'packed.csv') }, 3)).toBe('cve');
  });

  it('a missing file is one ENOENT rejection, not an unhandled stream error', async () => {
    const unhandled: unknown[] = [];
    const onError = (error: unknown): void => {
      unhandled.push(error);
    };
    process.on('uncaughtException', onError);
    try {
      await expect(lines(join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
