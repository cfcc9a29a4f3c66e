// Length of a tar archive: headers are walked (checksum verified, data skipped,
// PAX `size` honoured) to the two zero blocks that end it, then through the zero
// padding tar writes up to its 10 KiB record size, when that padding is there.
import type { Reader } from '../../util/reader.ts';
import { parseHeader, parsePax, verifyChecksum } from '../../unpack/layouts/tar-header.ts';

const BLOCK = 512;
const RECORD = 20 * BLOCK;
const MAX_PAX = 1024 * 1024;
/** Types whose size field does not count data blocks (links, devices, directories, FIFOs). */
const NO_DATA = new Set(['1', '2', '3', '4', '5', '6']);

export async function measureTar(reader: Reader, signal: AbortSignal): Promise<number | null> {
  let pos = 0;
  let paxSize: number | undefined;
  for (;;) {
    signal.throwIfAborted();
    const block = await reader.read(pos, BLOCK);
    if (block.length < BLOCK) return null;
    if (isZero(block)) break;
    const header = verifyChecksum(block) ? parseHeader(block) : undefined;
    if (header === undefined) return null;
    const size = header.type === 'x' || header.type === 'g' || header.type === 'L' || header.type === 'K' ? header.size : (paxSize ?? header.size);
    if (header.type === 'x') paxSize = await paxSizeOf(reader, pos + BLOCK, header.size);
    else if (header.type !== 'L' && header.type !== 'K' && header.type !== 'g') paxSize = undefined;
    pos += BLOCK + (NO_DATA.has(header.type) ? 0 : Math.ceil(size / BLOCK) * BLOCK);
  }
  const second = await reader.read(pos + BLOCK, BLOCK);
  if (second.length < BLOCK || !isZero(second)) return null;
  const end = pos + 2 * BLOCK;
  const recordEnd = Math.ceil(end / RECORD) * RECORD;
  return recordEnd <= reader.size && isZero(await reader.read(end, recordEnd - end)) ? recordEnd : end;
}

async function paxSizeOf(reader: Reader, at: number, length: number): Promise<number | undefined> {
  if (length > MAX_PAX) return undefined;
  const size = parsePax(await reader.read(at, length))?.size;
  const value = size === undefined ? NaN : Number(size);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function isZero(bytes: Buffer): boolean {
  return bytes.every((b) => b === 0);
}
