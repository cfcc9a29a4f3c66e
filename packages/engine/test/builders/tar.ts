// Writes tars block by block for tests: ustar headers with real checksums, GNU `L`/`K`, PAX `x`.

export interface TarEntry {
  name: string;
  data?: Buffer | string;
  /** Type flag: `0` file (default), `1` hard link, `2` symlink, `5` directory, `L`, `K`, `x`. */
  type?: string;
  linkName?: string;
  /** Write a wrong checksum. */
  badChecksum?: boolean;
}

export function buildTar(entries: TarEntry[], { end = true }: { end?: boolean } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    blocks.push(header(e, data.length));
    blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  if (end) blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** A PAX record line with its own length prefix, e.g. `27 path=some/long/name\n`. */
export function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

function header(e: TarEntry, size: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(e.name.slice(0, 100), 0, 'utf8');
  h.write('0000644\0', 100, 'latin1');
  h.write('0000000\0', 108, 'latin1');
  h.write('0000000\0', 116, 'latin1');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  h.write('14524770560\0', 136, 'latin1');
  h.write(e.type ?? '0', 156, 'latin1');
  if (e.linkName) h.write(e.linkName.slice(0, 100), 157, 'utf8');
  h.write('ustar\0', 257, 'latin1');
  h.write('00', 263, 'latin1');
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  if (e.badChecksum) sum += 1;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return h;
}
