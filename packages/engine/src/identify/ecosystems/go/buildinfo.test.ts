import { describe, expect, it } from 'vitest';
import { goBuildinfo } from './buildinfo.ts';
import { memoryFile } from '../../test-helpers.ts';

const MAGIC = Buffer.from('\xff Go buildinf:', 'latin1');
// cmd/go's sentinels around module info (runtime/debug modinfo start/end markers).
const START = Buffer.from('3077af0c9274080241e1c107e6d618e6', 'hex');
const END = Buffer.from('f932433186182072008242104116d8f2', 'hex');
// What Go 1.19 writes for fixtures/identify/go-binary (go version -m shows the same).
const MODINFO = 'path\texample.com/binlens-hello\nmod\texample.com/binlens-hello\t(devel)\t\ndep\tgithub.com/google/uuid\tv1.3.0\t\ndep\tgolang.org/x/net\tv0.10.0\th1:X2//UzNDwYmtCLn7To6G58Wr6f5ahEAQgKNzv9Y951M=\n=>\tgolang.org/x/net\tv0.17.0\th1:pVaXccu4QxxZcmDtWyfhFIVj8a1f6sJiMgLRYZzfHVU=\ndep\texample.com/local\tv1.0.0\t\n=>\t../local\t(devel)\t\nbuild\t-compiler=gc\nbuild\tGOOS=linux\n';

function varString(s: string | Buffer): Buffer {
  const bytes = typeof s === 'string' ? Buffer.from(s) : s;
  const len: number[] = [];
  let n = bytes.length;
  while (n >= 0x80) {
    len.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  len.push(n);
  return Buffer.concat([Buffer.from(len), bytes]);
}

/** Go 1.18+: inline strings after the header, the blob 16-aligned somewhere in the file. */
function inlineBinary(goVersion: string, modinfo: string): Buffer {
  const header = Buffer.alloc(32);
  MAGIC.copy(header);
  header[14] = 8;
  header[15] = 2;
  return Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(12 + 4096), header, varString(goVersion), varString(Buffer.concat([START, Buffer.from(modinfo), END])), Buffer.alloc(64)]);
}

/** Before 1.18: a 64-bit little-endian ELF, one PT_LOAD at vaddr 0x400000, pointers to Go string headers. */
function pointerBinary(goVersion: string, modinfo: string): Buffer {
  const file = Buffer.alloc(0x2000);
  file.write('\x7fELF', 0, 'latin1');
  file[4] = 2;
  file[5] = 1;
  file.writeBigUInt64LE(64n, 32); // e_phoff
  file.writeUInt16LE(56, 54); // e_phentsize
  file.writeUInt16LE(1, 56); // e_phnum
  file.writeUInt32LE(1, 64); // PT_LOAD
  file.writeBigUInt64LE(0n, 64 + 8); // p_offset
  file.writeBigUInt64LE(0x400000n, 64 + 16); // p_vaddr
  file.writeBigUInt64LE(0x2000n, 64 + 32); // p_filesz
  const va = (off: number): bigint => BigInt(0x400000 + off);
  const blob = 0x1000;
  MAGIC.copy(file, blob);
  file[blob + 14] = 8;
  file[blob + 15] = 0;
  file.writeBigUInt64LE(va(0x1100), blob + 16);
  file.writeBigUInt64LE(va(0x1110), blob + 24);
  const mod = Buffer.concat([START, Buffer.from(modinfo), END]);
  file.writeBigUInt64LE(va(0x1200), 0x1100);
  file.writeBigUInt64LE(BigInt(goVersion.length), 0x1108);
  file.writeBigUInt64LE(va(0x1300), 0x1110);
  file.writeBigUInt64LE(BigInt(mod.length), 0x1118);
  file.write(goVersion, 0x1200, 'latin1');
  mod.copy(file, 0x1300);
  return file;
}

const run = async (bytes: Buffer) => goBuildinfo.catalog(memoryFile(['usr/bin/hello'], bytes));
const EXPECTED = [
  ['stdlib', '1.19.8', 'pkg:golang/stdlib@1.19.8', ['cpe:2.3:a:golang:go:1.19.8:*:*:*:*:*:*:*']],
  ['example.com/binlens-hello', '', 'pkg:golang/example.com/binlens-hello', []],
  ['github.com/google/uuid', 'v1.3.0', 'pkg:golang/github.com/google/uuid@v1.3.0', []],
  ['golang.org/x/net', 'v0.17.0', 'pkg:golang/golang.org/x/net@v0.17.0', []],
  ['example.com/local', '', 'pkg:golang/example.com/local', []],
];

describe('go/buildinfo', () => {
  it('looks at executables only', () => {
    expect([goBuildinfo.matches(['a'], 'a', 'executable/elf'), goBuildinfo.matches(['a'], 'a', 'archive/zip'), goBuildinfo.matches(['a'], 'a', undefined)]).toEqual([true, false, false]);
  });

  it('1.18+ inline form: toolchain, main module without a (devel) version, deps, replacements', async () => {
    const { components, problems } = await run(inlineBinary('go1.19.8', MODINFO));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.purl, c.cpes])).toEqual(EXPECTED);
    expect(components.every((c) => c.codetype === 'GO' && c.evidence[0]?.offset === 4112)).toBe(true);
  });

  it('pre-1.18 pointer form through ELF segments', async () => {
    const { components, problems } = await run(pointerBinary('go1.16.15', MODINFO));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version])).toEqual([['stdlib', '1.16.15'], ...EXPECTED.slice(1).map((e) => [e[0], e[1]])]);
  });

  it('no build info: nothing; damaged build info: a located problem', async () => {
    expect(await run(Buffer.from('\x7fELF plain C program'))).toEqual({ components: [], problems: [] });
    const truncated = inlineBinary('go1.19.8', MODINFO).subarray(0, 4112 + 40);
    const { components, problems } = await run(truncated);
    expect(components).toEqual([]);
    expect(problems.map((p) => [p.code, p.message, p.location])).toEqual([['malformed', 'truncated Go build info strings', ['usr/bin/hello']]]);
  });
});
