// Intel HEX (`objcopy -O ihex`): lines `:LLAAAATT<data>CC`. Types: 00 data, 01 end
// of file, 02 extended segment address (×16), 03 start segment address, 04
// extended linear address (upper 16 bits), 05 start linear address. Every record's
// checksum (two's complement of the byte sum) is verified.
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { hexBytes, imageName, lines, writeImage, type Segment } from '../../firmware/hex-records.ts';

export const ihex: Unpacker = {
  name: 'firmware/ihex',
  version: 1,
  async identify(head, reader) {
    // The first line must be a whole valid record, sample `:03001000696C65B3`.
    const first = head.toString('latin1').split('\n')[0]?.trimEnd() ?? '';
    return head.length === reader.size || first.length < head.length ? (parseRecord(first) ? { start: 0, end: reader.size } : null) : null;
  },
  async extract(ctx) {
    const segments: Segment[] = [];
    let upper = 0;
    let ended = false;
    for await (const { text, number } of lines(ctx)) {
      if (text === '') continue;
      const record = parseRecord(text);
      if (record === undefined) throw new FormatError('malformed', `line ${number} is not a valid Intel HEX record`, ctx.location);
      const { type, address, data } = record;
      if (type === 0) segments.push({ address: upper + address, data });
      else if (type === 1) {
        ended = true;
        break;
      } else if (type === 2 && data.length === 2) upper = data.readUInt16BE(0) * 16;
      else if (type === 4 && data.length === 2) upper = data.readUInt16BE(0) * 0x10000;
    }
    await writeImage(ctx, imageName(ctx.fileName, ['.hex', '.ihex', '.ihx']), segments);
    if (!ended) throw new FormatError('truncated', 'no end-of-file record', ctx.location);
  },
};

function parseRecord(text: string): { type: number; address: number; data: Buffer } | undefined {
  if (!text.startsWith(':') || text.length < 11) return undefined;
  const bytes = hexBytes(text.slice(1));
  if (bytes === undefined || bytes.length !== (bytes[0] ?? 0) + 5) return undefined;
  let sum = 0;
  for (const b of bytes) sum += b;
  if ((sum & 0xff) !== 0) return undefined;
  const type = bytes[3] ?? 0;
  if (type > 5) return undefined;
  return { type, address: bytes.readUInt16BE(1), data: bytes.subarray(4, bytes.length - 1) };
}
