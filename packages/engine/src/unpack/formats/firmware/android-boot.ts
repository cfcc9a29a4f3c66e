// Android boot images (mkbootimg): `ANDROID!` headers v0-v2 (page size from the
// header: kernel, ramdisk, second stage, v1+ recovery DTBO, v2 DTB, each padded to
// a page) and v3/v4 (4 KiB pages: kernel, ramdisk, v4 boot signature), and
// `VNDRBOOT` vendor boot images v3/v4 (vendor ramdisk(s), DTB, v4 ramdisk table
// and bootconfig). Each section is a member (`ramdisk.cpio.gz`, which the next
// round decompresses and unpacks); the header's OS version, patch level, board
// name and command lines go to a `bootimg.cfg` member, as abootimg writes it.
import { Readable } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';
import { parseBootHeader, parseVendorHeader, type BootImage, type Section } from '../../layouts/android-boot-header.ts';

const HEADER_READ = 4096;

export const androidBoot: Unpacker = {
  name: 'firmware/android-boot',
  version: 1,
  // A v3 header with a small kernel can pass the loose .lzma header check: be asked first.
  specialises: 'compress/lzma',
  magic: [
    { offset: 0, bytes: Buffer.from('ANDROID!', 'latin1') },
    { offset: 0, bytes: Buffer.from('VNDRBOOT', 'latin1') },
  ],
  async identify(head, reader) {
    const magic = head.toString('latin1', 0, 8);
    if (magic !== 'ANDROID!' && magic !== 'VNDRBOOT') return null;
    const image = await readImage(reader, 0);
    return image ? { start: 0, end: Math.min(reader.size, image.end) } : null;
  },
  extract,
};

async function readImage(reader: Reader, start: number): Promise<BootImage | undefined> {
  const header = await reader.read(start, HEADER_READ);
  const magic = header.toString('latin1', 0, 8);
  if (magic === 'ANDROID!') return parseBootHeader(header);
  if (magic === 'VNDRBOOT') return parseVendorHeader(header, (offset, length) => reader.read(start + offset, length));
  return undefined;
}

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const image = await readImage(reader, chunk.start);
  if (!image) throw new FormatError('malformed', 'Android boot image header', ctx.location);
  const config = `${image.config.map(([key, value]) => `${key} = ${value}`).join('\n')}\n`;
  await sink.file('bootimg.cfg', () => Readable.from([Buffer.from(config)]), {}, signal);
  const size = chunk.end - chunk.start;
  for (const section of image.sections) {
    if (sink.stopped) return;
    if (section.offset + section.size > size) {
      ctx.report({ level: 'warning', location: ctx.location, code: 'truncated', message: `${section.name} (${section.size} bytes at ${section.offset}) runs past the end of the image` });
      continue;
    }
    const name = await sectionName(reader, chunk.start, section);
    await sink.file(name, () => reader.stream(chunk.start + section.offset, chunk.start + section.offset + section.size), {}, signal);
  }
}

/** A ramdisk is named by its compression so the next round's output reads `ramdisk.cpio`. */
async function sectionName(reader: Reader, start: number, section: Section): Promise<string> {
  if (!section.ramdisk) return section.name;
  const head = await reader.read(start + section.offset, 4);
  if (head[0] === 0x1f && head[1] === 0x8b) return `${section.name}.cpio.gz`;
  if (head.length === 4 && head.readUInt32LE(0) === 0x184c2102) return `${section.name}.cpio.lz4`;
  if (head.toString('latin1', 0, 4) === '0707') return `${section.name}.cpio`;
  return section.name;
}
