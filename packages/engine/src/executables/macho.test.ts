import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openReader } from '../util/reader.ts';
import { isMachO, readMachO } from './macho.ts';

const dir = mkdtempSync(join(tmpdir(), 'macho-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(bytes: Buffer) {
  const path = join(dir, `f${Math.random()}`);
  writeFileSync(path, bytes);
  const reader = await openReader(path);
  try {
    return await readMachO(reader);
  } finally {
    await reader.close();
  }
}

/** A 64-bit little-endian MH_EXECUTE header with the given flags and load commands. */
function thin64(flags: number, commands: Buffer[]): Buffer {
  const cmds = Buffer.concat(commands);
  const header = Buffer.alloc(32);
  header.writeUInt32LE(0xfeedfacf, 0);
  header.writeUInt32LE(0x01000007, 4);
  header.writeUInt32LE(2, 12);
  header.writeUInt32LE(commands.length, 16);
  header.writeUInt32LE(cmds.length, 20);
  header.writeUInt32LE(flags, 24);
  return Buffer.concat([header, cmds]);
}

function command(cmd: number, body: Buffer): Buffer {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32LE(cmd, 0);
  out.writeUInt32LE(out.length, 4);
  body.copy(out, 8);
  return out;
}

const segment = (name: string) => command(0x19, Buffer.concat([Buffer.from(name.padEnd(16, '\0')), Buffer.alloc(56)]));
const encryption = (cryptid: number) => {
  const body = Buffer.alloc(16);
  body.writeUInt32LE(cryptid, 8);
  return command(0x2c, body);
};

describe('Mach-O', () => {
  it('recognises thin magics both ways round and fat headers, not Java classes', () => {
    expect(isMachO(Buffer.from('cffaedfe07000001', 'hex'))).toBe(true);
    expect(isMachO(Buffer.from('feedface00000007', 'hex'))).toBe(true);
    expect(isMachO(Buffer.from('cafebabe00000002', 'hex'))).toBe(true);
    expect(isMachO(Buffer.from('cafebabe00000034', 'hex'))).toBe(false); // a Java 8 class file
  });

  it('encrypted (cryptid), __RESTRICT, stack and heap execution flags', async () => {
    const result = await read(thin64(0x200000 | 0x20000 | 0x1000000, [segment('__RESTRICT'), encryption(1), command(0x1d, Buffer.alloc(8))]));
    expect('info' in result && result.info).toMatchObject({
      format: 'macho',
      machine: 'x86-64',
      bits: 64,
      type: 'executable',
      pie: true,
      nx: false,
      encrypted: true,
      codeSignature: true,
      restrict: true,
      allowStackExecution: true,
      noHeapExecution: true,
      missing: ['execstack', 'no-canary'],
    });
    const clear = await read(thin64(0, [segment('__TEXT'), encryption(0)]));
    expect('info' in clear && [clear.info.encrypted, clear.info.restrict, clear.info.pie, clear.info.nx]).toEqual([false, false, false, true]);
  });

  it('hostile input: huge or cut load commands give an error or a located problem, never a throw', async () => {
    const huge = thin64(0, []);
    huge.writeUInt32LE(0xffffffff, 20);
    expect(await read(huge)).toEqual({ error: { code: 'malformed', message: 'implausible load commands (0, 4294967295 bytes)' } });
    const bad = thin64(0, [segment('__TEXT')]);
    bad.writeUInt32LE(4, 36); // cmdsize smaller than a command header
    const result = await read(bad);
    expect('info' in result && result.problems).toEqual([{ code: 'malformed', message: 'load command 0 has size 4' }]);
    expect(await read(Buffer.from('cafebabe00000001', 'hex'))).toEqual({ error: { code: 'truncated', message: 'fat header cut short' } });
  });
});
