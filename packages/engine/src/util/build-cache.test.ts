import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuildKey, buildCacheDir, cachedBuild, cachedBuildAsync } from './build-cache.ts';

let root: string;
let dir: string;
let source: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'binlens-build-cache-'));
  dir = join(root, 'cache');
  source = join(root, 'builder.ts');
  writeFileSync(source, 'export const version = 1;\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const keyOf = (inputs: BuildKey['inputs']): BuildKey => ({ name: 'test-table', sources: [pathToFileURL(source)], inputs });

/** cachedBuild with a build that counts its calls. */
function counted(key: BuildKey, value: number[]): { bytes: number[]; built: boolean } {
  let built = false;
  const bytes = cachedBuild(key, () => ((built = true), Uint8Array.from(value)), buildCacheDir({ BINLENS_CACHE_DIR: dir }));
  return { bytes: [...bytes], built };
}

describe('cachedBuild', () => {
  it('builds once, then reads the bytes back from one file named by the key', () => {
    expect(counted(keyOf(['a']), [1, 2, 3])).toEqual({ bytes: [1, 2, 3], built: true });
    expect(counted(keyOf(['a']), [9])).toEqual({ bytes: [1, 2, 3], built: false });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^test-table-[0-9a-f]{32}\.bin$/);
  });

  it('builds again when an input or the source of a building module changes', () => {
    counted(keyOf(['a']), [1]);
    expect(counted(keyOf(['b']), [2])).toEqual({ bytes: [2], built: true });
    // Inputs are told apart whatever bytes they hold: ['ab'] is not ['a', 'b'].
    expect(counted(keyOf(['a', 'b']), [3])).toEqual({ bytes: [3], built: true });
    expect(counted(keyOf(['ab']), [4])).toEqual({ bytes: [4], built: true });
    expect(counted(keyOf([Uint8Array.of(0, 1)]), [5])).toEqual({ bytes: [5], built: true });
    writeFileSync(source, 'export const version = 2;\n');
    expect(counted(keyOf(['a']), [6])).toEqual({ bytes: [6], built: true });
    expect(readdirSync(dir)).toHaveLength(6);
  });

  it('builds again over a damaged or truncated file, and replaces it', () => {
    counted(keyOf(['a']), [1, 2, 3, 4]);
    const [name = ''] = readdirSync(dir);
    const file = join(dir, name);
    const damaged = readFileSync(file);
    damaged[damaged.length - 1] = 0xff;
    writeFileSync(file, damaged);
    expect(counted(keyOf(['a']), [1, 2, 3, 4])).toEqual({ bytes: [1, 2, 3, 4], built: true });
    expect(counted(keyOf(['a']), [0])).toEqual({ bytes: [1, 2, 3, 4], built: false });
    writeFileSync(file, readFileSync(file).subarray(0, 41));
    expect(counted(keyOf(['a']), [1, 2, 3, 4])).toEqual({ bytes: [1, 2, 3, 4], built: true });
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('builds without a cache when a source is not a file, or the name could leave the directory', () => {
    const key = { name: 'test-table', sources: [new URL('data:text/javascript,1')], inputs: [] };
    expect([...cachedBuild(key, () => Uint8Array.of(7), dir)]).toEqual([7]);
    expect(() => cachedBuild({ ...keyOf([]), name: '../x' }, () => Uint8Array.of(1), dir)).toThrow('invalid build cache name');
  });
});

describe('removing what no run uses', () => {
  it('removes a file of the same name unread for a week when another is written; keeps a recent one and other names', () => {
    counted(keyOf(['old']), [1]);
    counted(keyOf(['recent']), [2]);
    cachedBuild({ ...keyOf(['old']), name: 'other-table' }, () => Uint8Array.of(3), dir);
    expect(readdirSync(dir).filter((name) => name.startsWith('test-table-'))).toHaveLength(2);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    for (const name of readdirSync(dir)) utimesSync(join(dir, name), eightDaysAgo, eightDaysAgo);
    // Reading a file makes it recent again.
    expect(counted(keyOf(['recent']), [9])).toEqual({ bytes: [2], built: false });

    expect(counted(keyOf(['new']), [4]).built).toBe(true);
    const left = readdirSync(dir);
    expect(left).toHaveLength(3);
    expect(left.filter((name) => name.startsWith('other-table-'))).toHaveLength(1);
    expect(counted(keyOf(['old']), [5])).toEqual({ bytes: [5], built: true });
    expect(counted(keyOf(['recent']), [6])).toEqual({ bytes: [2], built: false });
  });
});

describe('cachedBuildAsync', () => {
  it('awaits the build once, then reads what cachedBuild reads for the same key', async () => {
    const cache = buildCacheDir({ BINLENS_CACHE_DIR: dir });
    let builds = 0;
    const build = async () => ((builds += 1), Uint8Array.of(4, 5));
    expect([...(await cachedBuildAsync(keyOf(['b']), build, cache))]).toEqual([4, 5]);
    expect([...(await cachedBuildAsync(keyOf(['b']), build, cache))]).toEqual([4, 5]);
    expect(builds).toBe(1);
    expect(counted(keyOf(['b']), [9])).toEqual({ bytes: [4, 5], built: false });
  });

  it('stores nothing when the build fails', async () => {
    const cache = buildCacheDir({ BINLENS_CACHE_DIR: dir });
    await expect(cachedBuildAsync(keyOf(['c']), () => Promise.reject(new Error('no cluster')), cache)).rejects.toThrow('no cluster');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('buildCacheDir', () => {
  it('is BINLENS_CACHE_DIR, made private; none when that is empty', () => {
    expect(buildCacheDir({ BINLENS_CACHE_DIR: dir })).toBe(dir);
    expect(buildCacheDir({ BINLENS_CACHE_DIR: '' })).toBeUndefined();
  });

  it('refuses a directory others may write to, or a link to one', () => {
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(buildCacheDir({ BINLENS_CACHE_DIR: dir })).toBeUndefined();
    chmodSync(dir, 0o700);
    const link = join(root, 'link');
    symlinkSync(dir, link);
    expect(buildCacheDir({ BINLENS_CACHE_DIR: link })).toBeUndefined();
    expect(buildCacheDir({ BINLENS_CACHE_DIR: dir })).toBe(dir);
  });
});
