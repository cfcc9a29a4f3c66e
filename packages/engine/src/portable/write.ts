// Writes a portable scan file (portable-scan.ts) as a gzip stream, never as one buffer: a
// firmware's Identification may be hundreds of MB of JSON.
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { PORTABLE_SCAN_FORMAT, PORTABLE_SCAN_VERSION } from './portable-scan.ts';

/** Characters of the Identification's text handed to gzip at a time. */
const SLICE = 1 << 20;

/**
 * The file's gzip stream, from the Identification's JSON text (as JSON.stringify writes it, or
 * as the server stores it: no parse and stringify again). `format` comes first: readers
 * recognise the file by it (read.ts isPortableScanHead).
 */
export function writePortableScan(identificationJson: string, exportedAt: Date): Readable {
  const head = `{"format":${JSON.stringify(PORTABLE_SCAN_FORMAT)},"version":${PORTABLE_SCAN_VERSION},"exported_at":${JSON.stringify(exportedAt.toISOString())},"identification":`;
  function* text(): Generator<string> {
    yield head;
    for (let start = 0; start < identificationJson.length; ) {
      let end = Math.min(start + SLICE, identificationJson.length);
      // Each slice is encoded to UTF-8 alone: a surrogate pair cut in two would become two U+FFFD.
      if (isHighSurrogate(identificationJson.charCodeAt(end - 1))) end += 1;
      yield identificationJson.slice(start, end);
      start = end;
    }
    yield '}';
  }
  return Readable.from(text(), { objectMode: false }).pipe(createGzip());
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
