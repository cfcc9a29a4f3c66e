// JFFS2's "rtime" compressor (fs/jffs2/compr_rtime.c): pairs of (byte, repeat);
// after each literal byte, `repeat` bytes are copied from just after that byte
// value's previous position. Output is bounded by the node's dsize.
import { FormatError } from '../types.ts';

export function rtimeDecompress(input: Buffer, outLength: number): Buffer {
  const out = Buffer.alloc(outLength);
  const positions = new Int32Array(256);
  let pos = 0;
  let outpos = 0;
  while (outpos < outLength) {
    if (pos + 2 > input.length) throw new FormatError('truncated', `rtime data ends at ${outpos} of ${outLength} bytes`);
    const value = input[pos++] ?? 0;
    let repeat = input[pos++] ?? 0;
    out[outpos++] = value;
    let backoffs = positions[value] ?? 0;
    positions[value] = outpos;
    if (repeat > outLength - outpos) throw new FormatError('malformed', `rtime repeat runs past ${outLength} bytes`);
    // Byte by byte: the source may overlap what is being written, as in the kernel.
    while (repeat-- > 0) out[outpos++] = out[backoffs++] ?? 0;
  }
  return out;
}
