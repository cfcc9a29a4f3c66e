// U-Boot FIT images (`mkimage -f image.its image.itb`): a flattened device tree
// whose `/images/<name>` nodes hold the parts: inline `data`, or external data
// (`mkimage -E`) at `data-offset` after the tree (4-byte aligned) or at absolute
// `data-position`, of `data-size` bytes. A plain device tree blob (no /images)
// is not a container and is left alone.
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';
import { fdtProps, parseFdtHeader, type FdtProp } from '../../layouts/fdt.ts';

/** FIT `compression` property → extension of the extracted part. */
const COMPRESSION: Record<string, string> = { gzip: '.gz', bzip2: '.bz2', lzma: '.lzma', lzo: '.lzo', lz4: '.lz4', zstd: '.zst' };

interface FitPart {
  name: string;
  start: number;
  end: number;
}

export const fit: Unpacker = {
  name: 'firmware/fit',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0xd0, 0x0d, 0xfe, 0xed]) }],
  async identify(head, reader) {
    const header = parseFdtHeader(head, reader.size);
    if (header === null) return null;
    const parts = await fitParts(reader, header.totalSize);
    if (parts === null || parts.length === 0) return null;
    return { start: 0, end: Math.max(header.totalSize, ...parts.map((p) => p.end)) };
  },
  async extract(ctx: ExtractContext) {
    const parts = await fitParts(ctx.reader, (await ctx.reader.read(ctx.chunk.start + 4, 4)).readUInt32BE(0));
    if (parts === null) throw new FormatError('malformed', 'FIT structure block does not parse', ctx.location);
    for (const part of parts) {
      if (ctx.sink.stopped) return;
      await ctx.sink.file(part.name, () => ctx.reader.stream(part.start, part.end), {}, ctx.signal);
    }
  },
};

/** The parts under /images; null for a malformed tree, [] for a device tree that is not a FIT. */
async function fitParts(reader: Reader, totalSize: number): Promise<FitPart[] | null> {
  const header = parseFdtHeader(await reader.read(0, 40), reader.size);
  if (header === null) return null;
  const props = await fdtProps(reader, header);
  if (props === null) return null;
  const nodes = new Map<string, Map<string, FdtProp>>();
  for (const prop of props) {
    // Sample: node `/images/kernel-1`, properties data, type, compression.
    if (!/^\/images\/[^/]+$/.test(prop.node)) continue;
    const node = nodes.get(prop.node) ?? new Map<string, FdtProp>();
    node.set(prop.name, prop);
    nodes.set(prop.node, node);
  }
  const parts: FitPart[] = [];
  for (const [node, fields] of nodes) {
    const range = await dataRange(reader, fields, totalSize);
    if (range === undefined) continue;
    const compression = fields.get('compression');
    const kind = compression ? (await reader.read(compression.offset, Math.min(compression.length, 16))).toString('latin1').replace(/\0.*$/s, '') : '';
    parts.push({ name: `${node.slice('/images/'.length)}${COMPRESSION[kind] ?? ''}`, ...range });
  }
  return parts;
}

async function dataRange(reader: Reader, fields: Map<string, FdtProp>, totalSize: number): Promise<{ start: number; end: number } | undefined> {
  const data = fields.get('data');
  if (data) return { start: data.offset, end: data.offset + data.length };
  const size = await u32(reader, fields.get('data-size'));
  const offset = await u32(reader, fields.get('data-offset'));
  const position = await u32(reader, fields.get('data-position'));
  const start = position ?? (offset === undefined ? undefined : Math.ceil(totalSize / 4) * 4 + offset);
  if (start === undefined || size === undefined || start + size > reader.size) return undefined;
  return { start, end: start + size };
}

async function u32(reader: Reader, prop: FdtProp | undefined): Promise<number | undefined> {
  if (prop === undefined || prop.length !== 4) return undefined;
  return (await reader.read(prop.offset, 4)).readUInt32BE(0);
}
