// Feed files as streams of text: gzip is recognised by its magic bytes (1f 8b), never by
// the file name, and decompressed on the fly.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** Where a feed's bytes come from: a file path, or bytes in memory (tests, downloads). */
export type FeedInput = { path: string } | { name: string; bytes: Uint8Array };

export function inputName(input: FeedInput): string {
  return 'path' in input ? input.path : input.name;
}

/** The decoded text of the input, chunk by chunk (UTF-8, multi-byte characters kept whole). */
export async function* textChunks(input: FeedInput, signal?: AbortSignal): AsyncGenerator<string> {
  // The magic first: a stream opened before it would have no error listener while the
  // check awaits, and a missing file would then fail twice, once as an unhandled error.
  const gzipped = await isGzip(input);
  const raw = 'path' in input ? createReadStream(input.path, { highWaterMark: 1 << 20 }) : Readable.from([Buffer.from(input.bytes)]);
  const stream = gzipped ? raw.pipe(createGunzip()) : raw;
  if (gzipped) raw.on('error', (error: Error) => stream.destroy(error));
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream) {
      signal?.throwIfAborted();
      yield chunk as string;
    }
  } finally {
    raw.destroy();
    stream.destroy();
  }
}

/** The first `chars` characters of the decoded text (fewer when the input is shorter). */
export async function peekText(input: FeedInput, chars = 16 * 1024): Promise<string> {
  let text = '';
  for await (const chunk of textChunks(input)) {
    text += chunk;
    if (text.length >= chars) break;
  }
  return text.slice(0, chars);
}

/** Lines of the decoded text without their line ends. */
export async function* textLines(input: FeedInput, signal?: AbortSignal): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of textChunks(input, signal)) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

async function isGzip(input: FeedInput): Promise<boolean> {
  if (!('path' in input)) return input.bytes[0] === 0x1f && input.bytes[1] === 0x8b;
  const handle = await open(input.path, 'r');
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    return bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    await handle.close();
  }
}
