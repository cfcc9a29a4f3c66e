import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from './pipeline.ts';
import { scanLeaks } from './scan-leaks.ts';
import { buildTar } from '../test/builders/tar.ts';
import { buildZip } from '../test/builders/zip.ts';

const TOKEN = 'ACME-TOKEN-7f3a9c21';
const PATTERNS = [{ id: '7', pattern: 'ACME-TOKEN-[0-9a-f]{8}' }, { id: '8', pattern: 'never-there', enabled: false }];

let dir: string;
let temp: string;
let input: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'binlens-leaks-test-'));
  temp = join(dir, 'temp');
  await mkdir(temp);
  // A token in a text file of a zip inside a tar, beside a password a built-in detector finds.
  const zip = buildZip([{ name: 'conf/deploy.env', data: `TOKEN=${TOKEN}\npassword = "Tr0ub4dor&3xyz"\n`, method: 8 }]);
  input = join(dir, 'bundle.tar');
  await writeFile(input, buildTar([{ name: 'payload.zip', data: zip }, { name: 'README', data: 'no secrets here\n' }]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('scanLeaks', () => {
  it('finds what the patterns find in a scan, the same findings at the same paths, and nothing of the built-in detectors', async () => {
    const leaks = await scanLeaks(input, { customPatterns: PATTERNS, tempDir: temp, name: 'upload.tar' });
    const scanned = await scan(input, { tempDir: temp, name: 'upload.tar', infoleak: { customPatterns: PATTERNS } });
    expect(leaks.customPatterns).toEqual(['7']);
    expect(leaks.infoleaks.map((leak) => [leak.detector, leak.path, leak.line, leak.value])).toEqual([['custom/7', ['payload.zip', 'conf/deploy.env'], 1, TOKEN]]);
    expect(leaks.infoleaks).toEqual((scanned.infoleaks ?? []).filter((leak) => leak.kind === 'custom'));
    expect((scanned.infoleaks ?? []).some((leak) => leak.kind === 'passwords')).toBe(true);
    expect(leaks.problems).toEqual(scanned.problems);
    expect(await readdir(temp)).toEqual([]);
  });

  it('unpacks nothing when no pattern is enabled, and refuses a pattern RE2 does not take before any work', async () => {
    expect(await scanLeaks(input, { customPatterns: [{ id: '8', pattern: 'x', enabled: false }] })).toEqual({ infoleaks: [], problems: [], customPatterns: [] });
    await expect(scanLeaks(input, { customPatterns: [{ id: '9', pattern: '(a)\\1' }] })).rejects.toThrow('custom pattern 9: Invalid regular expression: /(a)\\1/u: invalid escape sequence: \\1');
  });

  it('rejects with the signal\'s reason when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(scanLeaks(input, { customPatterns: PATTERNS, signal: controller.signal })).rejects.toThrow('stop');
  });
});
