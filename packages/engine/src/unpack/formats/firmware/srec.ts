// Motorola S-record (`srec_cat`, `objcopy -O srec`): lines `S<type><count><address>
// <data><checksum>`. S1/S2/S3 carry data at 16/24/32-bit addresses; S0 is a header,
// S5/S6 counts, S7/S8/S9 the start address ending the file. The checksum is the
// ones' complement of the low byte of the sum of count, address and data bytes.
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { hexBytes, imageName, lines, writeImage, type Segment } from '../../firmware/hex-records.ts';

/** Address bytes per record type. */
const ADDRESS_BYTES: Record<number, number> = { 0: 2, 1: 2, 2: 3, 3: 4, 5: 2, 6: 3, 7: 4, 8: 3, 9: 2 };

export const srec: Unpacker = {
  name: 'firmware/srec',
  version: 1,
  async identify(head, reader) {
    // The first line must be a whole valid record, sample `S00F000068656C6C6F212020202000003B`.
    const first = head.toString('latin1').split('\n')[0]?.trimEnd() ?? '';
    return head.length === reader.size || first.length < head.length ? (parseRecord(first) ? { start: 0, end: reader.size } : null) : null;
  },
  async extract(ctx) {
    const segments: Segment[] = [];
    for await (const { text, number } of lines(ctx)) {
      if (text === '') continue;
      const record = parseRecord(text);
      if (record === undefined) throw new FormatError('malformed', `line ${number} is not a valid S-record`, ctx.location);
      if (record.type >= 1 && record.type <= 3) segments.push({ address: record.address, data: record.data });
      // S7-S9 end the file; srec_cat without a start address ends it with S5 (a count) alone.
      if (record.type >= 7) break;
    }
    await writeImage(ctx, imageName(ctx.fileName, ['.srec', '.s19', '.s28', '.s37', '.mot']), segments);
  },
};

function parseRecord(text: string): { type: number; address: number; data: Buffer } | undefined {
  if (text.length < 8 || text[0] !== 'S') return undefined;
  const type = Number(text[1]);
  const width = ADDRESS_BYTES[type];
  const bytes = hexBytes(text.slice(2));
  if (width === undefined || bytes === undefined || bytes.length !== (bytes[0] ?? 0) + 1 || bytes.length < width + 2) return undefined;
  let sum = 0;
  for (let i = 0; i < bytes.length - 1; i++) sum += bytes[i] ?? 0;
  if ((~sum & 0xff) !== bytes[bytes.length - 1]) return undefined;
  return { type, address: bytes.readUIntBE(1, width), data: bytes.subarray(1 + width, bytes.length - 1) };
}
