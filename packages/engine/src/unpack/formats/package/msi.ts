// Windows Installer packages (.msi, .msp, .mst): a compound file whose streams
// are database tables plus embedded cabinets. 7-Zip opens the compound file and
// the cabinets; the cabinets name members by File-table key (`ReadmeFile`), so
// we read the File, Component and Directory tables to give each file its
// installed path (`Binlens Demo/readme-long-name.txt`). Other streams (custom
// action binaries, icons) are members under their stream name; the tables and
// the summary information are not.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';
import { installedPaths } from '../../layouts/msi-database.ts';
import { openReader } from '../../../util/reader.ts';

const MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Root storage CLSIDs {000C10xx-0000-0000-C000-000000000046}: 82 transform, 84 package, 86 patch. */
const CLASS_IDS = new Set([0x000c1082, 0x000c1084, 0x000c1086]);
const CLASS_TAIL = Buffer.from([0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0x46]);
/** Tables are small; a huge one is an attack on memory. */
const MAX_TABLE_BYTES = 16 * 1024 * 1024;
const MAX_TABLES_BYTES = 64 * 1024 * 1024;

export const msi: Unpacker = {
  name: 'package/msi',
  version: 1,
  async identify(head, reader) {
    if (head.length < 512 || !head.subarray(0, 8).equals(MAGIC)) return null;
    const shift = head.readUInt16LE(0x1e);
    if (shift !== 9 && shift !== 12) return null;
    // The root directory entry (the first of the first directory sector) carries the class id.
    const root = await reader.read((head.readUInt32LE(0x30) + 1) * 2 ** shift, 128);
    if (root.length < 128 || !CLASS_IDS.has(root.readUInt32LE(0x50)) || !root.subarray(0x54, 0x60).equals(CLASS_TAIL)) return null;
    return { start: 0, end: reader.size };
  },
  extract: (ctx) => extractWith7z(ctx, 'compound', (out) => deliver(ctx, out)),
};

async function deliver(ctx: ExtractContext, out: string): Promise<void> {
  const listed = await readdir(out, { withFileTypes: true }).catch(() => []);
  const streams = listed.filter((e) => e.isFile()).map((e) => e.name).sort();
  const paths = await filePaths(ctx, out, streams);
  for (const name of streams) {
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    // `!Name` streams are tables, `[5]SummaryInformation` the property set.
    if (name.startsWith('!') || name.startsWith('[')) continue;
    const path = join(out, name);
    const magic = await readHead(path);
    if (magic === 'MSCF') await extractCabinet(ctx, path, name, paths);
    else await ctx.sink.file(name, () => createReadStream(path), {}, ctx.signal);
  }
}

/** File key → installed path; empty (keys stay the names) when the tables cannot be read. */
async function filePaths(ctx: ExtractContext, out: string, streams: string[]): Promise<Map<string, string>> {
  const tables = new Map<string, Buffer>();
  let total = 0;
  for (const name of streams.filter((s) => s.startsWith('!'))) {
    const size = (await stat(join(out, name))).size;
    total += size;
    if (size > MAX_TABLE_BYTES || total > MAX_TABLES_BYTES) continue;
    tables.set(name.slice(1), await readFile(join(out, name)));
  }
  try {
    return installedPaths((name) => tables.get(name));
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    ctx.report({ level: 'warning', location: ctx.location, code: err.code, message: `${err.message}; files keep their table keys as names` });
    return new Map();
  }
}

async function readHead(path: string): Promise<string> {
  const reader = await openReader(path);
  try {
    return (await reader.read(0, 4)).toString('latin1');
  } finally {
    await reader.close();
  }
}

/** An embedded cabinet: its members go to the sink under their installed paths. */
async function extractCabinet(ctx: ExtractContext, path: string, name: string, paths: Map<string, string>): Promise<void> {
  const reader = await openReader(path);
  try {
    const inner: ExtractContext = { ...ctx, reader, chunk: { start: 0, end: reader.size }, location: [...ctx.location, name] };
    await extractWith7z(inner, 'cab', async (cabOut) => {
      const listed = await readdir(cabOut, { withFileTypes: true }).catch(() => []);
      const members = listed.filter((e) => e.isFile()).map((e) => e.name).sort();
      for (const key of members) {
        if (ctx.sink.stopped) return;
        await ctx.sink.file(paths.get(key) ?? key, () => createReadStream(join(cabOut, key)), {}, ctx.signal);
      }
    });
  } finally {
    await reader.close();
  }
}
