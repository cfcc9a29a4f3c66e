// JPEG (ITU T.81 / JFIF): SOI (FF D8), marker segments with a u16 BE length, a start of
// scan (FF DA) followed by entropy-coded data in which FF is stuffed as FF 00 (or starts a
// restart marker FF D0-D7), until EOI (FF D9). A carved JPEG must walk cleanly from SOI
// through a frame header (SOFn) to EOI.
import type { Reader } from '../../util/reader.ts';
import type { Carvable } from './carvable.ts';

const SOI = Buffer.from([0xff, 0xd8, 0xff]);
const MAX_SEGMENTS = 10_000;
/** Entropy-coded data is scanned in windows of this size, up to MAX_IMAGE. */
const WINDOW = 256 * 1024;
const MAX_IMAGE = 256 * 1024 * 1024;

export const jpeg: Carvable = {
  name: 'image/jpeg',
  magic: [{ offset: 0, bytes: SOI }],
  async identify(head, reader) {
    if (head.length < 4 || !head.subarray(0, 3).equals(SOI)) return null;
    const end = await walk(reader);
    return end === null ? null : { start: 0, end };
  },
};

async function walk(reader: Reader): Promise<number | null> {
  let at = 2;
  let frame = false;
  for (let n = 0; n < MAX_SEGMENTS; n++) {
    const marker = await reader.read(at, 4);
    if (marker.length < 2 || marker[0] !== 0xff) return null;
    const code = marker[1] ?? 0;
    if (code === 0xd9) return frame ? at + 2 : null;
    if (code === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    if (marker.length < 4 || code === 0x00 || code === 0x01 || (code >= 0xd0 && code <= 0xd7)) return null;
    const length = marker.readUInt16BE(2);
    if (length < 2) return null;
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc) frame = true;
    at += 2 + length;
    if (code === 0xda) {
      if (!frame) return null;
      const next = await scanEntropyCoded(reader, at);
      if (next === null) return null;
      at = next;
    }
  }
  return null;
}

/** Offset of the first marker after entropy-coded data (not a stuffed 00 nor a restart marker). */
async function scanEntropyCoded(reader: Reader, from: number): Promise<number | null> {
  for (let pos = from; pos < Math.min(reader.size, from + MAX_IMAGE); pos += WINDOW - 1) {
    const window = await reader.read(pos, WINDOW);
    for (let i = window.indexOf(0xff); i >= 0 && i + 1 < window.length; i = window.indexOf(0xff, i + 1)) {
      const next = window[i + 1] ?? 0;
      if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return pos + i;
    }
    if (window.length < WINDOW) return null;
  }
  return null;
}
