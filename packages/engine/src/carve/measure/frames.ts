// Walking consecutive frames (zstd, LZ4): a compressed file may hold several
// frames and skippable frames (magic 0x184D2A5?, 4-byte length) back to back;
// the payload ends where the bytes stop being one of them.
import type { Reader } from '../../util/reader.ts';

/** Frames per payload: far more than any real file, few enough to bound the walk. */
const MAX_FRAMES = 1_000_000;

export function isSkippableMagic(magic: number): boolean {
  return (magic & 0xfffffff0) === 0x184d2a50;
}

/**
 * End of the run of frames starting at 0. `frameEnd(at)` measures the frame of this
 * format starting at `at` (null when invalid); the first frame must be one.
 */
export async function measureFrames(
  reader: Reader,
  frameMagic: number,
  frameEnd: (at: number) => Promise<number | null>,
  signal: AbortSignal,
): Promise<number | null> {
  let pos = 0;
  for (let frames = 0; frames < MAX_FRAMES && pos + 8 <= reader.size; frames++) {
    signal.throwIfAborted();
    const head = await reader.read(pos, 8);
    const magic = head.readUInt32LE(0);
    let end: number | null = null;
    if (magic === frameMagic) end = await frameEnd(pos);
    else if (isSkippableMagic(magic) && pos > 0) end = pos + 8 + head.readUInt32LE(4);
    if (end === null || end > reader.size) break;
    pos = end;
  }
  return pos > 0 ? pos : null;
}
