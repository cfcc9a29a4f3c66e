// Builds a firmware-like image of about the size asked for, from nothing but a seed: a tar
// holding a kernel-like blob, a gzip-compressed root file system (a tar of thousands of
// configuration files, scripts and ELF-like executables naming the libraries they link), and
// random filler as a flash image has. Deterministic: the same size gives the same bytes.
//   node bench/server/firmware-image.ts OUT.bin [MEGABYTES]
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const BLOCK = 512;

/** A ustar header of a regular file (names cut at 99 bytes). */
export function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name.slice(0, 99), 0, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write(`${(1_700_000_000).toString(8).padStart(11, '0')}\0`, 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

function tarEntry(name: string, content: Buffer): Buffer[] {
  const pad = (BLOCK - (content.length % BLOCK)) % BLOCK;
  return [tarHeader(name, content.length), content, Buffer.alloc(pad)];
}

/** Pseudo-random bytes from a counter: incompressible, reproducible. */
function noise(seed: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let offset = 0, i = 0; offset < size; i += 1) {
    const block = createHash('sha256').update(`${seed}:${i}`).digest();
    offset += block.copy(out, offset);
  }
  return out;
}

/** An ELF-looking executable: the magic, the strings a scanner reads, some code-like noise. */
function executable(i: number): Buffer {
  const strings = [`libc.so.6`, `libssl.so.1.1`, `OpenSSL 1.1.1k  25 Mar 2021`, `BusyBox v1.33.${i % 3} (2021-06-01)`, `GLIBC_2.${17 + (i % 10)}`, `/etc/config/app${i}.conf`];
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56), Buffer.from(`${strings.join('\0')}\0`), noise(`exe${i}`, 2048 + (i % 7) * 512)]);
}

function rootFileSystem(files: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < files; i += 1) {
    if (i % 3 === 0) parts.push(...tarEntry(`usr/bin/tool${i}`, executable(i)));
    else if (i % 3 === 1) parts.push(...tarEntry(`etc/config/app${i}.conf`, Buffer.from(`# app ${i}\noption enabled 1\noption host 192.168.${i % 250}.1\n`.repeat(8))));
    else parts.push(...tarEntry(`www/js/module${i}.js`, Buffer.from(`/*! module${i} v1.${i % 9}.0 */\nexport function f${i}(x){return x*${i};}\n`.repeat(20))));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts), { level: 6 });
}

/** Writes the image to `path`; returns its size in bytes. */
export async function writeFirmwareImage(path: string, bytes: number): Promise<number> {
  const rootfs = rootFileSystem(6000);
  const kernel = noise('kernel', 2 * 1024 * 1024);
  const filler = Math.max(0, bytes - rootfs.length - kernel.length - 6 * BLOCK);
  const file = await open(path, 'w');
  let written = 0;
  const write = async (chunk: Buffer) => {
    await file.write(chunk);
    written += chunk.length;
  };
  try {
    for (const chunk of tarEntry('firmware/kernel.bin', kernel)) await write(chunk);
    for (const chunk of tarEntry('firmware/rootfs.tar.gz', rootfs)) await write(chunk);
    // The filler is written in 4 MiB pieces: memory stays flat whatever the size.
    await write(tarHeader('firmware/flash.img', filler));
    for (let offset = 0, i = 0; offset < filler; i += 1) {
      const piece = noise(`flash${i}`, Math.min(4 * 1024 * 1024, filler - offset));
      await write(piece);
      offset += piece.length;
    }
    await write(Buffer.alloc((BLOCK - (filler % BLOCK)) % BLOCK));
    await write(Buffer.alloc(BLOCK * 2));
  } finally {
    await file.close();
  }
  return written;
}

if (import.meta.main) {
  const [out, megabytes = '50'] = process.argv.slice(2);
  if (!out) throw new Error('usage: node bench/server/firmware-image.ts OUT.bin [MEGABYTES]');
  const size = await writeFirmwareImage(out, Number(megabytes) * 1e6);
  process.stdout.write(`${out}: ${size} bytes\n`);
}
