// .lzma ("LZMA-alone", lzma_alone / LZMA Utils, also inside many firmware images):
// 13-byte header (properties, dictionary size, uncompressed size or -1) and one
// LZMA1 stream, decoded by our own decoder with a bounded dictionary buffer.
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { type ByteSource, decoderStream } from '../../byte-source.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';
import { LzmaDecoder, parsePropsByte } from '../../codecs/lzma.ts';

const HEADER = 13;
/**
 * Magics of formats whose first 13 bytes also read as a plausible .lzma header: a qcow2
 * image (`QFI\xfb`: props 0x51, a 16 MiB dictionary) and a romfs (`-rom1fs-`).
 */
const NOT_LZMA = [Buffer.from('514649fb', 'hex'), Buffer.from('-rom1fs-', 'latin1')];
/** The dictionary buffer we allocate at most; larger dictionaries are capped (and fail only if used). */
const MAX_WINDOW = 256 * 1024 * 1024;
const INPUT_WINDOW = 1024 * 1024;
/** Input bytes one decoding step may consume at most (range coder renormalisations). */
const STEP_MARGIN = 64;

export const lzma: Unpacker = {
  name: 'compress/lzma',
  version: 1,
  async identify(head, reader) {
    const header = parseHeader(head);
    // The range coder's first byte is always 0: sample header `5d 00 00 80 00 ff..ff 00`.
    if (!header || head.length < HEADER + 5 || head[HEADER] !== 0) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const name = decompressedName(ctx.fileName, { '.tlz': '.tar', '.lzma': '' });
    await extractSingleStream(ctx, name, (input) => decoderStream(input, decodeAlone));
  },
};

interface AloneHeader {
  props: { lc: number; lp: number; pb: number; dictSize: number };
  /** -1 when unknown (the stream then ends with an end marker). */
  size: number;
}

function parseHeader(head: Buffer): AloneHeader | undefined {
  if (head.length < HEADER || NOT_LZMA.some((magic) => head.subarray(0, magic.length).equals(magic))) return undefined;
  const lclppb = parsePropsByte(head[0] ?? 255);
  const dictSize = head.readUInt32LE(1);
  // xz and LZMA SDK encoders use lc+lp ≤ 4 and dictionaries of 4 KiB .. 1.5 GiB.
  if (!lclppb || lclppb.lc + lclppb.lp > 4 || dictSize < 4096 || dictSize > 0x60000000) return undefined;
  const low = head.readUInt32LE(5);
  const high = head.readUInt32LE(9);
  if (low === 0xffffffff && high === 0xffffffff) return { props: { ...lclppb, dictSize }, size: -1 };
  // A known size above 256 TiB is not a real .lzma header.
  if (high >= 1 << 16) return undefined;
  return { props: { ...lclppb, dictSize }, size: high * 2 ** 32 + low };
}

async function* decodeAlone(src: ByteSource): AsyncGenerator<Buffer> {
  const header = parseHeader(await src.take(HEADER, 'the .lzma header'));
  if (!header) throw new FormatError('corrupt', 'not an .lzma header');
  const window = Math.min(header.props.dictSize, header.size >= 0 ? Math.max(header.size, 4096) : Infinity, MAX_WINDOW);
  const decoder = new LzmaDecoder(header.props, header.size, window);
  while (!decoder.finished) {
    if (decoder.inPos > 0) src.takeBuffered(decoder.inPos);
    await src.fill(INPUT_WINDOW);
    decoder.input = await src.peek(INPUT_WINDOW);
    decoder.inPos = 0;
    const atEnd = decoder.input.length < INPUT_WINDOW;
    decoder.run(atEnd ? 0 : STEP_MARGIN);
    const out = decoder.takeOutput();
    if (out.length > 0) yield out;
    if (atEnd && !decoder.finished && decoder.inPos >= decoder.input.length) {
      throw new FormatError('truncated', 'unexpected end of the LZMA stream');
    }
  }
}
