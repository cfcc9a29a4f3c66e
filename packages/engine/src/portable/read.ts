// Reads a portable scan file (portable-scan.ts) from untrusted bytes: the gzip stream is
// inflated under a size cap and a compression-ratio guard, then the document and every field
// of its Identification are checked (identification-shape.ts). Anything wrong throws a
// PortableScanError whose message names the first problem.
import { constants as bufferConstants } from 'node:buffer';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createGunzip, gunzipSync } from 'node:zlib';
import { DEFAULT_LIMITS, RATIO_FLOOR_BYTES } from '../unpack/limits.ts';
import { checkIdentification } from './identification-shape.ts';
import { PORTABLE_SCAN_FORMAT, PORTABLE_SCAN_READ_VERSIONS, type PortableScan, PortableScanError } from './portable-scan.ts';
import { dateTime, describe, fail } from './shape.ts';

/**
 * The most a file may inflate to: 1 GiB, or less where V8 cannot hold the text as one string
 * (its string length limit, ~512 Mi characters on 64-bit), since JSON.parse takes one string.
 */
export const MAX_PORTABLE_SCAN_BYTES = Math.min(1024 ** 3, bufferConstants.MAX_STRING_LENGTH);
/** Inflated bytes per compressed byte read so far, as the engine's extraction limit: JSON compresses ~5–20:1, a deflate bomb ~1000:1. */
export const MAX_PORTABLE_SCAN_RATIO = DEFAULT_LIMITS.maxCompressionRatio;
/** How much of a file's beginning isPortableScanHead needs. */
export const PORTABLE_SCAN_HEAD_BYTES = 4096;

export interface PortableScanReadOptions {
  maxBytes?: number;
  maxRatio?: number;
  signal?: AbortSignal;
}

/**
 * Whether a file that begins with `head` (its first PORTABLE_SCAN_HEAD_BYTES, or all of a
 * shorter file) is a portable scan file: gzip whose text begins `{"format":"binlens-scan"`.
 * Any other gzip (a .tar.gz, a compressed firmware) is not; a damaged portable file still is,
 * so that reading it says what is wrong.
 */
export function isPortableScanHead(head: Uint8Array): boolean {
  if (head[0] !== 0x1f || head[1] !== 0x8b) return false;
  let text: string;
  try {
    // A sync flush answers what the bytes so far inflate to; 4 KiB inflate to ~4 MiB at most.
    text = gunzipSync(head.subarray(0, PORTABLE_SCAN_HEAD_BYTES), { finishFlush: zlibConstants.Z_SYNC_FLUSH }).subarray(0, 256).toString('latin1');
  } catch {
    return false;
  }
  // The document's first member, with any JSON whitespace: `{"format":"binlens-scan",...`.
  return /^[\t\n\r ]*\{[\t\n\r ]*"format"[\t\n\r ]*:[\t\n\r ]*"binlens-scan"/.test(text);
}

/** Reads and checks a portable scan file from its bytes (a file's read stream, or the bytes themselves). */
export async function readPortableScan(source: AsyncIterable<Uint8Array> | Uint8Array, options: PortableScanReadOptions = {}): Promise<PortableScan> {
  const text = await inflateText(source instanceof Uint8Array ? [source] : source, options);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new PortableScanError(`the file does not hold valid JSON: ${(error as Error).message}`);
  }
  return parsePortableScanDocument(document);
}

/** Checks a parsed document: its format, a version this engine reads, then every field. */
export function parsePortableScanDocument(document: unknown): PortableScan {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new PortableScanError(`not a portable scan file: the document is ${describe(document)}, not a JSON object`);
  }
  const fields = document as Record<string, unknown>;
  if (fields.format !== PORTABLE_SCAN_FORMAT) {
    throw new PortableScanError(`not a portable scan file: format is ${JSON.stringify(fields.format) ?? 'missing'}, not "${PORTABLE_SCAN_FORMAT}"`);
  }
  const version = fields.version;
  if (typeof version !== 'number' || !PORTABLE_SCAN_READ_VERSIONS.includes(version)) {
    const shown = typeof version === 'number' ? String(version) : (JSON.stringify(version) ?? 'missing');
    throw new PortableScanError(`portable scan file version ${shown} cannot be read: this binlens reads version ${PORTABLE_SCAN_READ_VERSIONS.join(', ')}`);
  }
  const exportedAt = dateTime(fields.exported_at, 'exported_at');
  if (fields.identification === undefined) fail('identification', 'expected an object, got nothing');
  return { version, exportedAt, identification: checkIdentification(fields.identification, 'identification') };
}

async function inflateText(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: PortableScanReadOptions): Promise<string> {
  const { maxBytes = MAX_PORTABLE_SCAN_BYTES, maxRatio = MAX_PORTABLE_SCAN_RATIO, signal } = options;
  const gunzip = createGunzip();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  let inflated = 0;
  let compressed = 0;
  const counted = async function* (chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    for await (const chunk of chunks) {
      if (compressed === 0 && chunk.length > 0 && chunk[0] !== 0x1f) throw new PortableScanError('not a portable scan file: it is not gzip-compressed');
      compressed += chunk.length;
      yield chunk;
    }
    if (compressed === 0) throw new PortableScanError('not a portable scan file: it is empty');
  };
  try {
    await pipeline(Readable.from(counted(source), { objectMode: false }), gunzip, async (output: AsyncIterable<Buffer>) => {
      for await (const chunk of output) {
        inflated += chunk.length;
        if (inflated > maxBytes) throw new PortableScanError(`the file inflates to more than ${maxBytes} bytes, the most a portable scan file may hold`);
        // Against what zlib has consumed, so a bomb stops early rather than at maxBytes.
        if (inflated > RATIO_FLOOR_BYTES && inflated > maxRatio * gunzip.bytesWritten) {
          throw new PortableScanError(`the file inflates more than ${maxRatio} times its compressed size: a compression bomb, not a portable scan file`);
        }
        parts.push(decoder.decode(chunk, { stream: true }));
      }
    }, ...(signal ? [{ signal }] : []));
    parts.push(decoder.decode());
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw readError(error);
  }
  return parts.join('');
}

/** zlib's and the decoder's errors in words; a PortableScanError or a read error as it is. */
function readError(error: unknown): unknown {
  if (error instanceof PortableScanError) return error;
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message;
  if (code === 'Z_BUF_ERROR') return new PortableScanError('the file is truncated: its gzip stream ends early');
  if (code === 'Z_DATA_ERROR') {
    return new PortableScanError(message === 'incorrect header check' ? 'not a portable scan file: it is not gzip-compressed' : `the file is damaged: its gzip stream is corrupt (${message})`);
  }
  if (code === 'ERR_ENCODING_INVALID_ENCODED_DATA') return new PortableScanError('the file is damaged: its text is not UTF-8');
  return error;
}
