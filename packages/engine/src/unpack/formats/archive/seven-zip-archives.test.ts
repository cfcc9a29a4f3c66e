// 7z and CAB through the 7-Zip adapter.
import { describe, expect, it } from 'vitest';
import { sevenzip } from './sevenzip.ts';
import { cab } from './cab.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { CAB, SEVEN_Z } from '../../../../test/seven-zip-samples.ts';
import { fixtureTar } from '../../../../test/fixture-tar.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const README = 'hello from a container\n';
const PACKAGE = '{"name":"left-pad","version":"1.3.0"}\n';

describe('7-Zip archives', () => {
  it('7z with encrypted contents: one warning per entry, nothing extracted; with encrypted names: one for the archive', async () => {
    const archives = await fixtureTar('sevenzip-encrypted/archives.tar.xz');
    const encrypted = (location: string[]) => ({ level: 'warning', location, code: 'encrypted', message: 'entry is encrypted; not extracted', plugin: 'archive/sevenzip' });
    const contents = await runUnpacker(sevenzip, archives.get('contents.7z') ?? Buffer.alloc(0));
    expect(contents.members).toEqual({});
    expect(contents.problems).toEqual([
      encrypted(['docs/readme.txt']),
      encrypted(['package.json']),
    ]);
    expect(contents.error).toBeUndefined();
    const names = await runUnpacker(sevenzip, archives.get('names.7z') ?? Buffer.alloc(0));
    expect(names).toEqual({
      identified: true,
      members: {},
      problems: [{ level: 'warning', location: [], code: 'encrypted', message: '7z archive is encrypted, names included; not unpacked', plugin: 'archive/sevenzip' }],
    });
  });

  it('7z', async () => {
    const out = await runUnpacker(sevenzip, SEVEN_Z);
    expect(out.members['docs/readme.txt']).toBe(README);
    expect(out.members['package.json']).toBe(PACKAGE);
    expect(out.problems).toEqual([]);
  });

  it('cab', async () => {
    expect(await runUnpacker(cab, CAB)).toEqual({ identified: true, members: { 'tree/docs/readme.txt': README, 'tree/package.json': PACKAGE }, problems: [] });
  });

  it('a truncated 7z keeps nothing false and reports a problem', async () => {
    const out = await runUnpacker(sevenzip, SEVEN_Z.subarray(0, SEVEN_Z.length - 40));
    expect(out.error).toMatch(/^(corrupt|truncated): /);
  });

  it('fuzzed archives never throw or escape', async () => {
    await fuzzUnpacker(sevenzip, [SEVEN_Z], 30, 6);
    await fuzzUnpacker(cab, [CAB], 30, 4);
  }, FUZZ_TIMEOUT);
});
