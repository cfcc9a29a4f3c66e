// Alpine apk v2: the real-layout fixture package and synthetic ones from the tar builder.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apk } from './apk.ts';
import { buildTar } from '../../../../test/builders/tar.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const REAL = readFileSync(new URL('../../../../fixtures/unpack/apk-alpine/binlens-hello-1.0.0-r0.apk', import.meta.url));
const gz = (b: Buffer): Buffer => gzipSync(b);
const CONTROL = gz(buildTar([{ name: '.PKGINFO', data: 'pkgname = x\n' }], { end: false }));
const DATA = gz(buildTar([{ name: 'usr/bin/x', data: 'x' }]));

describe('package/apk', () => {
  it('splits the real package into signature, control and data tars', async () => {
    const out = await runUnpacker(apk, REAL);
    expect(Object.keys(out.members)).toEqual(['signature.tar', 'control.tar', 'data.tar']);
    expect(out.members['control.tar']).toContain('pkgname = binlens-hello');
    expect(out.problems).toEqual([]);
    expect(out.error).toBeUndefined();
  });

  it('an unsigned package has control and data only', async () => {
    const out = await runUnpacker(apk, Buffer.concat([CONTROL, DATA]));
    expect(Object.keys(out.members)).toEqual(['control.tar', 'data.tar']);
  });

  it('a plain .tar.gz is not an apk', async () => {
    expect((await runUnpacker(apk, DATA)).identified).toBe(false);
  });

  it('the first tar block is read from the head when it inflates whole, from the stream when not', async () => {
    // Stored (level 0): the first 512 bytes of the file hold less than a tar block.
    const stored = gzipSync(buildTar([{ name: '.PKGINFO', data: 'pkgname = x\n' }], { end: false }), { level: 0 });
    const out = await runUnpacker(apk, Buffer.concat([stored, DATA]));
    expect(out.identified).toBe(true);
    expect(Object.keys(out.members)).toEqual(['control.tar', 'data.tar']);
    // A whole gzip file shorter than a tar block is no apk, whatever the head says.
    expect((await runUnpacker(apk, gz(Buffer.from('.PKGINFO')))).identified).toBe(false);
  });

  it('a truncated control segment is a located problem', async () => {
    const out = await runUnpacker(apk, CONTROL.subarray(0, CONTROL.length - 4));
    expect(out.error).toMatch(/^corrupt: control segment/);
  });

  it('a second control segment is malformed, after the first came out', async () => {
    const out = await runUnpacker(apk, Buffer.concat([CONTROL, CONTROL, DATA]));
    expect(Object.keys(out.members)).toEqual(['control.tar']);
    expect(out.error).toMatch(/^malformed: unexpected control/);
  });

  it('fuzzed packages never throw or escape', async () => {
    await fuzzUnpacker(apk, [REAL, Buffer.concat([CONTROL, DATA])], 60, 10);
  }, FUZZ_TIMEOUT);
});
